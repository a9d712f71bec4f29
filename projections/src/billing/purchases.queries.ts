import type { Knex } from 'knex';
import { adSpaceKeyOfSubject } from '@boli/engine/billing/adSpaceBought.rules';
import { feeBidKeyOfSubject } from '@boli/engine/billing/feeBid.rules';
import type { LineProductKey, PurchaseKind } from '@boli/engine/billing/products';
import type {
  CreditNoteRow,
  InvoiceRow,
  PurchasePaymentRow,
  PurchaseRow,
} from './purchases.evolve.ts';
import {
  creditNoteFromStored,
  invoiceFromStored,
  PAYMENT_COLUMNS,
  paymentFromStored,
  PURCHASE_COLUMNS,
  purchaseFromStored,
} from './purchases.table.ts';
import { containing } from '../runtime/likePattern.ts';

/*
 * Reads of the purchases read model. Readers query the logical views `purchases`,
 * `purchase_payments`, `invoices` and `credit_notes`; the projection runtime points them at the live build.
 * Every amount is integer paise (the api converts to rupees at its edge).
 */

export type { CreditNoteRow, InvoiceRow, PurchasePaymentRow, PurchaseRow };

const PURCHASES = 'purchases';
const PAYMENTS = 'purchase_payments';
const INVOICES = 'invoices';
const CREDIT_NOTES = 'credit_notes';

const purchaseColumns = (alias = PURCHASES) => PURCHASE_COLUMNS.map((c) => `${alias}.${c}`);

export async function findPurchase(db: Knex, purchaseId: string): Promise<PurchaseRow | undefined> {
  const stored = await db(PURCHASES)
    .select(PURCHASE_COLUMNS)
    .where({ purchase_id: purchaseId })
    .first();
  return stored === undefined ? undefined : purchaseFromStored(stored);
}

/**
 * The purchase a provider order belongs to (webhooks and the reconciler know only the order). The
 * decider lets a purchase have one order, so the order id names one purchase (unique index).
 */
export async function findPurchaseByOrderId(
  db: Knex,
  orderId: string,
): Promise<PurchaseRow | undefined> {
  const stored = await db(PURCHASES).select(PURCHASE_COLUMNS).where({ order_id: orderId }).first();
  return stored === undefined ? undefined : purchaseFromStored(stored);
}

/** How many of a member's open purchases of a product a checkout looks through for one to reuse. */
const OPEN_PURCHASES_LOOKED_AT = 10;

/**
 * The ids of a member's purchases of one product at one total (paise) still open for payment —
 * an order opened, unpaid, not expired before `openUntil` — newest first: the checkout offers one
 * again rather than a second purchase of the same thing. The read model may lag; the caller
 * confirms from the stream.
 */
export async function openPurchaseIds(
  db: Knex,
  input: { userId: string; productKey: LineProductKey; total: number; openUntil: Date },
): Promise<string[]> {
  const rows: { purchase_id: string }[] = await db(PURCHASES)
    .select('purchase_id')
    .where({ user_id: input.userId, product_key: input.productKey, total: input.total })
    .whereIn('status', ['ordered', 'failed'])
    .whereNotNull('order_id')
    .where('expires_at', '>', input.openUntil)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'purchase_id', order: 'desc' },
    ])
    .limit(OPEN_PURCHASES_LOOKED_AT);
  return rows.map((row) => row.purchase_id);
}

export type Paged<Row> = {
  readonly rows: Row[];
  readonly total: number;
  readonly totalPages: number;
};

type PageOptions = { readonly page: number; readonly limit: number };

const pageOf = ({ page, limit }: PageOptions) => {
  const size = Math.max(1, Math.trunc(limit));
  return { size, offset: Math.max(0, Math.trunc(page)) * size };
};

/**
 * A member's purchases, newest first (then by id, so pages never overlap); `page` zero-based.
 * `kinds` keeps only those kinds; absent or empty: all. `adId` keeps only the fees paid on that
 * ad (a bid fee's ad).
 */
