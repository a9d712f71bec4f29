import type { Knex } from 'knex';
import type { GlobalPosition } from '@boli/engine/eventStore/eventStore';
import type {
  CreditNoteRow,
  InvoiceRow,
  PurchasePaymentRow,
  PurchaseRow,
  Tracked,
} from './purchases.evolve.ts';

/*
 * The purchases read model's four tables and the conversions between their rows and the pure
 * row types. Money columns are bigint paise; `updated_position_*` is the global position of the
 * last event a row took (the replay guard).
 */

const ATTENTION_STATUSES = `('created', 'ordered', 'failed', 'captured', 'refundPending')`;

const index = (trx: Knex.Transaction, table: string, suffix: string, definition: string) =>
  trx.raw(`CREATE INDEX ?? ON ?? ${definition}`, [`${table}_${suffix}`, table]);

const position = (t: Knex.CreateTableBuilder) => {
  t.bigInteger('updated_position_commit').notNullable();
  t.bigInteger('updated_position_prepare').notNullable();
};

export async function createPurchasesTable(trx: Knex.Transaction, table: string): Promise<void> {
  await trx.schema.createTable(table, (t) => {
    t.text('purchase_id').primary();
    t.text('user_id').notNullable();
    t.text('kind').notNullable();
    t.text('product_key').notNullable();
    t.text('name').notNullable();
    t.text('status').notNullable();
    for (const column of ['subject', 'lines', 'buyer', 'supplier']) t.jsonb(column).notNullable();
    for (const column of ['price', 'cgst', 'sgst', 'igst', 'total']) {
      t.bigInteger(column).notNullable();
    }
    for (const column of ['cgst_basis_points', 'sgst_basis_points', 'igst_basis_points']) {
      t.integer(column).notNullable();
    }
    t.text('order_id');
    t.text('captured_payment_id');
    t.bigInteger('captured_amount');
    t.text('captured_method');
    t.timestamp('captured_at', { useTz: true });
    t.jsonb('fulfilment');
    t.timestamp('fulfilled_at', { useTz: true });
    t.text('refund_reason');
    t.text('refund_message');
    t.timestamp('refund_requested_at', { useTz: true });
    t.text('refund_id');
    t.bigInteger('refund_amount');
    t.timestamp('refunded_at', { useTz: true });
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('expired_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.text('invoice_number');
    t.timestamp('invoice_issued_at', { useTz: true });
    t.text('financial_year');
    t.text('credit_note_number');
    t.timestamp('credit_note_issued_at', { useTz: true });
    position(t);
  });
  // The provider's order id names one purchase; webhooks and the reconciler look it up.
  await trx.raw('CREATE UNIQUE INDEX ?? ON ?? (order_id) WHERE order_id IS NOT NULL', [
    `${table}_order_id_key`,
    table,
  ]);
  // A member's purchases, newest first, all kinds or one.
  await index(trx, table, 'user_idx', '(user_id, created_at DESC, purchase_id)');
  await index(trx, table, 'user_kind_idx', '(user_id, kind, created_at DESC, purchase_id)');
  // What the reconciler must look at: unsettled purchases, and paid ones not yet invoiced.
  await index(
    trx,
    table,
    'attention_idx',
    `(status, created_at) WHERE status IN ${ATTENTION_STATUSES}`,
  );
  await index(
    trx,
    table,
    'not_invoiced_idx',
    '(created_at) WHERE captured_payment_id IS NOT NULL AND invoice_number IS NULL',
  );
  // Invoices whose payment was refunded, still to be reversed by a credit note.
  await index(
    trx,
    table,
    'not_credited_idx',
    '(created_at) WHERE refund_id IS NOT NULL AND invoice_number IS NOT NULL AND credit_note_number IS NULL',
  );
}

export async function createPurchasePaymentsTable(
  trx: Knex.Transaction,
  table: string,
): Promise<void> {
  await trx.schema.createTable(table, (t) => {
    t.text('payment_id').primary();
    t.text('purchase_id').notNullable().index(`${table}_purchase_idx`);
    t.text('order_id').notNullable().index(`${table}_order_idx`);
    t.bigInteger('amount');
    t.text('method');
    t.text('status').notNullable();
    t.boolean('duplicate').notNullable();
    t.text('source').notNullable();
    t.timestamp('captured_at', { useTz: true });
    t.timestamp('failed_at', { useTz: true });
    t.timestamp('occurred_at', { useTz: true }).notNullable();
    t.text('error_code');
    t.text('error_description');
    t.text('refund_reason');
    t.timestamp('refund_requested_at', { useTz: true });
    t.text('refund_id');
    t.bigInteger('refund_amount');
    t.timestamp('refunded_at', { useTz: true });
    position(t);
  });
  await trx.raw(
    `ALTER TABLE ?? ADD CONSTRAINT ?? CHECK (status IN ('captured', 'failed', 'refunded'))`,
    [table, `${table}_status_check`],
  );
  // The auditor's ledger: payments in a period, in time order.
  await index(trx, table, 'ledger_idx', '(occurred_at, payment_id)');
  // Duplicate payments still to give back.
  await index(
    trx,
    table,
    'held_duplicates_idx',
    "(purchase_id) WHERE duplicate AND status = 'captured'",
  );
}

export async function createInvoicesTable(trx: Knex.Transaction, table: string): Promise<void> {
  await trx.schema.createTable(table, (t) => {
    t.text('invoice_number').primary();
    t.text('financial_year').notNullable();
    t.integer('sequence').notNullable();
    t.text('purchase_id').notNullable().index(`${table}_purchase_idx`);
    t.timestamp('issued_at', { useTz: true }).notNullable();
    // A second invoice number for a taken place in the series is a broken series: fail loudly.
    t.unique(['financial_year', 'sequence'], { indexName: `${table}_series_key` });
  });
}

export async function createCreditNotesTable(trx: Knex.Transaction, table: string): Promise<void> {
  await trx.schema.createTable(table, (t) => {
    t.text('credit_note_number').primary();
    t.text('financial_year').notNullable();
    t.integer('sequence').notNullable();
    t.text('purchase_id').notNullable().index(`${table}_purchase_idx`);
    t.text('invoice_number').notNullable();
    t.text('payment_id').notNullable();
    t.text('refund_id').notNullable();
    t.bigInteger('amount').notNullable();
    t.timestamp('issued_at', { useTz: true }).notNullable();
    t.unique(['financial_year', 'sequence'], { indexName: `${table}_series_key` });
  });
}

// ---------------------------------------------------------------------------------------------
// Stored rows ↔ row types

type Stored = Record<string, unknown>;

const iso = (value: unknown): string => new Date(value as string | Date).toISOString();
const isoOrNull = (value: unknown): string | null => (value === null ? null : iso(value));
const num = (value: unknown): number => Number(value);
const numOrNull = (value: unknown): number | null => (value === null ? null : Number(value));
const json = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

const PURCHASE_INSTANTS = [
  'captured_at',
  'fulfilled_at',
  'refund_requested_at',
  'refunded_at',
  'expired_at',
  'invoice_issued_at',
  'credit_note_issued_at',
] as const;
const PURCHASE_MONEY = ['price', 'cgst', 'sgst', 'igst', 'total'] as const;
const PURCHASE_RATES = ['cgst_basis_points', 'sgst_basis_points', 'igst_basis_points'] as const;

export const PURCHASE_COLUMNS = [
  'purchase_id',
  'user_id',
  'kind',
  'product_key',
  'name',
  'status',
  'subject',
  'lines',
  'buyer',
  'supplier',
  ...PURCHASE_MONEY,
  ...PURCHASE_RATES,
  'order_id',
  'captured_payment_id',
  'captured_amount',
  'captured_method',
  'fulfilment',
  'refund_reason',
  'refund_message',
  'refund_id',
  'refund_amount',
  'expires_at',
  'created_at',
  'invoice_number',
  'financial_year',
  'credit_note_number',
  ...PURCHASE_INSTANTS,
] as const satisfies readonly (keyof PurchaseRow)[];

/** A row selected with `PURCHASE_COLUMNS` → `PurchaseRow`. */
export function purchaseFromStored(stored: Stored): PurchaseRow {
  const row: Stored = {};
  for (const column of PURCHASE_COLUMNS) row[column] = stored[column];
  for (const column of PURCHASE_MONEY) row[column] = num(stored[column]);
  for (const column of PURCHASE_RATES) row[column] = num(stored[column]);
  for (const column of PURCHASE_INSTANTS) row[column] = isoOrNull(stored[column]);
  for (const column of ['subject', 'lines', 'buyer', 'supplier', 'fulfilment'] as const) {
    row[column] = stored[column] === null ? null : json(stored[column]);
  }
  row.captured_amount = numOrNull(stored.captured_amount);
  row.refund_amount = numOrNull(stored.refund_amount);
  row.expires_at = iso(stored.expires_at);
  row.created_at = iso(stored.created_at);
  return row as PurchaseRow;
}

const PAYMENT_INSTANTS = [
  'captured_at',
  'failed_at',
  'refund_requested_at',
  'refunded_at',
] as const;

export const PAYMENT_COLUMNS = [
  'payment_id',
  'purchase_id',
  'order_id',
  'amount',
  'method',
  'status',
  'duplicate',
  'source',
  'occurred_at',
  'error_code',
  'error_description',
  'refund_reason',
  'refund_id',
  'refund_amount',
  ...PAYMENT_INSTANTS,
] as const satisfies readonly (keyof PurchasePaymentRow)[];

export function paymentFromStored(stored: Stored): PurchasePaymentRow {
  const row: Stored = {};
  for (const column of PAYMENT_COLUMNS) row[column] = stored[column];
  for (const column of PAYMENT_INSTANTS) row[column] = isoOrNull(stored[column]);
  row.amount = numOrNull(stored.amount);
  row.refund_amount = numOrNull(stored.refund_amount);
  row.occurred_at = iso(stored.occurred_at);
  return row as PurchasePaymentRow;
}

export const invoiceFromStored = (stored: Stored): InvoiceRow => ({
  invoice_number: stored.invoice_number as string,
  financial_year: stored.financial_year as string,
  sequence: num(stored.sequence),
  purchase_id: stored.purchase_id as string,
  issued_at: iso(stored.issued_at),
});

export const creditNoteFromStored = (stored: Stored): CreditNoteRow => ({
  credit_note_number: stored.credit_note_number as string,
  financial_year: stored.financial_year as string,
  sequence: num(stored.sequence),
  purchase_id: stored.purchase_id as string,
  invoice_number: stored.invoice_number as string,
  payment_id: stored.payment_id as string,
  refund_id: stored.refund_id as string,
  amount: num(stored.amount),
  issued_at: iso(stored.issued_at),
});

export const positionFromStored = (stored: Stored): GlobalPosition => ({
  commit: BigInt(stored.updated_position_commit as string),
  prepare: BigInt(stored.updated_position_prepare as string),
});

const positionColumns = ({ position }: Tracked<unknown>) => ({
  updated_position_commit: position.commit.toString(),
  updated_position_prepare: position.prepare.toString(),
});

/** `Tracked<PurchaseRow>` → the values to write (jsonb columns as JSON text). */
export const purchaseToStored = (tracked: Tracked<PurchaseRow>): Stored => ({
  ...tracked.row,
  subject: JSON.stringify(tracked.row.subject),
  lines: JSON.stringify(tracked.row.lines),
  buyer: JSON.stringify(tracked.row.buyer),
  supplier: JSON.stringify(tracked.row.supplier),
  fulfilment: tracked.row.fulfilment === null ? null : JSON.stringify(tracked.row.fulfilment),
  ...positionColumns(tracked),
});

export const paymentToStored = (tracked: Tracked<PurchasePaymentRow>): Stored => ({
  ...tracked.row,
  ...positionColumns(tracked),
});
