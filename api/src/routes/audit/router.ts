import { Readable } from 'node:stream';
import type { Router } from '@koa/router';
import { createRouter } from '../../http/router.ts';
import { AUDIT_ROLES } from '@boli/engine/accounts/staffRoles';
import {
  creditNoteSeriesStream,
  invoiceSeriesStream,
  type CreditNoteIssued,
  type InvoiceIssued,
} from '@boli/engine/billing/invoice.events';
import { paiseToRupees } from '@boli/engine/shared/money';
import {
  everyLedgerRow,
  findPurchase,
  paymentsLedger,
} from '@boli/projections/billing/purchases.queries';
import { requireAuth, requireRole } from '../../http/auth.ts';
import { success } from '../../http/envelope.ts';
import { ApiError, parseInput } from '../../http/errors.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { GatewayOrder, GatewayPayment } from '../../payments/gateway/port.ts';
import { paymentsOfPurchase, purchasesOfFinancialYear } from './auditQueries.ts';
import { compareWithGateway } from './gatewayCheck.ts';
import { askGateway, orNotFound } from './gatewayAnswers.ts';
import { reconcileWithGateway } from './reconcileWithGateway.ts';
import { checkInvoiceSeries, financialYearBounds } from './invoiceSeries.ts';
import { ledgerCsv, ledgerCsvName } from './ledgerCsv.ts';
import {
  comparisonInRupees,
  ledgerEntryOf,
  reconciliationInRupees,
  summaryInRupees,
  totalsInRupees,
} from './ledger.ts';
import { gatewayCheckQuery, ledgerQuery, reconciliationQuery, seriesQuery } from './schema.ts';
import { LIMITS } from '@boli/engine/shared/limits';
import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';

/**
 * The auditor's tools (ARCHITECTURE: "Auditors verify every payment and its tax against the
 * payment provider's records and the invoice series"):
 * - `GET /api/audit/payments?from&to&kind&page&failed=hide` — every payment in a period with its
 *   purchase's tax and invoice (of one kind of purchase, with `kind`; without the failed
 *   attempts, with `failed=hide`);
 * - `GET /api/audit/payments.csv?from&to&kind&failed=hide` — the same payments, all of them, as
 *   a spreadsheet to download;
 * - `GET /api/audit/invoices/check?financialYear=` — the year's invoice and credit-note series
 *   read from the event store, checked for gaps and repeats, every capture of the year checked
 *   for its invoice and every refunded invoice for its credit note;
 * - `GET /api/audit/gateway-check?purchaseId=` — our payments beside the provider's record;
 * - `GET /api/audit/gateway-reconciliation?from&to` — every payment of a period in our ledger
 *   beside every payment the provider made in it, with the differences.
 */
export function auditRouter(infra: Infrastructure): Router {
  const router = createRouter({ prefix: '/api/audit' });
  router.use(requireAuth(infra), requireRole(...AUDIT_ROLES));

  router.get('/payments', async (ctx) => {
    const { page, ...filter } = parseInput(ledgerQuery, ctx.query);
    const { from, to } = filter;
    const ledger = await paymentsLedger(infra.db, {
      ...filter,
      page,
      limit: LIMITS.ledgerPageSize,
    });
    ctx.body = success({
      from: from.toISOString(),
      to: to.toISOString(),
      page,
      total: ledger.total,
      totalPages: ledger.totalPages,
      summary: summaryInRupees(ledger.summary),
      payments: ledger.rows.map(ledgerEntryOf),
    });
  });

  router.get('/payments.csv', async (ctx) => {
    const { page: _everyPage, ...filter } = parseInput(ledgerQuery, ctx.query);
    ctx.attachment(ledgerCsvName(filter));
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = Readable.from(ledgerCsv(everyLedgerRow(infra.db, filter)));
  });

  router.get('/invoices/check', async (ctx) => {
    const { financialYear } = parseInput(seriesQuery(new Date()), ctx.query);
    const invoices = (await infra.store.readStream(invoiceSeriesStream(financialYear)))
      .filter((event) => event.type === 'InvoiceIssued')
      .map((event) => event.data as InvoiceIssued['data'])
      .map(({ sequence, invoiceNumber, purchaseId }) => ({ sequence, invoiceNumber, purchaseId }));
    const creditNotes = (await infra.store.readStream(creditNoteSeriesStream(financialYear)))
      .filter((event) => event.type === 'CreditNoteIssued')
      .map((event) => event.data as CreditNoteIssued['data'])
      .map(({ sequence, creditNoteNumber, purchaseId, invoiceNumber }) => ({
        sequence,
        creditNoteNumber,
        purchaseId,
        invoiceNumber,
      }));
    const purchases = await purchasesOfFinancialYear(
      infra.db,
      financialYear,
      financialYearBounds(financialYear),
      creditNotes.map((note) => note.purchaseId),
    );
    const check = checkInvoiceSeries({ financialYear, invoices, creditNotes, purchases });
    ctx.body = success({
      ...check,
      totals: totalsInRupees(check.totals),
      refunded: { count: check.refunded.count, ...totalsInRupees(check.refunded) },
      net: totalsInRupees(check.net),
      creditNotes: { ...check.creditNotes, totals: totalsInRupees(check.creditNotes.totals) },
    });
  });

  router.get('/gateway-check', async (ctx) => {
    const { purchaseId } = parseInput(gatewayCheckQuery, ctx.query);
    const purchase = await findPurchase(infra.db, purchaseId);
    if (purchase === undefined)
      throw new ApiError(404, BILLING_MESSAGES.purchaseNotFound, 'NOT_FOUND');
    const ours = await paymentsOfPurchase(infra.db, purchaseId);
    const orderIds = [
      ...new Set([
        ...(purchase.order_id === null ? [] : [purchase.order_id]),
        ...ours.map((payment) => payment.order_id),
      ]),
    ];
    const gatewayOrders = new Map<string, GatewayOrder | null>();
    const gatewayPayments: GatewayPayment[] = [];
    for (const orderId of orderIds) {
      const order = await orNotFound(infra.gateway.fetchOrder(orderId));
      gatewayOrders.set(orderId, order);
      if (order !== null) {
        gatewayPayments.push(...(await askGateway(infra.gateway.fetchOrderPayments(orderId))));
      }
    }
    const comparison = compareWithGateway({
      expectedAmount: purchase.total,
      orderIds,
      ours,
      gatewayOrders,
      gatewayPayments,
    });
    ctx.body = success({
      purchaseId,
      status: purchase.status,
      totalPriceAfterTax: paiseToRupees(purchase.total),
      invoiceNumber: purchase.invoice_number,
      ...comparisonInRupees(comparison),
    });
  });

  router.get('/gateway-reconciliation', async (ctx) => {
    const period = parseInput(reconciliationQuery, ctx.query);
    const reconciliation = await reconcileWithGateway(infra, period);
    ctx.body = success({
      from: period.from.toISOString(),
      to: period.to.toISOString(),
      ...reconciliationInRupees(reconciliation),
    });
  });

  return router;
}