export async function listPurchases(
  db: Knex,
  userId: string,
  options: PageOptions & { readonly kinds?: readonly PurchaseKind[]; readonly adId?: string },
): Promise<Paged<PurchaseRow>> {
  const { size, offset } = pageOf(options);
  const base = () => {
    const query = db(PURCHASES).where({ user_id: userId });
    if (options.kinds?.length) query.whereIn('kind', options.kinds);
    if (options.adId !== undefined) query.whereRaw(`subject->>'adId' = ?`, [options.adId]);
    return query;
  };
  const [counted] = await base().count<{ n: string }[]>({ n: '*' });
  const stored = await base()
    .select(PURCHASE_COLUMNS)
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'purchase_id', order: 'asc' },
    ])
    .limit(size)
    .offset(offset);
  const total = Number(counted?.n ?? 0);
  return { rows: stored.map(purchaseFromStored), total, totalPages: Math.ceil(total / size) };
}

/** The bids (`feeBidKeyOfSubject`) the member's paid bid fees placed on these ads. */
export async function bidsPlacedByFees(
  db: Knex,
  userId: string,
  adIds: readonly string[],
): Promise<ReadonlySet<string>> {
  if (adIds.length === 0) return new Set();
  const rows = (await db(PURCHASES)
    .select('subject')
    .where({ user_id: userId, kind: 'bidFee', status: 'fulfilled' })
    .whereRaw(`subject->>'adId' = ANY(?)`, [[...new Set(adIds)]])) as {
    subject: PurchaseRow['subject'];
  }[];
  return new Set(
    rows.flatMap(({ subject }) => (subject.kind === 'bidFee' ? [feeBidKeyOfSubject(subject)] : [])),
  );
}

/** A member's subscription that was paid and activated. */
export type ActiveSubscription = {
  readonly purchaseId: string;
  readonly planId: string;
  readonly name: string;
  /** ISO-8601: when the purchase was fulfilled. */
  readonly startDate: string;
};

/**
 * The member's activated subscriptions, earliest first. A refunded one is no longer active (its
 * status left `fulfilled`).
 */
export async function activeSubscriptions(db: Knex, userId: string): Promise<ActiveSubscription[]> {
  const stored = await db(PURCHASES)
    .select(PURCHASE_COLUMNS)
    .where({ user_id: userId, kind: 'subscription', status: 'fulfilled' })
    .orderBy([
      { column: 'fulfilled_at', order: 'asc' },
      { column: 'purchase_id', order: 'asc' },
    ]);
  return stored.map(purchaseFromStored).map((row) => ({
    purchaseId: row.purchase_id,
    planId: row.subject.kind === 'subscription' ? row.subject.planId : '',
    name: row.name,
    startDate: row.fulfilled_at!,
  }));
}

/**
 * Why the reconciler must look at a purchase:
 * - `notInvoiced`: money captured, no tax invoice yet;
 * - `notCredited`: the invoiced payment was refunded, no credit note yet;
 * - `notFulfilled`: money captured, not delivered, no refund asked for;
 * - `refundPending`: a refund of the main payment was asked for and has not been confirmed;
 * - `duplicateNotRefunded`: a duplicate payment (see `paymentId`) still held;
 * - `paymentPending`: created/ordered/failed since before `pendingOlderThan` (ask the provider);
 * - `expiryDue`: created/ordered/failed and past its expiry at `now` (ask, then expire).
 */
export const ATTENTION_REASONS = [
  'notInvoiced',
  'notCredited',
  'notFulfilled',
  'refundPending',
  'duplicateNotRefunded',
  'paymentPending',
  'expiryDue',
] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

export type AttentionRow = PurchaseRow & {
  readonly reason: AttentionReason;
  /** The payment concerned: the duplicate for `duplicateNotRefunded`, else the main payment. */
  readonly paymentId: string | null;
};

const UNPAID = ['created', 'ordered', 'failed'] as const;

/**
 * Purchases needing the reconciler, oldest first within each reason. At most `limit` rows per
 * reason, so a pile of one kind (say invoices failing) never starves the others. A purchase may
 * appear once per reason that applies to it.
 */
