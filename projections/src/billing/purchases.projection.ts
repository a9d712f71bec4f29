import type { Knex } from 'knex';
import type { RecordedEvent } from '@boli/engine/eventStore/eventStore';
import { defineProjection, type PhysicalTables } from '../runtime/projection.ts';
import {
  applyBillingEvents,
  BILLING_EVENT_TYPES,
  type BillingState,
  type CreditNoteRow,
  type InvoiceRow,
  type PurchasePaymentRow,
  type PurchaseRow,
  type Tracked,
} from './purchases.evolve.ts';
import {
  createCreditNotesTable,
  createInvoicesTable,
  creditNoteFromStored,
  createPurchasePaymentsTable,
  createPurchasesTable,
  invoiceFromStored,
  paymentFromStored,
  paymentToStored,
  positionFromStored,
  purchaseFromStored,
  purchaseToStored,
} from './purchases.table.ts';

type Tables = PhysicalTables<'purchases' | 'purchase_payments' | 'invoices' | 'credit_notes'>;

const purchaseIdOf = (event: RecordedEvent) => (event.data as { purchaseId: string }).purchaseId;
const paymentIdOf = (event: RecordedEvent) => (event.data as { paymentId?: string }).paymentId;

/**
 * The stored rows a batch touches: its purchases (with their invoices and credit notes) and its
 * payments.
 */
async function loadState(
  trx: Knex.Transaction,
  events: RecordedEvent[],
  tables: Tables,
): Promise<BillingState> {
  const purchaseIds = [...new Set(events.map(purchaseIdOf))];
  const paymentIds = [
    ...new Set(events.map(paymentIdOf).filter((id): id is string => id !== undefined)),
  ];
  // One after another: the queries share the transaction's one connection.
  const purchases = await trx(tables.purchases).select('*').whereIn('purchase_id', purchaseIds);
  const payments =
    paymentIds.length === 0
      ? []
      : await trx(tables.purchase_payments).select('*').whereIn('payment_id', paymentIds);
  const invoices = await trx(tables.invoices).select('*').whereIn('purchase_id', purchaseIds);
  const creditNotes = await trx(tables.credit_notes)
    .select('*')
    .whereIn('purchase_id', purchaseIds);
  return {
    purchases: new Map<string, Tracked<PurchaseRow>>(
      purchases.map((stored: Record<string, unknown>) => [
        stored.purchase_id as string,
        { row: purchaseFromStored(stored), position: positionFromStored(stored) },
      ]),
    ),
    payments: new Map<string, Tracked<PurchasePaymentRow>>(
      payments.map((stored: Record<string, unknown>) => [
        stored.payment_id as string,
        { row: paymentFromStored(stored), position: positionFromStored(stored) },
      ]),
    ),
    invoices: new Map<string, InvoiceRow>(
      invoices.map((stored: Record<string, unknown>) => {
        const invoice = invoiceFromStored(stored);
        return [invoice.invoice_number, invoice];
      }),
    ),
    creditNotes: new Map<string, CreditNoteRow>(
      creditNotes.map((stored: Record<string, unknown>) => {
        const creditNote = creditNoteFromStored(stored);
        return [creditNote.credit_note_number, creditNote];
      }),
    ),
  };
}

/**
 * Projection `purchases`: one row per purchase, one per payment id (the auditor's ledger), one
 * per tax invoice (`invoices`) and one per credit note (`credit_notes`), the documents kept here
 * because their events also complete their purchase's row, and both must move in one transaction. A batch loads the rows it touches, folds its events in
 * log order with `applyBillingEvents` and upserts each changed row once; an event at or below a
 * row's position was applied already, so replaying the log changes nothing.
 */
export const purchasesProjection = defineProjection({
  name: 'purchases',
  // 2: credit notes (`credit_notes`, the purchase's credit_note_number).
  version: 2,
  handles: BILLING_EVENT_TYPES,
  tables: {
    purchases: { create: createPurchasesTable },
    purchase_payments: { create: createPurchasePaymentsTable },
    invoices: { create: createInvoicesTable },
    credit_notes: { create: createCreditNotesTable },
  },
  async handleBatch(trx, events, tables) {
    const { state, changed } = applyBillingEvents(await loadState(trx, events, tables), events);
    const invoices = [...changed.invoices].map((number) => state.invoices.get(number)!);
    if (invoices.length > 0) {
      // Only a repeat of the same number is ignored; another number at a taken (year, sequence)
      // breaks the unique series index and stops the projection, as a broken series must.
      await trx(tables.invoices).insert(invoices).onConflict('invoice_number').ignore();
    }
    const creditNotes = [...changed.creditNotes].map((number) => state.creditNotes.get(number)!);
    if (creditNotes.length > 0) {
      // As invoices: a repeat is ignored, another number at a taken place stops the projection.
      await trx(tables.credit_notes).insert(creditNotes).onConflict('credit_note_number').ignore();
    }
    const purchases = [...changed.purchases].map((id) =>
      purchaseToStored(state.purchases.get(id)!),
    );
    if (purchases.length > 0) {
      await trx(tables.purchases).insert(purchases).onConflict('purchase_id').merge();
    }
    const payments = [...changed.payments].map((id) => paymentToStored(state.payments.get(id)!));
    if (payments.length > 0) {
      await trx(tables.purchase_payments).insert(payments).onConflict('payment_id').merge();
    }
  },
});
