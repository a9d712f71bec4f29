import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evolvePurchase,
  initialPurchaseState,
  mainPayment,
  statusOf,
} from '@boli/engine/billing/purchase.state';
import type { PurchaseEvent } from '@boli/engine/billing/purchase.events';
import type { RecordedEvent } from '@boli/engine/eventStore/eventStore';
import {
  at,
  creditNoteIssued,
  invoiceIssued,
  orderCreated,
  paymentCaptured,
  paymentFailed,
  paymentRefunded,
  purchaseCreated,
  purchaseExpired,
  purchaseFulfilled,
  refundRequested,
  T0,
} from './billing.fixtures.ts';
import {
  applyBillingEvents,
  type BillingEvent,
  type BillingState,
  type CreditNoteRow,
  type InvoiceRow,
  type PurchasePaymentRow,
  type PurchaseRow,
  type Tracked,
} from './purchases.evolve.ts';

/** Events as the log hands them over: consecutive global positions. */
const recorded = (events: readonly BillingEvent[], from = 1): RecordedEvent[] =>
  events.map((event, i) => ({
    streamId: `s-${event.data.purchaseId}`,
    streamVersion: i,
    position: { commit: BigInt(from + i), prepare: 0n },
    type: event.type,
    data: event.data,
    schemaVersion: 1,
    metadata: { eventId: `e-${from + i}`, now: T0 },
    recordedAt: new Date(T0),
    hash: '',
    prevHash: '',
  }));

/**
 * The stored tables, and a batch as the projection runs it: load the rows the batch touches,
 * fold, write back only the rows the fold says changed.
 */
type Tables = {
  purchases: Map<string, Tracked<PurchaseRow>>;
  payments: Map<string, Tracked<PurchasePaymentRow>>;
  invoices: Map<string, InvoiceRow>;
  creditNotes: Map<string, CreditNoteRow>;
};
const emptyTables = (): Tables => ({
  purchases: new Map(),
  payments: new Map(),
  invoices: new Map(),
  creditNotes: new Map(),
});

function runBatch(tables: Tables, batch: RecordedEvent[]): number {
  const purchaseIds = new Set(batch.map((e) => (e.data as { purchaseId: string }).purchaseId));
  const paymentIds = new Set(batch.map((e) => (e.data as { paymentId?: string }).paymentId));
  const pick = <R>(map: Map<string, R>, keep: (key: string, row: R) => boolean) =>
    new Map([...map].filter(([key, row]) => keep(key, row)));
  const loaded: BillingState = {
    purchases: pick(tables.purchases, (id) => purchaseIds.has(id)),
    payments: pick(tables.payments, (id) => paymentIds.has(id)),
    invoices: pick(tables.invoices, (_, invoice) => purchaseIds.has(invoice.purchase_id)),
    creditNotes: pick(tables.creditNotes, (_, note) => purchaseIds.has(note.purchase_id)),
  };
  const { state, changed } = applyBillingEvents(loaded, batch);
  for (const id of changed.purchases) tables.purchases.set(id, state.purchases.get(id)!);
  for (const id of changed.payments) tables.payments.set(id, state.payments.get(id)!);
  for (const id of changed.invoices) tables.invoices.set(id, state.invoices.get(id)!);
  for (const id of changed.creditNotes) tables.creditNotes.set(id, state.creditNotes.get(id)!);
  return (
    changed.purchases.size +
    changed.payments.size +
    changed.invoices.size +
    changed.creditNotes.size
  );
}

const rowsOf = (tables: Tables) => ({
  purchases: new Map([...tables.purchases].map(([id, { row }]) => [id, row])),
  payments: new Map([...tables.payments].map(([id, { row }]) => [id, row])),
  invoices: tables.invoices,
  creditNotes: tables.creditNotes,
});

function project(events: readonly BillingEvent[]) {
  const tables = emptyTables();
  runBatch(tables, recorded(events));
  return rowsOf(tables);
}

const purchaseOf = (events: readonly BillingEvent[], id = 'p-1') =>
  project(events).purchases.get(id)!;