export async function purchasesNeedingAttention(
  db: Knex,
  options: { readonly now: Date; readonly pendingOlderThan: Date; readonly limit: number },
): Promise<AttentionRow[]> {
  const limit = Math.max(1, Math.trunc(options.limit));
  const oldestFirst = (query: Knex.QueryBuilder) =>
    query
      .orderBy([
        { column: `${PURCHASES}.created_at`, order: 'asc' },
        { column: `${PURCHASES}.purchase_id`, order: 'asc' },
      ])
      .limit(limit);
  const purchases = (where: (query: Knex.QueryBuilder) => Knex.QueryBuilder) =>
    oldestFirst(where(db(PURCHASES).select(purchaseColumns())));
  const tagged =
    (reason: AttentionReason, paymentId?: (row: PurchaseRow) => string | null) =>
    (stored: Record<string, unknown>[]): AttentionRow[] =>
      stored.map((raw) => {
        const row = purchaseFromStored(raw);
        return {
          ...row,
          reason,
          paymentId: paymentId ? paymentId(row) : row.captured_payment_id,
        };
      });

  const notInvoiced = await purchases((q) =>
    q.whereNotNull('captured_payment_id').whereNull('invoice_number'),
  );
  const notCredited = await purchases((q) =>
    q.whereNotNull('refund_id').whereNotNull('invoice_number').whereNull('credit_note_number'),
  );
  const notFulfilled = await purchases((q) => q.where({ status: 'captured' }));
  const refundPending = await purchases((q) => q.where({ status: 'refundPending' }));
  const duplicates: Record<string, unknown>[] = await oldestFirst(
    db(PAYMENTS)
      .select([...purchaseColumns(), `${PAYMENTS}.payment_id AS duplicate_payment_id`])
      .join(PURCHASES, `${PURCHASES}.purchase_id`, `${PAYMENTS}.purchase_id`)
      .where({ [`${PAYMENTS}.duplicate`]: true, [`${PAYMENTS}.status`]: 'captured' }),
  );
  const unpaid = (reason: 'paymentPending' | 'expiryDue') =>
    purchases((q) =>
      q
        .whereIn('status', UNPAID)
        .where((w) =>
          reason === 'expiryDue'
            ? w.where('expires_at', '<=', options.now)
            : w
                .where('expires_at', '>', options.now)
                .where('created_at', '<', options.pendingOlderThan),
        ),
    );
  const pending = await unpaid('paymentPending');
  const expiring = await unpaid('expiryDue');

  return [
    ...tagged('notInvoiced')(notInvoiced),
    ...tagged('notCredited')(notCredited),
    ...tagged('notFulfilled')(notFulfilled),
    ...tagged('refundPending')(refundPending),
    ...duplicates.map((raw) => ({
      ...purchaseFromStored(raw),
      reason: 'duplicateNotRefunded' as const,
      paymentId: raw.duplicate_payment_id as string,
    })),
    ...tagged('paymentPending', () => null)(pending),
    ...tagged('expiryDue', () => null)(expiring),
  ];
}

/** One payment as an auditor checks it: the money, and the purchase's tax and invoice. */
export type LedgerRow = PurchasePaymentRow &
  Pick<
    PurchaseRow,
    | 'user_id'
    | 'kind'
    | 'product_key'
    | 'name'
    | 'price'
    | 'cgst'
    | 'sgst'
    | 'igst'
    | 'total'
    | 'cgst_basis_points'
    | 'sgst_basis_points'
    | 'igst_basis_points'
    | 'invoice_number'
    | 'invoice_issued_at'
    | 'financial_year'
    | 'credit_note_number'
  > & {
    readonly buyer_name: string;
    /** Place of supply ('' when the profile had no state: taxed as intra-state). */
    readonly buyer_state: string;
    readonly supplier_gstin: string;
    readonly supplier_state: string;
    /** A bid fee's ad and its name when the fee was bought; null for other purchases. */
    readonly item_ad_id: string | null;
    readonly item_name: string | null;
  };

const LEDGER_PURCHASE_COLUMNS = [
  'user_id',
  'kind',
  'product_key',
  'name',
  'price',
  'cgst',
  'sgst',
  'igst',
  'total',
  'cgst_basis_points',
  'sgst_basis_points',
  'igst_basis_points',
  'invoice_number',
  'invoice_issued_at',
  'financial_year',
  'credit_note_number',
] as const;

/** Sums in paise. */
export type LedgerMoney = {
  readonly price: number;
  readonly cgst: number;
  readonly sgst: number;
  readonly igst: number;
  readonly total: number;
};

/** Documents (invoices or credit notes) and the money they state, paise. */
export type LedgerDocuments = LedgerMoney & { readonly count: number };

