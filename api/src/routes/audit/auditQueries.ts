import type { Knex } from 'knex';
import { PAYMENT_COLUMNS, paymentFromStored } from '@boli/projections/billing/purchases.table';
import type { PurchasePaymentRow } from '@boli/projections/billing/purchases.queries';
import type { YearPurchase } from './invoiceSeries.ts';

/*
 * The auditor's reads of the purchases read model that its own queries module does not offer
 * (yet): a purchase's payments, a period's, payments named by id, and the purchases a financial
 * year's series must cover. They read the logical views, like every query.
 */

/** Payments, oldest first. */
const payments = (db: Knex) =>
  db('purchase_payments')
    .select(PAYMENT_COLUMNS)
    .orderBy([
      { column: 'occurred_at', order: 'asc' },
      { column: 'payment_id', order: 'asc' },
    ]);

/** Every payment recorded for a purchase, oldest first. */
export async function paymentsOfPurchase(
  db: Knex,
  purchaseId: string,
): Promise<PurchasePaymentRow[]> {
  const stored: Record<string, unknown>[] = await payments(db).where({ purchase_id: purchaseId });
  return stored.map(paymentFromStored);
}

/**
 * The payments whose capture or failure fell in [from, to), as the ledger holds them, oldest
 * first: at most `atMost`, and whether there are more.
 */
export async function paymentsOfPeriod(
  db: Knex,
  period: { from: Date; to: Date },
  atMost: number,
): Promise<{ payments: PurchasePaymentRow[]; more: boolean }> {
  const stored: Record<string, unknown>[] = await payments(db)
    .where('occurred_at', '>=', period.from)
    .where('occurred_at', '<', period.to)
    .limit(atMost + 1);
  return { payments: stored.slice(0, atMost).map(paymentFromStored), more: stored.length > atMost };
}

/** The payments recorded under these gateway ids (those Boli has), oldest first. */
export async function paymentsWithIds(
  db: Knex,
  paymentIds: readonly string[],
): Promise<PurchasePaymentRow[]> {
  if (paymentIds.length === 0) return [];
  const stored: Record<string, unknown>[] = await payments(db).whereIn('payment_id', [
    ...paymentIds,
  ]);
  return stored.map(paymentFromStored);
}

/** Boli's purchases by the gateway orders made for them, of those named (order → purchase). */
export async function purchasesOfOrders(
  db: Knex,
  orderIds: readonly string[],
): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const stored: { order_id: string; purchase_id: string }[] = await db('purchases')
    .select('order_id', 'purchase_id')
    .whereIn('order_id', [...orderIds])
    .union((other) =>
      other
        .select('order_id', 'purchase_id')
        .from('purchase_payments')
        .whereIn('order_id', [...orderIds]),
    );
  return new Map(stored.map((row) => [row.order_id, row.purchase_id]));
}

/**
 * The purchases a financial year's series must account for: those invoiced in it, those whose
 * payment was captured within [from, to), and `credited` (those its credit notes reversed).
 */
export async function purchasesOfFinancialYear(
  db: Knex,
  financialYear: string,
  bounds: { from: Date; to: Date },
  credited: readonly string[] = [],
): Promise<YearPurchase[]> {
  const stored: Record<string, unknown>[] = await db('purchases')
    .select(
      'purchase_id',
      'captured_at',
      'refunded_at',
      'credit_note_number',
      'price',
      'cgst',
      'sgst',
      'igst',
      'total',
    )
    .where({ financial_year: financialYear })
    .orWhere((q) =>
      q
        .whereNotNull('captured_payment_id')
        .where('captured_at', '>=', bounds.from)
        .where('captured_at', '<', bounds.to),
    )
    .orWhereIn('purchase_id', [...credited]);
  return stored.map((row) => ({
    purchaseId: row.purchase_id as string,
    capturedAt: row.captured_at === null ? null : new Date(row.captured_at as string).toISOString(),
    refunded: row.refunded_at !== null,
    creditNoteNumber: (row.credit_note_number as string | null) ?? null,
    price: Number(row.price),
    cgst: Number(row.cgst),
    sgst: Number(row.sgst),
    igst: Number(row.igst),
    total: Number(row.total),
  }));
}