const TOTAL = purchaseCreated('p-1').data.totals.total;
const PAID: BillingEvent[] = [
  purchaseCreated('p-1'),
  orderCreated('p-1', TOTAL),
  paymentCaptured('p-1', 'pay_1', TOTAL),
];

describe('a purchase row', () => {
  it('starts at PurchaseCreated with its product, buyer and taxed totals in paise', () => {
    const row = purchaseOf([purchaseCreated('p-1', { price: 999_00 })]);
    expect(row).toMatchObject({
      purchase_id: 'p-1',
      user_id: 'u-asha',
      kind: 'subscription',
      product_key: 'subscription:lifetime',
      name: 'Lifetime Subscription',
      status: 'created',
      price: 999_00,
      cgst: 8991,
      sgst: 8991,
      igst: 0,
      total: 999_00 + 2 * 8991,
      cgst_basis_points: 900,
      sgst_basis_points: 900,
      igst_basis_points: 0,
      order_id: null,
      created_at: T0,
      expires_at: at(30),
      invoice_number: null,
    });
    expect(row.buyer.state).toBe('Maharashtra');
  });

  it('follows order, capture, fulfilment and invoice', () => {
    const row = purchaseOf([...PAID, purchaseFulfilled('p-1'), invoiceIssued('p-1', 7)]);
    expect(row).toMatchObject({
      status: 'fulfilled',
      order_id: 'order_p-1',
      captured_payment_id: 'pay_1',
      captured_amount: TOTAL,
      captured_method: 'upi',
      captured_at: at(2),
      fulfilment: { type: 'subscriptionActivated', planId: 'lifetime', startsAt: at(3) },
      fulfilled_at: at(3),
      invoice_number: 'BL/26-27/000007',
      invoice_issued_at: at(3),
      financial_year: '2026-27',
    });
  });

  it('a duplicate capture leaves a fulfilled purchase fulfilled; its refund touches only its payment', () => {
    const { purchases, payments } = project([
      ...PAID,
      purchaseFulfilled('p-1'),
      paymentCaptured('p-1', 'pay_2', TOTAL, { minute: 4, duplicate: true }),
      paymentCaptured('p-1', 'pay_1', TOTAL, { minute: 4 }),
      refundRequested('p-1', 'pay_2', TOTAL, { minute: 5, reason: 'duplicatePayment' }),
      paymentRefunded('p-1', 'pay_2', TOTAL, { minute: 6 }),
    ]);
    expect(purchases.get('p-1')).toMatchObject({
      status: 'fulfilled',
      captured_payment_id: 'pay_1',
      captured_at: at(2),
      refund_reason: null,
      refund_id: null,
    });
    expect(payments.get('pay_1')).toMatchObject({ status: 'captured', duplicate: false });
    expect(payments.get('pay_2')).toMatchObject({
      status: 'refunded',
      duplicate: true,
      refund_reason: 'duplicatePayment',
      refund_requested_at: at(5),
      refund_id: 'rfnd_pay_2',
      refund_amount: TOTAL,
      refunded_at: at(6),
    });
  });

  it('a refund of the main payment goes through refundPending to refunded', () => {
    const requested = [...PAID, refundRequested('p-1', 'pay_1', TOTAL)];
    expect(purchaseOf(requested)).toMatchObject({
      status: 'refundPending',
      refund_reason: 'biddingClosed',
      refund_message: 'Bidding had closed; your fee will be refunded.',
      refund_requested_at: at(4),
    });
    expect(purchaseOf([...requested, paymentRefunded('p-1', 'pay_1', TOTAL)])).toMatchObject({
      status: 'refunded',
      refund_id: 'rfnd_pay_1',
      refund_amount: TOTAL,
      refunded_at: at(5),
    });
  });

  it('a failed attempt, then a capture, keeps both in the ledger', () => {
    const failed = [
      purchaseCreated('p-1'),
      orderCreated('p-1', TOTAL),
      paymentFailed('p-1', 'pay_0'),
    ];
    expect(purchaseOf(failed).status).toBe('failed');
    const { purchases, payments } = project([
      ...failed,
      paymentCaptured('p-1', 'pay_1', TOTAL, { minute: 3 }),
    ]);
    expect(purchases.get('p-1')?.status).toBe('captured');
    expect(payments.get('pay_0')).toMatchObject({
      status: 'failed',
      amount: null,
      method: 'card',
      error_code: 'BAD_REQUEST_ERROR',
      occurred_at: at(2),
    });
    expect(payments.get('pay_1')).toMatchObject({ status: 'captured', occurred_at: at(3) });
  });

  it('shows no method for a failure recorded before failures kept it', () => {
    const old = paymentFailed('p-1', 'pay_0');
    const { method: _kept, ...withoutMethod } = old.data as { method?: string };
    const { payments } = project([
      purchaseCreated('p-1'),
      orderCreated('p-1', TOTAL),
      { ...old, data: withoutMethod } as typeof old,
    ]);
    expect(payments.get('pay_0')).toMatchObject({ status: 'failed', method: null });
  });

  it('expires unpaid, and a capture that still arrives is honoured', () => {
    const expired = [purchaseCreated('p-1'), orderCreated('p-1', TOTAL), purchaseExpired('p-1')];
    expect(purchaseOf(expired)).toMatchObject({ status: 'expired', expired_at: at(31) });
    expect(
      purchaseOf([...expired, paymentCaptured('p-1', 'pay_1', TOTAL, { minute: 32 })]),
    ).toMatchObject({ status: 'captured', captured_payment_id: 'pay_1', expired_at: at(31) });
  });

  it('takes an invoice issued before the purchase row was seen', () => {
    const row = purchaseOf([invoiceIssued('p-1', 1), purchaseCreated('p-1')]);
    expect(row.invoice_number).toBe('BL/26-27/000001');
  });

  it('takes the credit note that reverses its refunded invoice, once', () => {
    const refunded = [
      ...PAID,
      invoiceIssued('p-1', 1),
      refundRequested('p-1', 'pay_1', TOTAL),
      paymentRefunded('p-1', 'pay_1', TOTAL),
    ];
    const { purchases, creditNotes } = project([
      ...refunded,
      creditNoteIssued('p-1', 4, { amount: TOTAL }),
      creditNoteIssued('p-1', 5, { amount: TOTAL }),
    ]);
    expect(purchases.get('p-1')).toMatchObject({
      status: 'refunded',
      invoice_number: 'BL/26-27/000001',
      credit_note_number: 'CN/26-27/000004',
      credit_note_issued_at: at(7),
    });
    expect(creditNotes.get('CN/26-27/000004')).toEqual({
      credit_note_number: 'CN/26-27/000004',
      financial_year: '2026-27',
      sequence: 4,
      purchase_id: 'p-1',
      invoice_number: 'BL/26-27/000001',
      payment_id: 'pay_1',
      refund_id: 'rfnd_pay_1',
      amount: TOTAL,
      issued_at: at(7),
    });
  });

  it('takes a credit note seen before the purchase row', () => {
    const row = purchaseOf([creditNoteIssued('p-1', 1), purchaseCreated('p-1')]);
    expect(row.credit_note_number).toBe('CN/26-27/000001');
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random histories

const PURCHASE_IDS = ['p-1', 'p-2', 'p-3'] as const;
const PAYMENT_IDS = ['a', 'b', 'c'] as const;

/** Any fact about one purchase, in any order: the fold must cope with whatever the log holds. */
const factAbout = (purchaseId: string): fc.Arbitrary<PurchaseEvent | 'invoice' | 'creditNote'> => {
  const paymentId = fc.constantFrom(...PAYMENT_IDS).map((p) => `${purchaseId}-${p}`);
  const minute = fc.integer({ min: 1, max: 60 });
  return fc.oneof(
    fc.constant(orderCreated(purchaseId, TOTAL)),
    fc
      .tuple(paymentId, minute, fc.boolean())
      .map(([id, m, duplicate]) =>
        paymentCaptured(purchaseId, id, TOTAL, { minute: m, duplicate }),
      ),
    fc.tuple(paymentId, minute).map(([id, m]) => paymentFailed(purchaseId, id, m)),
    minute.map((m) => purchaseFulfilled(purchaseId, 'u-asha', m)),
    fc
      .tuple(paymentId, minute)
      .map(([id, m]) => refundRequested(purchaseId, id, TOTAL, { minute: m })),
    fc
      .tuple(paymentId, minute)
      .map(([id, m]) => paymentRefunded(purchaseId, id, TOTAL, { minute: m })),
    minute.map((m) => purchaseExpired(purchaseId, m)),
    fc.constant('invoice' as const),
    fc.constant('creditNote' as const),
  );
};

/**
 * Histories of up to three purchases interleaved; invoice numbers in one gap-free series, credit
 * notes in another.
 */
const history: fc.Arbitrary<BillingEvent[]> = fc
  .array(
    fc.constantFrom(...PURCHASE_IDS).chain((id) => factAbout(id).map((fact) => ({ id, fact }))),
    { maxLength: 40 },
  )
  .map((facts) => {
    let invoices = 0;
    let creditNotes = 0;
    const created = PURCHASE_IDS.map((id, i) => purchaseCreated(id, { price: 100 * (i + 1) }));
    return [
      ...created,
      ...facts.map(({ id, fact }) =>
        fact === 'invoice'
          ? invoiceIssued(id, ++invoices)
          : fact === 'creditNote'
            ? creditNoteIssued(id, ++creditNotes, { paymentId: `${id}-a` })
            : fact,
      ),
    ];
  });

/** Cut points that split a log into consecutive batches. */
const splits = (length: number) =>
  fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, length - 1) }), { maxLength: 6 });

