import { ApiError } from '../../../app/api/client.ts';
import type { GatewayCheck, Ledger, SeriesCheck } from '../model/audit.ts';

/** The calls the audit screen makes, given the logged-in client (useApi().request). */
type Request = <T>(
  path: string,
  options?: { query?: Record<string, string | number | undefined> },
) => Promise<T>;

export const fetchLedger = (
  request: Request,
  period: { from: string; to: string; page: number },
): Promise<Ledger> => request<Ledger>('/api/audit/payments', { query: period });

export const fetchSeriesCheck = (request: Request, financialYear: string): Promise<SeriesCheck> =>
  request<SeriesCheck>('/api/audit/invoices/check', { query: { financialYear } });

export const fetchGatewayCheck = (request: Request, purchaseId: string): Promise<GatewayCheck> =>
  request<GatewayCheck>('/api/audit/gateway-check', { query: { purchaseId } });

/**
 * Downloads an invoice PDF as the auditor (the api wants the Bearer token, which a plain link
 * cannot send); an expired token is refreshed once.
 */
export async function downloadInvoice(
  url: string,
  fileName: string,
  session: { token: string | null; refresh(): Promise<string> },
): Promise<void> {
  const get = (token: string | null) =>
    fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  let response = await get(session.token);
  if (response.status === 401 || response.status === 403) {
    response = await get(await session.refresh());
  }
  if (!response.ok) throw new ApiError(response.status, '');
  const href = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
