import { randomUUID } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditNoteSeriesStream, invoiceSeriesStream } from '@boli/engine/billing/invoice.events';
import { PRICES_STREAM, type PriceSet } from '@boli/engine/billing/price.events';
import { purchaseStream } from '@boli/engine/billing/purchase.events';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import { entitlementsProjection } from '../entitlements/entitlements.projection.ts';
import { hasActiveEntitlement } from '../entitlements/entitlements.queries.ts';
import type { Projection } from '../runtime/projection.ts';
import { catchUpAll } from '../runtime/testing/catchUpAll.ts';
import { tableHash } from '../runtime/testing/adBids.ts';
import {
  at,
  creditNoteIssued,
  invoiceIssued,
  orderCreated,
  paymentCaptured,
  paymentFailed,
  paymentRefunded,
  purchaseCreated,
  purchaseFulfilled,
  refundRequested,
} from './billing.fixtures.ts';
import type { BillingEvent } from './purchases.evolve.ts';
import { pricesProjection } from './prices.projection.ts';
import { currentPrices } from './prices.queries.ts';
import { purchasesProjection } from './purchases.projection.ts';
import {
  activeSubscriptions,
  creditNotesOfPurchase,
  findPurchase,
  findPurchaseByOrderId,
  invoicesOfPurchase,
  lastCreditNoteSequence,
  listPurchases,
  paymentsLedger,
  purchasesNeedingAttention,
} from './purchases.queries.ts';

/*
 * The billing read models from real events in PostgreSQL, replayed a second time over their rows
 * without changing them. Asha buys a subscription, pays bid fees (one refunded as bidding had
 * closed, one captured and stuck), leaves payments pending, and pays one subscription twice;
 * Ravi pays 25 bid fees for the paging; the prices are set twice.
 */

let database: TestDatabase;
let db: Knex;
let store: EventStore;
const PROJECTIONS: Projection[] = [purchasesProjection, pricesProjection, entitlementsProjection];

async function append(streamId: string, events: readonly { type: string; data: unknown }[]) {
  await store.append(
    streamId,
    events.map((event) => ({ ...event, metadata: { eventId: randomUUID(), now: at(0) } })),
    'any',
  );
}

const purchase = (id: string, events: readonly BillingEvent[]) =>
  append(purchaseStream(id), events);
let invoiceSequence = 0;
const invoice = (purchaseId: string) =>
  append(invoiceSeriesStream('2026-27'), [invoiceIssued(purchaseId, ++invoiceSequence)]);

const totalOf = (id: string, options: Parameters<typeof purchaseCreated>[1] = {}) =>
  purchaseCreated(id, options).data.totals.total;

/** Created at `minute`, ordered and paid. */
async function paid(
  id: string,
  minute: number,
  options: Parameters<typeof purchaseCreated>[1] = {},
): Promise<void> {
  const total = totalOf(id, options);
  await purchase(id, [
    purchaseCreated(id, { createdAt: at(minute), ...options }),
    orderCreated(id, total, minute + 1),
    paymentCaptured(id, `pay_${id}`, total, { minute: minute + 2 }),
  ]);
}

const NOW = new Date(at(50));
const PENDING_OLDER_THAN = new Date(at(-60));