/**
 * What the payments of a period add up to (paise): the money received (captures, duplicates
 * included), what of it went back, the attempts that moved nothing, the tax invoiced on the
 * payments that paid, and the credit notes issued in the period (each reverses an invoice whole).
 */
export type LedgerSummary = {
  readonly received: { readonly count: number; readonly amount: number };
  readonly refunded: { readonly count: number; readonly amount: number };
  readonly failed: { readonly count: number };
  readonly invoiced: LedgerDocuments;
  readonly credited: LedgerDocuments;
  /**
   * The tax invoiced and credited by place of supply, for a GST return's state-wise summary; by
   * name. A place credited in the period but invoiced before it is here too, with none invoiced.
   */
  readonly invoicedByPlace: readonly (LedgerDocuments & {
    readonly place: string;
    readonly credited: LedgerDocuments;
  })[];
};

/** The payment row that paid its purchase: the one its invoice was issued for. */
const PAYING = `${PAYMENTS}.payment_id = ${PURCHASES}.captured_payment_id AND ${PURCHASES}.invoice_number IS NOT NULL`;

const MONEY_COLUMNS = ['price', 'cgst', 'sgst', 'igst', 'total'] as const;

/** Where a purchase was supplied, as its invoice says: the buyer's state, else the supplier's. */
const PLACE_OF_SUPPLY_SQL = `coalesce(nullif(btrim(${PURCHASES}.buyer->>'state'), ''), ${PURCHASES}.supplier->>'state')`;

const LEDGER_SUMMARY_SQL = `count(*) FILTER (WHERE ${PAYMENTS}.status <> 'failed') AS received_count,
  coalesce(sum(${PAYMENTS}.amount) FILTER (WHERE ${PAYMENTS}.status <> 'failed'), 0) AS received,
  count(*) FILTER (WHERE ${PAYMENTS}.status = 'refunded') AS refunded_count,
  coalesce(sum(${PAYMENTS}.refund_amount) FILTER (WHERE ${PAYMENTS}.status = 'refunded'), 0) AS refunded,
  count(*) FILTER (WHERE ${PAYMENTS}.status = 'failed') AS failed_count`;

const BY_PLACE_SQL = `${PLACE_OF_SUPPLY_SQL} AS place, count(*) AS count,
  ${MONEY_COLUMNS.map((c) => `sum(${PURCHASES}.${c}) AS ${c}`).join(', ')}`;

/**
 * Which payments the auditor's ledger holds: those whose capture or failure fell in [from, to);
 * only one kind of purchase's, with `kind`; only those `search` finds (see `matching`); without
 * the failed attempts, with `withoutFailed` (the summary still counts them).
 */
export type LedgerFilter = {
  readonly from: Date;
  readonly to: Date;
  readonly kind?: PurchaseKind;
  readonly search?: string;
  readonly withoutFailed?: boolean;
};

/**
 * The payments whose id, refund id, order id, purchase id, buyer (name, username, email or user id),
 * place of supply (a state's name),
 * purchase's invoice or credit-note number, name ('Ad slot: Side panels, 10-05-2026'), bid fee's
 * ad (its id or name) or won slot's bid id contains `search` (a date in either of its two
 * forms),
 * whatever the case: what an auditor has in hand when a
 * document, a bank line or a buyer's complaint is to be traced. A purchase's failed attempts are
 * found by its invoice number too.
 */
const matching = (query: Knex.QueryBuilder, search: string) => {
  const pattern = containing(search);
  // A slot's day in the other way of writing it: purchases named before DD-MM-YYYY say YYYY-MM-DD.
  const otherDate = otherDateForm(search.trim());
  return query.where((found) => {
    if (otherDate !== null) found.orWhereILike(`${PURCHASES}.name`, containing(otherDate));
    return found
      .orWhereILike(`${PAYMENTS}.payment_id`, pattern)
      .orWhereILike(`${PAYMENTS}.refund_id`, pattern)
      .orWhereILike(`${PAYMENTS}.order_id`, pattern)
      .orWhereILike(`${PURCHASES}.purchase_id`, pattern)
      .orWhereILike(`${PURCHASES}.invoice_number`, pattern)
      .orWhereILike(`${PURCHASES}.credit_note_number`, pattern)
      .orWhereILike(`${PURCHASES}.user_id`, pattern)
      .orWhereRaw(`${PURCHASES}.buyer->>'name' ILIKE ?`, [pattern])
      .orWhereRaw(`${PURCHASES}.buyer->>'username' ILIKE ?`, [pattern])
      .orWhereRaw(`${PURCHASES}.buyer->>'email' ILIKE ?`, [pattern])
      .orWhereRaw(`${PLACE_OF_SUPPLY_SQL} ILIKE ?`, [pattern])
      .orWhereRaw(`${PURCHASES}.subject->>'adId' ILIKE ?`, [pattern])
      .orWhereRaw(`${PURCHASES}.subject->>'itemName' ILIKE ?`, [pattern])
      .orWhereILike(`${PURCHASES}.name`, pattern)
      .orWhereRaw(`${PURCHASES}.subject->>'bidId' ILIKE ?`, [pattern]);
  });
};

