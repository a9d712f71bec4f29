import {
  ledgerQuery,
  type GatewayCheck,
  type Ledger,
  type LedgerView,
  type Reconciliation,
  type SeriesCheck,
} from '../model/audit.ts';

/** The calls the audit screen makes, given the logged-in client (useApi().request). */
type Request = <T>(
  path: string,
  options?: { query?: Record<string, string | number | undefined> },
) => Promise<T>;

export const fetchLedger = (request: Request, view: LedgerView): Promise<Ledger> =>
  request<Ledger>('/api/audit/payments', { query: ledgerQuery(view) });

export const fetchSeriesCheck = (request: Request, financialYear: string): Promise<SeriesCheck> =>
  request<SeriesCheck>('/api/audit/invoices/check', { query: { financialYear } });

export const fetchGatewayCheck = (request: Request, purchaseId: string): Promise<GatewayCheck> =>
  request<GatewayCheck>('/api/audit/gateway-check', { query: { purchaseId } });

/** Every payment of the period (whatever its kind or the search) beside the gateway's. */
export const fetchReconciliation = (
  request: Request,
  period: Pick<LedgerView, 'from' | 'to'>,
): Promise<Reconciliation> =>
  request<Reconciliation>('/api/audit/gateway-reconciliation', {
    query: { from: period.from || undefined, to: period.to || undefined },
  });