beforeAll(async () => {
  database = await createTestDatabase();
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
  store = createPostgresEventStore({ connectionString: database.url });

  // Subscribed, invoiced: fine.
  await paid('p-sub', 0);
  await purchase('p-sub', [purchaseFulfilled('p-sub', 'u-asha', 2)]);
  await invoice('p-sub');
  // Bid fee paid after bidding closed: invoiced, refund asked for, not yet confirmed.
  await paid('p-bid-late', 10, { kind: 'bidFee', price: 50_00, buyerState: 'Karnataka' });
  await invoice('p-bid-late');
  await purchase('p-bid-late', [
    refundRequested('p-bid-late', 'pay_p-bid-late', totalOf('p-bid-late', { price: 50_00 })),
  ]);
  // Bid fee captured, then nothing: neither invoiced nor fulfilled.
  await paid('p-bid-stuck', 20, { kind: 'bidFee', price: 50_00 });
  // Payment failed two hours ago: ask the provider.
  await purchase('p-old', [
    purchaseCreated('p-old', { kind: 'shareFee', createdAt: at(-120), expiresAt: at(600) }),
    orderCreated('p-old', totalOf('p-old', { kind: 'shareFee' }), -119),
    paymentFailed('p-old', 'pay_p-old', -118),
  ]);
  // Ordered a day ago, long past expiry.
  await purchase('p-exp', [
    purchaseCreated('p-exp', { kind: 'adSpace', createdAt: at(-1440), expiresAt: at(-1410) }),
    orderCreated('p-exp', totalOf('p-exp', { kind: 'adSpace' }), -1439),
  ]);
  // Ordered just now: not yet anyone's concern.
  await purchase('p-new', [
    purchaseCreated('p-new', { createdAt: at(30) }),
    orderCreated('p-new', totalOf('p-new'), 31),
  ]);
  // Paid twice: the second capture is a duplicate still to give back.
  await paid('p-dup', 40);
  await purchase('p-dup', [
    purchaseFulfilled('p-dup', 'u-asha', 43),
    paymentCaptured('p-dup', 'pay_p-dup-2', totalOf('p-dup'), { minute: 44, duplicate: true }),
  ]);
  await invoice('p-dup');
  // Meera: two purchases refunded after their invoice (after the ledger's period): one reversed
  // by its credit note, one whose credit note is still to be issued.
  for (const id of ['p-credited', 'p-uncredited']) {
    await paid(id, 100, { userId: 'u-meera' });
    await invoice(id);
    await purchase(id, [
      refundRequested(id, `pay_${id}`, totalOf(id), { minute: 104 }),
      paymentRefunded(id, `pay_${id}`, totalOf(id), { minute: 105 }),
    ]);
  }
  await append(creditNoteSeriesStream('2026-27'), [
    creditNoteIssued('p-credited', 1, {
      paymentId: 'pay_p-credited',
      amount: totalOf('p-credited'),
      invoice: 'BL/26-27/000004',
    }),
  ]);
  // Ravi: 25 bid fees, a minute apart.
  for (let i = 0; i < 25; i += 1) {
    const id = `p-ravi-${String(i).padStart(2, '0')}`;
    await paid(id, i, { kind: 'bidFee', userId: 'u-ravi', price: 50_00 });
  }
  const price = (productKey: PriceSet['data']['productKey'], paise: number, minute: number) => ({
    type: 'PriceSet',
    data: { productKey, price: paise, setAt: at(minute) },
  });
  await append(PRICES_STREAM, [
    price('bidFee', 50_00, 0),
    price('subscription:lifetime', 999_00, 1),
  ]);
  await append(PRICES_STREAM, [price('bidFee', 75_00, 2)]);
  await catchUpAll({ databaseUrl: database.url, store, projections: PROJECTIONS });
});

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

