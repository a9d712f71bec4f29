import type { Knex } from 'knex';
import { PAYMENT_COLUMNS, paymentFromStored } from '@boli/projections/billing/purchases.table';
import type { PurchasePaymentRow } from '@boli/projections/billing/purchases.queries';
import type { YearPurchase } from './invoiceSeries.ts';

/*
 * The auditor's two reads of the purchases read model that its own queries module does not
 * offer (yet): a purchase's payments, and the purchases a financial year's series must cover.
 * They read the logical views, like every query.
 */

/** Every payment recorded for a purchase, oldest first. */
export async function paymentsOfPurchase(
  db: Knex,
  purchaseId: string,
): Promise<PurchasePaymentRow[]> {
  const stored: Record<string, unknown>[] = await db('purchase_payments')
    .select(PAYMENT_COLUMNS)
    .where({ purchase_id: purchaseId })
    .orderBy([
      { column: 'occurred_at', order: 'asc' },
      { column: 'payment_id', order: 'asc' },
    ]);
  return stored.map(paymentFromStored);
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