/** '10-05-2026' ↔ '2026-05-10'; null for anything that is not a date written either way. */
export function otherDateForm(text: string): string | null {
  const dayFirst = /^(\d\d)-(\d\d)-(\d{4})$/.exec(text);
  if (dayFirst) return `${dayFirst[3]}-${dayFirst[2]}-${dayFirst[1]}`;
  const yearFirst = /^(\d{4})-(\d\d)-(\d\d)$/.exec(text);
  return yearFirst ? `${yearFirst[3]}-${yearFirst[2]}-${yearFirst[1]}` : null;
}

/** The payments of the period, kind and search, failed attempts included, with their purchases. */
const ledgerPeriod = (db: Knex, filter: LedgerFilter) => {
  const query = db(PAYMENTS)
    .join(PURCHASES, `${PURCHASES}.purchase_id`, `${PAYMENTS}.purchase_id`)
    .where(`${PAYMENTS}.occurred_at`, '>=', filter.from)
    .where(`${PAYMENTS}.occurred_at`, '<', filter.to);
  if (filter.kind) query.where(`${PURCHASES}.kind`, filter.kind);
  return filter.search ? matching(query, filter.search) : query;
};

/**
 * The credit notes issued in [from, to) that the kind and search hold, with the purchases they
 * reversed and the payments they refunded (which the search also looks at).
 */
const creditNotesOfPeriod = (db: Knex, filter: LedgerFilter) => {
  const query = db(CREDIT_NOTES)
    .join(PURCHASES, `${PURCHASES}.purchase_id`, `${CREDIT_NOTES}.purchase_id`)
    .join(PAYMENTS, `${PAYMENTS}.payment_id`, `${CREDIT_NOTES}.payment_id`)
    .where(`${CREDIT_NOTES}.issued_at`, '>=', filter.from)
    .where(`${CREDIT_NOTES}.issued_at`, '<', filter.to);
  if (filter.kind) query.where(`${PURCHASES}.kind`, filter.kind);
  return filter.search ? matching(query, filter.search) : query;
};

const NO_DOCUMENTS: LedgerDocuments = { count: 0, price: 0, cgst: 0, sgst: 0, igst: 0, total: 0 };

/** Documents' sums by place of supply (BY_PLACE_SQL's rows). */
const documentsByPlace = (rows: Record<string, string>[]) =>
  new Map(
    rows.map((row): [string, LedgerDocuments] => [
      row.place ?? '',
      {
        count: Number(row.count),
        price: Number(row.price),
        cgst: Number(row.cgst),
        sgst: Number(row.sgst),
        igst: Number(row.igst),
        total: Number(row.total),
      },
    ]),
  );

/** Documents added up (paise: exact). */
function addedUp(documents: readonly LedgerDocuments[]): LedgerDocuments {
  const sum = { ...NO_DOCUMENTS };
  for (const each of documents) {
    sum.count += each.count;
    for (const column of MONEY_COLUMNS) sum[column] += each[column];
  }
  return sum;
}