describe('the purchases read model', () => {
  it('keeps a purchase with its taxes, payment, fulfilment and invoice', async () => {
    const row = await findPurchase(db, 'p-sub');
    expect(row).toMatchObject({
      user_id: 'u-asha',
      kind: 'subscription',
      name: 'Lifetime Subscription',
      status: 'fulfilled',
      price: 999_00,
      cgst: 8991,
      sgst: 8991,
      igst: 0,
      total: 117_882,
      order_id: 'order_p-sub',
      captured_payment_id: 'pay_p-sub',
      captured_amount: 117_882,
      captured_at: at(2),
      fulfilled_at: at(2),
      invoice_number: 'BL/26-27/000001',
      financial_year: '2026-27',
      created_at: at(0),
    });
    expect(await findPurchase(db, 'p-nobody')).toBeUndefined();
    expect((await findPurchase(db, 'p-bid-late'))?.status).toBe('refundPending');
  });

  it('finds a purchase by its provider order', async () => {
    expect((await findPurchaseByOrderId(db, 'order_p-bid-late'))?.purchase_id).toBe('p-bid-late');
    expect(await findPurchaseByOrderId(db, 'order_unknown')).toBeUndefined();
  });

  it('lists a member’s purchases newest first, 20 a page, optionally by kind', async () => {
    const first = await listPurchases(db, 'u-ravi', { page: 0, limit: 20 });
    expect(first.totalPages).toBe(2);
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]?.purchase_id).toBe('p-ravi-24');
    const second = await listPurchases(db, 'u-ravi', { page: 1, limit: 20 });
    expect(second.rows.map((r) => r.purchase_id)).toEqual([
      'p-ravi-04',
      'p-ravi-03',
      'p-ravi-02',
      'p-ravi-01',
      'p-ravi-00',
    ]);
    expect((await listPurchases(db, 'u-ravi', { page: 2, limit: 20 })).rows).toEqual([]);

    const asha = await listPurchases(db, 'u-asha', { page: 0, limit: 20 });
    expect(asha.rows.map((r) => r.purchase_id)).toEqual([
      'p-dup',
      'p-new',
      'p-bid-stuck',
      'p-bid-late',
      'p-sub',
      'p-old',
      'p-exp',
    ]);
    const fees = await listPurchases(db, 'u-asha', { page: 0, limit: 20, kinds: ['bidFee'] });
    expect(fees.rows.map((r) => r.purchase_id)).toEqual(['p-bid-stuck', 'p-bid-late']);
    const two = await listPurchases(db, 'u-asha', {
      page: 0,
      limit: 2,
      kinds: ['subscription', 'shareFee'],
    });
    expect(two).toMatchObject({ total: 4, totalPages: 2 });
    expect(two.rows.map((r) => r.purchase_id)).toEqual(['p-dup', 'p-new']);
  });

  it('shows a member’s activated subscriptions from their fulfilment', async () => {
    expect(await activeSubscriptions(db, 'u-asha')).toEqual([
      { purchaseId: 'p-sub', planId: 'lifetime', name: 'Lifetime Subscription', startDate: at(2) },
      { purchaseId: 'p-dup', planId: 'lifetime', name: 'Lifetime Subscription', startDate: at(43) },
    ]);
    expect(await activeSubscriptions(db, 'u-ravi')).toEqual([]);
  });

  it('names every purchase the reconciler must look at, and why', async () => {
    const rows = await purchasesNeedingAttention(db, {
      now: NOW,
      pendingOlderThan: PENDING_OLDER_THAN,
      limit: 50,
    });
    const reasons = rows.map((r) => `${r.reason}:${r.purchase_id}:${r.paymentId}`);
    const ravi = Array.from({ length: 25 }, (_, i) => `p-ravi-${String(i).padStart(2, '0')}`);
    expect(reasons).toEqual([
      // Oldest first: Ravi's fees (minutes 0-24) and Asha's stuck one (minute 20) interleave.
      ...[...ravi.slice(0, 20), 'p-bid-stuck', ...ravi.slice(20)].map(
        (id) => `notInvoiced:${id}:pay_${id}`,
      ),
      'notCredited:p-uncredited:pay_p-uncredited',
      ...[...ravi.slice(0, 20), 'p-bid-stuck', ...ravi.slice(20)].map(
        (id) => `notFulfilled:${id}:pay_${id}`,
      ),
      'refundPending:p-bid-late:pay_p-bid-late',
      'duplicateNotRefunded:p-dup:pay_p-dup-2',
      'paymentPending:p-old:null',
      'expiryDue:p-exp:null',
    ]);
    const limited = await purchasesNeedingAttention(db, {
      now: NOW,
      pendingOlderThan: PENDING_OLDER_THAN,
      limit: 2,
    });
    expect(limited.map((r) => r.reason)).toEqual([
      'notInvoiced',
      'notInvoiced',
      'notCredited',
      'notFulfilled',
      'notFulfilled',
      'refundPending',
      'duplicateNotRefunded',
      'paymentPending',
      'expiryDue',
    ]);
    // Before it expired, the day-old order is merely pending.
    const earlier = await purchasesNeedingAttention(db, {
      now: new Date(at(-1420)),
      pendingOlderThan: new Date(at(-1420)),
      limit: 50,
    });
    expect(earlier.filter((r) => r.purchase_id === 'p-exp').map((r) => r.reason)).toEqual([
      'paymentPending',
    ]);
  });

  it('gives auditors every payment of a period with its purchase’s tax and invoice', async () => {
    const ledger = await paymentsLedger(db, {
      from: new Date(at(-200)),
      to: new Date(at(60)),
      page: 0,
      limit: 100,
    });
    // 6 of Asha's payments (one failed, one duplicate) and Ravi's 25.
    expect(ledger.total).toBe(31);
    expect(ledger.rows[0]).toMatchObject({
      payment_id: 'pay_p-old',
      status: 'failed',
      amount: null,
      error_code: 'BAD_REQUEST_ERROR',
      kind: 'shareFee',
      item_ad_id: null,
      item_name: null,
    });
    const late = ledger.rows.find((r) => r.payment_id === 'pay_p-bid-late');
    expect(late).toMatchObject({
      status: 'captured',
      amount: 5_900,
      price: 50_00,
      cgst: 0,
      sgst: 0,
      igst: 900,
      igst_basis_points: 1800,
      total: 5_900,
      invoice_number: 'BL/26-27/000002',
      buyer_state: 'Karnataka',
      supplier_state: 'Maharashtra',
      supplier_gstin: '27AABCB1234F1Z5',
      refund_reason: 'biddingClosed',
      refund_id: null,
      // What the fee was for: an auditor checking the refund reaches the ad.
      item_ad_id: 'ad-1',
      item_name: 'Maruti Swift',
    });
    // The invoice is the paying payment's; the duplicate capture after it has none of its own.
    expect(ledger.rows.find((r) => r.payment_id === 'pay_p-dup')).toMatchObject({
      duplicate: false,
      invoice_number: 'BL/26-27/000003',
    });
    expect(ledger.rows.find((r) => r.payment_id === 'pay_p-dup-2')).toMatchObject({
      duplicate: true,
      invoice_number: null,
    });
    // The period's sums: the failed payment moved nothing; every invoice counted once.
    expect(ledger.summary.failed.count).toBe(1);
    expect(ledger.summary.received.count).toBe(30);
    const times = ledger.rows.map((r) => r.occurred_at);
    expect(times).toEqual([...times].sort());
    // A bid fee is found by its ad's name or id, as a disputed refund is traced.
    for (const search of ['maruti SWIFT', 'ad-1']) {
      const byAd = await paymentsLedger(db, {
        from: new Date(at(-200)),
        to: new Date(at(60)),
        page: 0,
        limit: 100,
        search,
      });
      expect(byAd.rows.map((r) => r.kind)).toEqual(
        ledger.rows.filter((r) => r.kind === 'bidFee').map(() => 'bidFee'),
      );
    }

    const page = await paymentsLedger(db, {
      from: new Date(at(0)),
      to: new Date(at(10)),
      page: 1,
      limit: 5,
    });
    // Captures at minutes 2..9 (Ravi's 0..7 and Asha's subscription): 9 in all.
    expect(page).toMatchObject({ total: 9, totalPages: 2 });
    expect(page.rows).toHaveLength(4);
  });

  it('numbers invoices in one series per financial year, never twice', async () => {
    expect(await invoicesOfPurchase(db, 'p-dup')).toEqual([
      {
        invoice_number: 'BL/26-27/000003',
        financial_year: '2026-27',
        sequence: 3,
        purchase_id: 'p-dup',
        issued_at: at(3),
      },
    ]);
    await expect(
      db('invoices').insert({
        invoice_number: 'BL/26-27/000003-bis',
        financial_year: '2026-27',
        sequence: 3,
        purchase_id: 'p-new',
        issued_at: at(50),
      }),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  it('keeps each credit note, and the purchase it reversed', async () => {
    expect(await creditNotesOfPurchase(db, 'p-credited')).toEqual([
      {
        credit_note_number: 'CN/26-27/000001',
        financial_year: '2026-27',
        sequence: 1,
        purchase_id: 'p-credited',
        invoice_number: 'BL/26-27/000004',
        payment_id: 'pay_p-credited',
        refund_id: 'rfnd_pay_p-credited',
        amount: totalOf('p-credited'),
        issued_at: at(7),
      },
    ]);
    expect(await findPurchase(db, 'p-credited')).toMatchObject({
      status: 'refunded',
      credit_note_number: 'CN/26-27/000001',
      credit_note_issued_at: at(7),
    });
    expect(await creditNotesOfPurchase(db, 'p-uncredited')).toEqual([]);
    expect(await lastCreditNoteSequence(db, '2026-27')).toBe(1);
    expect(await lastCreditNoteSequence(db, '2027-28')).toBe(0);
  });

  it('grants a lifetime subscription when a subscription purchase is fulfilled', async () => {
    expect(await hasActiveEntitlement(db, 'u-asha', new Date(at(2)))).toBe(true);
    expect(await hasActiveEntitlement(db, 'u-asha', new Date(at(1)))).toBe(false);
    expect(await hasActiveEntitlement(db, 'u-asha', new Date('2126-01-01T00:00:00Z'))).toBe(true);
    expect(await hasActiveEntitlement(db, 'u-ravi', NOW)).toBe(false);
  });
});

describe('the prices read model', () => {
  it('holds the last price set for each product', async () => {
    expect(await currentPrices(db)).toEqual(
      new Map([
        ['bidFee', 75_00],
        ['subscription:lifetime', 999_00],
      ]),
    );
  });
});

describe('replaying the log', () => {
  it('changes no row of any billing table', async () => {
    const keys = {
      purchases: 'purchase_id',
      purchase_payments: 'payment_id',
      invoices: 'invoice_number',
      credit_notes: 'credit_note_number',
      prices: 'product_key',
      entitlements: 'source_event_id',
    } as const;
    const hashes = async () =>
      Promise.all(Object.entries(keys).map(([table, key]) => tableHash(db, table, key)));
    const before = await hashes();
    await catchUpAll({ databaseUrl: database.url, store, projections: PROJECTIONS, replay: true });
    expect(await hashes()).toEqual(before);
    expect(await currentPrices(db)).toEqual(
      new Map([
        ['bidFee', 75_00],
        ['subscription:lifetime', 999_00],
      ]),
    );
  });
});