describe('replaying the log', () => {
  it('gives the same rows in one batch, in any split, and applied twice', () => {
    fc.assert(
      fc.property(
        history.chain((events) => fc.tuple(fc.constant(events), splits(events.length))),
        ([events, cuts]) => {
          const log = recorded(events);
          const once = emptyTables();
          runBatch(once, log);

          const split = emptyTables();
          const bounds = [0, ...[...cuts].sort((a, b) => a - b), log.length];
          for (let i = 0; i + 1 < bounds.length; i += 1) {
            runBatch(split, log.slice(bounds[i], bounds[i + 1]));
          }
          expect(rowsOf(split)).toEqual(rowsOf(once));

          // The runtime's replay: the whole log again over the stored rows changes nothing.
          expect(runBatch(once, log)).toBe(0);
          for (let i = 0; i + 1 < bounds.length; i += 1) {
            expect(runBatch(split, log.slice(bounds[i], bounds[i + 1]))).toBe(0);
          }
          expect(rowsOf(split)).toEqual(rowsOf(once));
        },
      ),
    );
  });

  it('agrees with the purchase decider on each purchase’s status and main payment', () => {
    fc.assert(
      fc.property(history, (events) => {
        const { purchases } = project(events);
        for (const id of PURCHASE_IDS) {
          const own = events.filter(
            (e): e is PurchaseEvent =>
              e.type !== 'InvoiceIssued' &&
              e.type !== 'CreditNoteIssued' &&
              e.data.purchaseId === id,
          );
          const decided = own.reduce(evolvePurchase, initialPurchaseState());
          const row = purchases.get(id)!;
          expect(row.status).toBe(statusOf(decided));
          expect(row.captured_payment_id).toBe(mainPayment(decided)?.paymentId ?? null);
        }
      }),
    );
  });

  it('records each payment id once, a capture never undone by a later failure', () => {
    fc.assert(
      fc.property(history, (events) => {
        const { payments } = project(events);
        for (const [paymentId, row] of payments) {
          const about = events.filter(
            (e) => 'paymentId' in e.data && e.data.paymentId === paymentId,
          );
          const everCaptured = about.some((e) => e.type === 'PaymentCaptured');
          if (everCaptured) expect(row.status).not.toBe('failed');
          if (row.status === 'refunded') expect(row.refund_id).toBe(`rfnd_${paymentId}`);
        }
      }),
    );
  });
});