/** The ledger's rows from `offset` on, at most `limit`, in time order. */
async function ledgerRows(
  db: Knex,
  filter: LedgerFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<LedgerRow[]> {
  const listed = ledgerPeriod(db, filter);
  if (filter.withoutFailed) listed.whereNot(`${PAYMENTS}.status`, 'failed');
  const stored: Record<string, unknown>[] = await listed
    .select([
      ...PAYMENT_COLUMNS.map((c) => `${PAYMENTS}.${c}`),
      ...LEDGER_PURCHASE_COLUMNS.map((c) => `${PURCHASES}.${c}`),
      db.raw(`${PURCHASES}.captured_payment_id AS paying_payment_id`),
      db.raw(`${PURCHASES}.buyer->>'name' AS buyer_name`),
      db.raw(`${PURCHASES}.buyer->>'state' AS buyer_state`),
      db.raw(`${PURCHASES}.supplier->>'gstin' AS supplier_gstin`),
      db.raw(`${PURCHASES}.supplier->>'state' AS supplier_state`),
      db.raw(`${PURCHASES}.subject->>'adId' AS item_ad_id`),
      db.raw(`${PURCHASES}.subject->>'itemName' AS item_name`),
    ])
    .orderBy([
      { column: `${PAYMENTS}.occurred_at`, order: 'asc' },
      { column: `${PAYMENTS}.payment_id`, order: 'asc' },
    ])
    .limit(limit)
    .offset(offset);
  return stored.map((raw) => ({
    ...paymentFromStored(raw),
    user_id: raw.user_id as string,
    kind: raw.kind as PurchaseRow['kind'],
    product_key: raw.product_key as PurchaseRow['product_key'],
    name: raw.name as string,
    price: Number(raw.price),
    cgst: Number(raw.cgst),
    sgst: Number(raw.sgst),
    igst: Number(raw.igst),
    total: Number(raw.total),
    cgst_basis_points: Number(raw.cgst_basis_points),
    sgst_basis_points: Number(raw.sgst_basis_points),
    igst_basis_points: Number(raw.igst_basis_points),
    // The invoice belongs to the payment that paid, not to a failed attempt or a duplicate.
    ...(raw.payment_id === raw.paying_payment_id
      ? {
          invoice_number: raw.invoice_number as string | null,
          invoice_issued_at:
            raw.invoice_issued_at === null
              ? null
              : new Date(raw.invoice_issued_at as string).toISOString(),
          financial_year: raw.financial_year as string | null,
          credit_note_number: raw.credit_note_number as string | null,
        }
      : {
          invoice_number: null,
          invoice_issued_at: null,
          financial_year: null,
          credit_note_number: null,
        }),
    buyer_name: (raw.buyer_name as string | null) ?? '',
    buyer_state: (raw.buyer_state as string | null) ?? '',
    supplier_gstin: (raw.supplier_gstin as string | null) ?? '',
    supplier_state: (raw.supplier_state as string | null) ?? '',
    item_ad_id: (raw.item_ad_id as string | null) ?? null,
    item_name: raw.item_ad_id === null ? null : ((raw.item_name as string | null) ?? ''),
  }));
}

/**
 * Every payment the provider reported (captured, failed, refunded — duplicates included) that
 * the filter holds, in time order, with its purchase's totals, tax, invoice and buyer's state;
 * and what the period's payments add up to. `page` zero-based.
 */
export async function paymentsLedger(
  db: Knex,
  options: PageOptions & LedgerFilter,
): Promise<Paged<LedgerRow> & { summary: LedgerSummary }> {
  const { size, offset } = pageOf(options);
  const [summed] = await ledgerPeriod(db, options).select<Record<string, string>[]>(
    db.raw(LEDGER_SUMMARY_SQL),
  );
  const sum = (column: string) => Number(summed?.[column] ?? 0);
  const invoicedAt = documentsByPlace(
    await ledgerPeriod(db, options)
      .whereRaw(PAYING)
      .select<Record<string, string>[]>(db.raw(BY_PLACE_SQL))
      .groupByRaw(PLACE_OF_SUPPLY_SQL),
  );
  const creditedAt = documentsByPlace(
    await creditNotesOfPeriod(db, options)
      .select<Record<string, string>[]>(db.raw(BY_PLACE_SQL))
      .groupByRaw(PLACE_OF_SUPPLY_SQL),
  );
  const places = [...new Set([...invoicedAt.keys(), ...creditedAt.keys()])].sort();
  const invoicedByPlace = places.map((place) => ({
    place,
    ...(invoicedAt.get(place) ?? NO_DOCUMENTS),
    credited: creditedAt.get(place) ?? NO_DOCUMENTS,
  }));
  // The sums in all are the places' sums added up.
  const summary: LedgerSummary = {
    received: { count: sum('received_count'), amount: sum('received') },
    refunded: { count: sum('refunded_count'), amount: sum('refunded') },
    failed: { count: sum('failed_count') },
    invoiced: addedUp(invoicedByPlace),
    credited: addedUp(invoicedByPlace.map((place) => place.credited)),
    invoicedByPlace,
  };
  const rows = await ledgerRows(db, options, { limit: size, offset });
  const total = sum('received_count') + (options.withoutFailed ? 0 : sum('failed_count'));
  return { rows, total, totalPages: Math.ceil(total / size), summary };
}

/** Every row of the ledger the filter holds, `batch` at a time, in time order: for an export. */
export async function* everyLedgerRow(
  db: Knex,
  filter: LedgerFilter,
  batch = 500,
): AsyncGenerator<LedgerRow[]> {
  for (let offset = 0; ; offset += batch) {
    const rows = await ledgerRows(db, filter, { limit: batch, offset });
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
  }
}

/*
 * Tax invoices and credit notes are both documents of a gap-free series per financial year
 * (`invoices`, `credit_notes`), read the same way.
 */
type DocumentTable = typeof INVOICES | typeof CREDIT_NOTES;

/** A purchase's documents in `table`, first issued first. */
async function documentsOfPurchase(
  db: Knex,
  table: DocumentTable,
  purchaseId: string,
): Promise<Record<string, unknown>[]> {
  return db(table)
    .select('*')
    .where({ purchase_id: purchaseId })
    .orderBy([
      { column: 'issued_at', order: 'asc' },
      { column: 'sequence', order: 'asc' },
    ]);
}

/**
 * The highest sequence of a financial year's series in `table` that the read model holds (0 for
 * none): the issuer reads the series stream only after it.
 */
async function lastSequence(db: Knex, table: DocumentTable, financialYear: string) {
  const row = await db(table)
    .where({ financial_year: financialYear })
    .max<{ last: number | null }>('sequence as last')
    .first();
  return Number(row?.last ?? 0);
}

/** A purchase's tax invoices, first issued first (one, unless a duplicate payment had its own). */
export const invoicesOfPurchase = async (db: Knex, purchaseId: string): Promise<InvoiceRow[]> =>
  (await documentsOfPurchase(db, INVOICES, purchaseId)).map(invoiceFromStored);

/** The last invoice sequence of a financial year the read model holds (`lastSequence`). */
export const lastInvoiceSequence = (db: Knex, financialYear: string): Promise<number> =>
  lastSequence(db, INVOICES, financialYear);

/** A purchase's credit notes (one at most: its invoice is reversed once). */
export const creditNotesOfPurchase = async (
  db: Knex,
  purchaseId: string,
): Promise<CreditNoteRow[]> =>
  (await documentsOfPurchase(db, CREDIT_NOTES, purchaseId)).map(creditNoteFromStored);

/** As `lastInvoiceSequence`, for a financial year's credit notes. */
export const lastCreditNoteSequence = (db: Knex, financialYear: string): Promise<number> =>
  lastSequence(db, CREDIT_NOTES, financialYear);

/**
 * When the member last paid for each ad space they bought (`adSpaceKeyOfSubject` → the latest
 * payment's time, ISO-8601): what tells whether an unpaid purchase of one is still needed.
 * Refunded purchases delivered nothing and do not count.
 */
export async function adSpacesLastPaid(
  db: Knex,
  userId: string,
): Promise<ReadonlyMap<string, string>> {
  const rows = (await db(PURCHASES)
    .select('subject', 'captured_at')
    .where({ user_id: userId, kind: 'adSpace' })
    .whereIn('status', ['captured', 'fulfilled'])) as {
    subject: PurchaseRow['subject'];
    captured_at: Date | string | null;
  }[];
  const lastPaid = new Map<string, string>();
  for (const { subject, captured_at: capturedAt } of rows) {
    if (subject.kind !== 'adSpace' || capturedAt === null) continue;
    const at = new Date(capturedAt).toISOString();
    const key = adSpaceKeyOfSubject(subject);
    const known = lastPaid.get(key);
    if (known === undefined || at > known) lastPaid.set(key, at);
  }
  return lastPaid;
}
