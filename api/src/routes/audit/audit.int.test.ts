import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceSeriesStream } from '@boli/engine/billing/invoice.events';
import {
  creditNoteNumber,
  financialYearOf,
  invoiceNumber,
} from '@boli/engine/billing/invoice.rules';
import {
  apiKit,
  eventually,
  type ApiKit,
  type TestMember,
} from '../../../../ops/src/testing/apiKit.ts';
import { startApp, type TestApp } from '../../../../ops/src/testing/app.ts';
import {
  failAtSandbox,
  orderedSubscription,
  subscriptionsOrderedSideBySide,
  paidSubscription,
  payAtSandbox,
  sandboxBehaviour,
} from '../../../../ops/src/testing/sandboxPayments.ts';
import { everyLedgerRow } from '@boli/projections/billing/purchases.queries';
import { invoiceFileOf } from '../../payments/invoice/invoiceFile.ts';
import { OPEN_FROM, OPEN_TO } from './schema.ts';
import { LIMITS } from '@boli/engine/shared/limits';

/*
 * An auditor checks payments made through the real flow: a member subscribes (cart → the sandbox
 * gateway takes the money → the checkout callback), then the ledger, the invoice series and the
 * gateway comparison must all account for it.
 */

type Data = Record<string, unknown>;

let app: TestApp;
let kit: ApiKit;
let auditor: TestMember;
let member: TestMember;
const purchases: Record<'karnataka' | 'maharashtra', { purchaseId: string; paymentId: string }> =
  {} as never;
/** A payment the gateway refused (its webhook tells Boli). */
let failed: { purchaseId: string; orderId: string };
/** A payment the gateway captured whose news never reached Boli (webhooks dropped, no callback). */
let unheard: { purchaseId: string; orderId: string };
/** A purchase whose first payment failed and whose second paid. */
let retried: { purchaseId: string; orderId: string };
/** Two tabs' purchases of the same subscription, both paid: the second is refunded. */
let twice: { purchaseId: string; orderId: string }[];

const audit = (path: string, token = auditor.token) => kit.api(`/api/audit${path}`, { token });
const csv = (query: string, token = auditor.token) =>
  fetch(new URL(`/api/audit/payments.csv${query}`, app.baseUrl), {
    headers: { Authorization: `Bearer ${token}` },
  });
/** The file's rows, split naively: none of this test's values holds a comma or a quote. */
const rowsOf = (text: string) =>
  text
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
const financialYear = financialYearOf(new Date().toISOString());

beforeAll(async () => {
  app = await startApp();
  kit = apiKit(app);
  auditor = await kit.member('auditora', { roles: ['member', 'auditor'] });
  member = await kit.member('memberm');
  purchases.karnataka = await paidSubscription(
    app,
    kit,
    await kit.member('ashaka', { state: 'Karnataka', firstname: 'Asha', lastname: 'Kamath' }),
  );
  purchases.maharashtra = await paidSubscription(
    app,
    kit,
    await kit.member('ravimh', { state: 'Maharashtra' }),
  );

  failed = await orderedSubscription(kit, await kit.member('failedf'));
  await failAtSandbox(app, failed.orderId);
  // The gateway's webhook tells Boli (expect.poll works only in a test).
  await eventually(
    async () => {
      const { body } = await audit('/payments');
      return (body.data as { payments: Data[] }).payments.some(
        (entry) => entry.purchaseId === failed.purchaseId,
      );
    },
    { what: 'the failed payment reaches the ledger', timeoutMs: 20_000 },
  );

  retried = await orderedSubscription(kit, await kit.member('retriedr'));
  await failAtSandbox(app, retried.orderId);
  await payAtSandbox(app, retried.orderId);
  const twiceBuyer = await kit.member('twicet');
  twice = await subscriptionsOrderedSideBySide(kit, twiceBuyer);
  for (const order of twice) await payAtSandbox(app, order.orderId);
  await eventually(
    async () => {
      const { body } = await audit('/payments');
      const payments = (body.data as { payments: Data[] }).payments;
      return (
        payments.filter((entry) => entry.purchaseId === retried.purchaseId).length === 2 &&
        payments.some((entry) => entry.status === 'refunded')
      );
    },
    { what: 'the retried payment and the refund reach the ledger', timeoutMs: 30_000 },
  );

  await sandboxBehaviour(app, { dropWebhooks: true });
  unheard = await orderedSubscription(kit, await kit.member('unheardu'));
  await payAtSandbox(app, unheard.orderId);
  await sandboxBehaviour(app, { dropWebhooks: false });
}, 120_000);

afterAll(async () => {
  await kit?.close();
  await app?.stop();
});

describe('the audit api is for auditors and admins', () => {
  it('refuses guests and members', async () => {
    expect((await kit.api('/api/audit/payments')).status).toBe(401);
    expect((await audit('/payments', member.token)).status).toBe(403);
    expect((await audit('/invoices/check', member.token)).status).toBe(403);
    expect((await audit('/payments')).status).toBe(200);
  });

  it('says what is wrong with a request', async () => {
    expect((await audit('/payments?from=yesterday')).status).toBe(400);
    expect((await audit('/payments?from=2026-05-02&to=2026-05-01')).status).toBe(400);
    // Cleared date fields are open ends, as absent ones are.
    expect((await audit('/payments?from=&to=')).status).toBe(200);
    expect((await audit('/invoices/check?financialYear=2026-28')).status).toBe(400);
    expect((await audit('/gateway-check?purchaseId=no-such-purchase')).status).toBe(404);
  });
});

describe('the payments ledger', () => {
  it('lists each captured payment with its tax: CGST + SGST within Karnataka, IGST across states', async () => {
    const { status, body } = await audit('/payments');
    expect(status).toBe(200);
    const data = body.data as { total: number; payments: Data[] };
    // Five captures (one refunded) and two failures; the capture Boli never heard of is not in
    // its ledger.
    expect(data.total).toBe(7);
    const byPurchase = new Map(data.payments.map((entry) => [entry.purchaseId, entry]));
    const intra = byPurchase.get(purchases.karnataka.purchaseId)!;
    const inter = byPurchase.get(purchases.maharashtra.purchaseId)!;
    expect(intra).toMatchObject({
      kind: 'subscription',
      paymentId: purchases.karnataka.paymentId,
      method: 'upi',
      status: 'captured',
      buyerState: 'Karnataka',
      placeOfSupply: 'Karnataka',
      cgstPercent: 9,
      sgstPercent: 9,
      igstPercent: 0,
      igst: 0,
      invoiceUrl: `/api/invoices/${purchases.karnataka.purchaseId}`,
      // Only a bid fee names an ad (projections' billing test covers one).
      itemAdId: null,
    });
    expect([invoiceNumber(financialYear, 1), invoiceNumber(financialYear, 2)]).toContain(
      intra.invoiceNumber,
    );
    expect(intra.amount).toBe(intra.total);
    expect(Number(intra.price) + Number(intra.cgst) + Number(intra.sgst)).toBeCloseTo(
      Number(intra.total),
      2,
    );
    expect(inter).toMatchObject({
      buyerState: 'Maharashtra',
      placeOfSupply: 'Maharashtra',
      cgstPercent: 0,
      sgstPercent: 0,
      igstPercent: 18,
      cgst: 0,
      sgst: 0,
    });
    expect(Number(inter.price) + Number(inter.igst)).toBeCloseTo(Number(inter.total), 2);
  });

  it('lists a failed payment, which moved no money and has no invoice, with how it was tried', async () => {
    const { body } = await audit('/payments');
    const entry = (body.data as { payments: Data[] }).payments.find(
      (payment) => payment.purchaseId === failed.purchaseId,
    );
    expect(entry).toMatchObject({
      orderId: failed.orderId,
      status: 'failed',
      method: 'upi',
      amount: null,
      invoiceNumber: null,
      invoiceUrl: null,
      // The gateway's code, which auditors reconcile against, and its words for it.
      errorCode: 'BAD_REQUEST_ERROR',
      errorDescription: 'The sandbox bank declined this payment',
    });
    expect(entry?.failedAt).toEqual(expect.any(String));
  });

  it('shows the invoice on the payment that paid, not on the failed attempt before it', async () => {
    const { body } = await audit('/payments');
    const attempts = (body.data as { payments: Data[] }).payments.filter(
      (entry) => entry.purchaseId === retried.purchaseId,
    );
    expect(attempts.map((entry) => [entry.status, entry.invoiceNumber !== null])).toEqual([
      ['failed', false],
      ['captured', true],
    ]);
  });

  it('sums the period: received, refunded, failed attempts, and the tax invoiced', async () => {
    const { body } = await audit('/payments');
    const { payments, summary } = body.data as {
      payments: { amount: number | null; status: string; invoiceNumber: string | null } & Data[];
      summary: Data;
    };
    const entries = payments as unknown as {
      amount: number | null;
      status: string;
      total: number;
      invoiceNumber: string | null;
      refundAmount: number | null;
    }[];
    const received = entries.filter((entry) => entry.status !== 'failed');
    const cents = (rupees: number) => Math.round(rupees * 100);
    const sum = (values: number[]) => values.reduce((a, b) => a + cents(b), 0) / 100;
    const receivedAmount = sum(received.map((entry) => entry.amount!));
    const refundedAmount = sum(entries.map((entry) => entry.refundAmount ?? 0));
    expect(summary).toEqual({
      received: { count: 5, amount: receivedAmount },
      refunded: { count: 1, amount: refundedAmount },
      net: (cents(receivedAmount) - cents(refundedAmount)) / 100,
      failed: { count: 2 },
      invoiced: expect.objectContaining({
        count: 5,
        total: sum(entries.filter((entry) => entry.invoiceNumber).map((entry) => entry.total)),
      }),
      credited: expect.objectContaining({ count: 1 }),
      netOfCreditNotes: expect.any(Object),
      invoicedByPlace: expect.any(Array),
    });
    expect(refundedAmount).toBeGreaterThan(0);
  });

  it('nets the credit notes issued in the period off the tax invoiced, in all and by place', async () => {
    type Documents = { count: number; price: number; igst: number; total: number };
    type Summary = Documents & {
      credited: Documents;
      netOfCreditNotes: Omit<Documents, 'count'>;
    };
    const ledger = async (query = '') =>
      (await audit(`/payments${query}`)).body.data as {
        payments: { status: string; total: number; creditNoteNumber: string | null }[];
        summary: { invoiced: Documents; invoicedByPlace: (Summary & { place: string })[] } & Omit<
          Summary,
          keyof Documents
        >;
      };
    const { payments, summary } = await ledger();
    // The second of two tabs' payments was refunded: a credit note reversed its invoice whole.
    const reversed = payments.find((entry) => entry.creditNoteNumber !== null)!;
    expect(summary.credited).toMatchObject({ count: 1, total: reversed.total });
    const cents = (rupees: number) => Math.round(rupees * 100);
    expect(cents(summary.netOfCreditNotes.total)).toBe(
      cents(summary.invoiced.total) - cents(summary.credited.total),
    );
    const credited = summary.invoicedByPlace.filter((place) => place.credited.count > 0);
    expect(credited).toHaveLength(1);
    expect(cents(credited[0]!.netOfCreditNotes.price)).toBe(
      cents(credited[0]!.price) - cents(credited[0]!.credited.price),
    );
    // The credit note is found by its number, and kept to its period and kind.
    const found = await ledger(`?search=${encodeURIComponent(reversed.creditNoteNumber!)}`);
    expect(found.summary.credited.count).toBe(1);
    expect((await ledger('?kind=bidFee')).summary.credited.count).toBe(0);
    expect((await ledger('?from=2020-01-01&to=2020-12-31')).summary.credited.count).toBe(0);
  });

  it('sums the tax invoiced by place of supply', async () => {
    type Place = {
      place: string;
      count: number;
      cgst: number;
      sgst: number;
      igst: number;
      total: number;
    };
    const { summary } = (await audit('/payments')).body.data as {
      summary: { invoiced: { count: number; total: number }; invoicedByPlace: Place[] };
    };
    const places = summary.invoicedByPlace;
    expect(places.map((place) => place.place)).toEqual(
      [...places.map((place) => place.place)].sort(),
    );
    expect(places.reduce((count, place) => count + place.count, 0)).toBe(summary.invoiced.count);
    const paise = places.reduce((total, place) => total + Math.round(place.total * 100), 0);
    expect(paise / 100).toBe(summary.invoiced.total);
    // Within the supplier's state CGST and SGST; from another, IGST.
    const karnataka = places.find((place) => place.place === 'Karnataka')!;
    expect(karnataka.cgst).toBeGreaterThan(0);
    expect(karnataka.igst).toBe(0);
    const maharashtra = places.find((place) => place.place === 'Maharashtra')!;
    expect(maharashtra).toMatchObject({ count: 1, cgst: 0, sgst: 0 });
    expect(maharashtra.igst).toBeGreaterThan(0);
  });

  it('leaves out the failed attempts when asked, and still counts them in the summary', async () => {
    const all = (await audit('/payments')).body.data as { payments: Data[]; summary: Data };
    const { body } = await audit('/payments?failed=hide');
    const shown = body.data as { payments: Data[]; total: number; summary: Data };
    expect(shown.payments.map((entry) => entry.status)).not.toContain('failed');
    expect(shown.payments.map((entry) => entry.paymentId)).toEqual(
      all.payments.filter((entry) => entry.status !== 'failed').map((entry) => entry.paymentId),
    );
    expect(shown.total).toBe(5);
    expect(shown.summary).toEqual(all.summary);
    expect((await audit('/payments?failed=maybe')).status).toBe(400);
  });

  it('keeps to the period asked for', async () => {
    const { body } = await audit('/payments?from=2020-01-01&to=2020-12-31');
    expect(body.data).toMatchObject({ total: 0, payments: [] });
  });
});

describe('one kind of purchase', () => {
  it('lists and sums only the kind asked for', async () => {
    const all = (await audit('/payments')).body.data as { total: number; summary: Data };
    // Every purchase here is a subscription: none is a bid fee.
    const subscriptions = (await audit('/payments?kind=subscription')).body.data as Data;
    expect(subscriptions).toMatchObject({ total: all.total, summary: all.summary });
    const { body } = await audit('/payments?kind=bidFee');
    expect(body.data).toMatchObject({
      total: 0,
      payments: [],
      summary: { received: { count: 0, amount: 0 }, failed: { count: 0 } },
    });
    expect((await audit('/payments?kind=all')).body.data).toMatchObject({ total: all.total });
    expect((await audit('/payments?kind=sofa')).status).toBe(400);
  });
});

describe('a search of the ledger', () => {
  type Ledger = { total: number; payments: Data[]; summary: Data };
  const found = async (search: string) =>
    (await audit(`/payments?search=${encodeURIComponent(search)}`)).body.data as Ledger;
  const all = async () => (await audit('/payments')).body.data as Ledger;

  it('finds payments by their place of supply', async () => {
    expect((await found('maharashtra')).payments.map((entry) => entry.purchaseId)).toEqual([
      purchases.maharashtra.purchaseId,
    ]);
  });

  it('finds a purchase by its invoice number, the failed attempt before it included', async () => {
    const paid = (await all()).payments.find(
      (entry) => entry.purchaseId === retried.purchaseId && entry.invoiceNumber !== null,
    )!;
    const ledger = await found(String(paid.invoiceNumber).toLowerCase());
    expect(ledger.payments.map((entry) => [entry.purchaseId, entry.status])).toEqual([
      [retried.purchaseId, 'failed'],
      [retried.purchaseId, 'captured'],
    ]);
    expect(ledger.summary).toMatchObject({ received: { count: 1 }, failed: { count: 1 } });
  });

  it('finds a payment by its id or its order, and a buyer by name, username or email', async () => {
    const { paymentId, purchaseId } = purchases.karnataka;
    expect((await found(paymentId.toUpperCase())).payments.map((e) => e.paymentId)).toEqual([
      paymentId,
    ]);
    expect((await found(failed.orderId)).payments.map((e) => e.purchaseId)).toEqual([
      failed.purchaseId,
    ]);
    const buyer = (await all()).payments.find((entry) => entry.purchaseId === purchaseId)!
      .buyer as { userId: string; name: string };
    expect(buyer.name).toBe('Asha Kamath');
    for (const search of ['asha kamath', 'ASHAKA', 'ashaka@EXAMPLE.in', buyer.userId]) {
      const ledger = await found(search);
      expect(ledger.payments.map((entry) => entry.purchaseId)).toEqual([purchaseId]);
    }
  });

  it('finds a refund by the gateway’s refund id, which the ledger and its CSV show', async () => {
    const refunded = (await all()).payments.find((entry) => entry.refundAmount !== null)!;
    expect(refunded.refundId).toMatch(/^rfnd_/);
    const ledger = await found(String(refunded.refundId));
    expect(ledger.payments.map((entry) => entry.paymentId)).toEqual([refunded.paymentId]);
    const [header, ...rows] = rowsOf(
      await (await csv(`?search=${String(refunded.refundId)}`)).text(),
    );
    expect(rows.map((row) => row[header!.indexOf('Refund ID')])).toEqual([refunded.refundId]);
  });

  it('finds purchases by their name (a won slot by its type and day)', async () => {
    const byName = await found('lifetime SUBSCRIPTION');
    const subscriptions = (await audit('/payments?kind=subscription')).body.data as Ledger;
    expect(byName.total).toBeGreaterThan(0);
    expect(byName.payments.map((entry) => entry.purchaseId)).toEqual(
      subscriptions.payments.map((entry) => entry.purchaseId),
    );
  });

  it('takes LIKE wildcards as text, a blank search as none, and refuses an overlong one', async () => {
    expect((await found('%')).total).toBe(0);
    expect((await found('  ')).total).toBe((await all()).total);
    const overlong = 'x'.repeat(LIMITS.ledgerSearchMax + 1);
    expect((await audit(`/payments?search=${overlong}`)).status).toBe(400);
  });
});

describe('the ledger as a spreadsheet', () => {
  it('holds every payment of the period, one row each, amounts in rupees', async () => {
    const response = await csv('?from=2026-04-01');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="boli-payments-2026-04-01-to-end.csv"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A byte-order mark first (which decoding takes off), for spreadsheets to read UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const [header, ...rows] = rowsOf(text);
    const column = (name: string) => header!.indexOf(name);
    const ledger = (await audit('/payments?from=2026-04-01')).body.data as {
      total: number;
      payments: Data[];
    };
    expect(rows).toHaveLength(ledger.total);
    expect(rows.map((row) => row[column('Payment ID')])).toEqual(
      ledger.payments.map((entry) => entry.paymentId),
    );
    const intra = rows.find((row) => row[column('Payment ID')] === purchases.karnataka.paymentId)!;
    const entry = ledger.payments.find((e) => e.paymentId === purchases.karnataka.paymentId)!;
    expect(intra[column('Status')]).toBe('captured');
    expect(intra[column('Kind')]).toBe('subscription');
    expect(intra[column('SAC')]).toBe('998599');
    expect(intra[column('Buyer state')]).toBe('Karnataka');
    expect(intra[column('Place of supply')]).toBe('Karnataka');
    expect(intra[column('Total (₹)')]).toBe(Number(entry.total).toFixed(2));
    expect(intra[column('CGST %')]).toBe('9');
    expect(intra[column('Invoice')]).toBe(entry.invoiceNumber);
    expect([intra[column('Ad ID')], intra[column('Ad')]]).toEqual(['', '']);
    const failedRow = rows.find((row) => row[column('Purchase ID')] === failed.purchaseId)!;
    expect(failedRow[column('Status')]).toBe('failed');
    expect(failedRow[column('Paid (₹)')]).toBe('');
    // Its purchase's tax is on the row of the payment that paid, not on each attempt: summing
    // the column gives what was invoiced.
    expect(
      ['Total (₹)', 'IGST (₹)', 'IGST %', 'CGST %'].map((name) => failedRow[column(name)]),
    ).toEqual(['', '', '', '']);
    const summary = (await audit('/payments?from=2026-04-01')).body.data as {
      summary: { invoiced: { total: number } };
    };
    const totals = rows.map((row) => Number(row[column('Total (₹)')] || 0));
    expect(Math.round(totals.reduce((sum, total) => sum + total, 0) * 100)).toBe(
      Math.round(summary.summary.invoiced.total * 100),
    );
  });

  it('reads the ledger a batch at a time, missing no payment and repeating none', async () => {
    const filter = { from: OPEN_FROM, to: OPEN_TO };
    const batches: string[][] = [];
    for await (const rows of everyLedgerRow(kit.db, filter, 2)) {
      batches.push(rows.map((row) => row.payment_id));
    }
    const ledger = (await audit('/payments')).body.data as { payments: Data[] };
    expect(batches.map((batch) => batch.length)).toEqual([2, 2, 2, 1]);
    expect(batches.flat()).toEqual(ledger.payments.map((entry) => entry.paymentId));
  });

  it('keeps to the kind and the failed attempts asked for, and to auditors', async () => {
    const paid = rowsOf(await (await csv('?failed=hide')).text()).slice(1);
    expect(paid).toHaveLength(5);
    const none = await csv('?kind=bidFee&from=2026-04-01&to=2027-03-31');
    expect(none.headers.get('content-disposition')).toBe(
      'attachment; filename="boli-payments-2026-04-01-to-2027-03-31-bidFee.csv"',
    );
    expect(rowsOf(await none.text())).toHaveLength(1);
    expect((await csv('?kind=sofa')).status).toBe(400);
    expect((await csv('', member.token)).status).toBe(403);
  });

  it('keeps to the search asked for, and its name says so', async () => {
    const found = await csv(`?search=${purchases.maharashtra.paymentId}`);
    expect(found.headers.get('content-disposition')).toBe(
      'attachment; filename="boli-payments-start-to-end-matching.csv"',
    );
    const [header, ...rows] = rowsOf(await found.text());
    expect(rows.map((row) => row[header!.indexOf('Payment ID')])).toEqual([
      purchases.maharashtra.paymentId,
    ]);
  });
});

describe('the invoice series check', () => {
  it('proves this year’s series gap-free, with every capture invoiced and every refund credited', async () => {
    // The refund's credit note follows the refund: wait until the read model has it.
    const { status, body } = await eventually(
      async () => {
        const answer = await audit(`/invoices/check?financialYear=${financialYear}`);
        return (answer.body.data as { creditNotes: { count: number } }).creditNotes.count === 1
          ? answer
          : null;
      },
      { what: 'the refunded invoice was credited' },
    );
    expect(status).toBe(200);
    const ledger = (await audit('/payments')).body.data as {
      payments: {
        total: number;
        status: string;
        invoiceNumber: string | null;
        creditNoteNumber: string | null;
        creditNoteUrl: string | null;
        purchaseId: string;
      }[];
    };
    const invoiced = ledger.payments.filter((payment) => payment.invoiceNumber !== null);
    const refunded = invoiced.filter((payment) => payment.status === 'refunded');
    const totalOf = (payments: { total: number }[]) =>
      payments.reduce((sum, payment) => sum + Math.round(payment.total * 100), 0) / 100;
    expect(refunded).toHaveLength(1);
    expect(body.data).toMatchObject({
      financialYear,
      count: 5,
      first: invoiceNumber(financialYear, 1),
      last: invoiceNumber(financialYear, 5),
      gaps: [],
      duplicates: [],
      capturedWithoutInvoice: [],
      complete: true,
      totals: { total: totalOf(invoiced) },
      // The refunded subscription's invoice, set apart, and the year without it.
      refunded: { count: 1, total: totalOf(refunded) },
      net: {
        total: (Math.round(totalOf(invoiced) * 100) - Math.round(totalOf(refunded) * 100)) / 100,
      },
      // …reversed by the year's one credit note, for the invoice's whole value.
      refundedWithoutCreditNote: [],
      creditNotes: {
        count: 1,
        first: creditNoteNumber(financialYear, 1),
        last: creditNoteNumber(financialYear, 1),
        gaps: [],
        duplicates: [],
        misnumbered: [],
        creditedTwice: [],
        totals: { total: totalOf(refunded) },
      },
    });
    // The ledger shows the credit note on the refunded payment that paid, and nowhere else.
    expect(refunded[0]).toMatchObject({
      creditNoteNumber: creditNoteNumber(financialYear, 1),
      creditNoteUrl: `/api/credit-notes/${refunded[0]!.purchaseId}`,
    });
    expect(ledger.payments.filter((payment) => payment.creditNoteNumber !== null)).toHaveLength(1);
  });

  it('shows the gaps of a series that skips numbers', async () => {
    // An invoice written straight into a past year's series, as a tampered log would hold it.
    await kit.store.append(
      invoiceSeriesStream('2019-20'),
      [
        {
          type: 'InvoiceIssued',
          data: {
            invoiceNumber: 'BL/19-20/000003',
            financialYear: '2019-20',
            sequence: 3,
            purchaseId: 'p-not-in-the-read-model',
            issuedAt: '2019-06-01T10:00:00.000Z',
          },
          metadata: { eventId: randomUUID(), now: '2019-06-01T10:00:00.000Z' },
        },
      ],
      'no-stream',
    );
    const { body } = await audit('/invoices/check?financialYear=2019-20');
    expect(body.data).toMatchObject({
      count: 1,
      gaps: [1, 2],
      invoicedUnknownPurchase: ['p-not-in-the-read-model'],
      complete: false,
    });
  });
});

describe('the gateway check', () => {
  it("finds our record of a purchase's payment the same as the gateway's", async () => {
    const { purchaseId, paymentId } = purchases.maharashtra;
    const { status, body } = await audit(`/gateway-check?purchaseId=${purchaseId}`);
    expect(status).toBe(200);
    const data = body.data as { agrees: boolean; payments: Data[]; orders: Data[] };
    expect(data.agrees).toBe(true);
    expect(data.orders).toHaveLength(1);
    expect(data.payments).toEqual([
      expect.objectContaining({
        paymentId,
        ours: expect.objectContaining({ status: 'captured', method: 'upi' }),
        gateway: expect.objectContaining({ status: 'captured', method: 'upi' }),
        problems: [],
      }),
    ]);
  });
});

describe('the gateway check, when the records differ or a payment failed', () => {
  it('agrees on a payment both sides saw fail', async () => {
    const { body } = await audit(`/gateway-check?purchaseId=${failed.purchaseId}`);
    const data = body.data as { agrees: boolean; payments: Data[] };
    expect(data.agrees).toBe(true);
    expect(data.payments).toEqual([
      expect.objectContaining({
        ours: expect.objectContaining({ status: 'failed', amount: null }),
        gateway: expect.objectContaining({ status: 'failed' }),
      }),
    ]);
  });

  it('finds a capture at the gateway that Boli has not recorded', async () => {
    const { body } = await audit(`/gateway-check?purchaseId=${unheard.purchaseId}`);
    const data = body.data as { agrees: boolean; status: string; payments: Data[] };
    // Still waiting for its payment, as far as Boli knows.
    expect(['created', 'ordered']).toContain(data.status);
    expect(data.agrees).toBe(false);
    expect(data.payments).toEqual([
      expect.objectContaining({
        ours: null,
        gateway: expect.objectContaining({ status: 'captured' }),
        problems: ['captured at the gateway, not recorded by Boli'],
      }),
    ]);
  });
});

describe('a period checked against the gateway', () => {
  type Side = { status: string; amount: number | null } | null;
  type Reconciliation = {
    inLedger: number;
    atGateway: number;
    compared: number;
    agreeing: number;
    agrees: boolean;
    ours: { received: number; refunded: number };
    gateway: { received: number; refunded: number };
    differences: { purchaseId: string | null; ours: Side; gateway: Side; problems: string[] }[];
  };

  it('finds the capture Boli never heard of, and agrees on every other payment', async () => {
    const { status, body } = await audit('/gateway-reconciliation');
    expect(status).toBe(200);
    const data = body.data as Reconciliation;
    const ledger = (await audit('/payments')).body.data as { total: number };
    expect(data.inLedger).toBe(ledger.total);
    // The gateway made one payment more: the one whose news never reached Boli.
    expect(data.atGateway).toBe(ledger.total + 1);
    expect(data).toMatchObject({ compared: ledger.total + 1, agreeing: ledger.total });
    expect(data.agrees).toBe(false);
    expect(data.differences).toEqual([
      expect.objectContaining({
        purchaseId: unheard.purchaseId,
        ours: null,
        gateway: expect.objectContaining({ status: 'captured' }),
        problems: ['captured at the gateway, not recorded by Boli'],
      }),
    ]);
    // The money: the gateway took the unheard payment's more; both gave back the same refund.
    const unheardAmount = data.differences[0]!.gateway!.amount!;
    expect(data.gateway.received - data.ours.received).toBeCloseTo(unheardAmount, 2);
    expect(data.ours.refunded).toBeGreaterThan(0);
    expect(data.gateway.refunded).toBe(data.ours.refunded);
  });

  it('keeps to the period asked for, and says what is wrong with one', async () => {
    const { body } = await audit('/gateway-reconciliation?from=2020-01-01&to=2020-12-31');
    expect(body.data).toMatchObject({ inLedger: 0, atGateway: 0, compared: 0, agrees: true });
    expect((await audit('/gateway-reconciliation?from=2026-05-02&to=2026-05-01')).status).toBe(400);
    expect((await audit('/gateway-reconciliation?to=someday')).status).toBe(400);
    expect((await audit('/gateway-reconciliation', member.token)).status).toBe(403);
  });
});

describe('the tax invoice file', () => {
  it('renders the invoice of a paid purchase as a PDF', async () => {
    const file = await invoiceFileOf(kit.db, purchases.karnataka.purchaseId);
    expect(file?.invoiceNumber).toMatch(/^BL\/\d{2}-\d{2}\/\d{6}$/);
    expect(file?.fileName).toBe(`${file?.invoiceNumber.replaceAll('/', '-')}.pdf`);
    expect(file?.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await invoiceFileOf(kit.db, 'no-such-purchase')).toBeUndefined();
  });
});

describe('a failed attempt heard of only after another paid', () => {
  it('is in the ledger beside the payment, and the purchase stays paid', async () => {
    const buyer = await kit.member('latel');
    const late = await orderedSubscription(kit, buyer);
    // The gateway's webhooks come late; the member's browser reports the capture at once.
    await sandboxBehaviour(app, { webhookDelayMs: 1_500 });
    try {
      await failAtSandbox(app, late.orderId);
      const checkout = await payAtSandbox(app, late.orderId);
      const confirmed = await kit.api('/api/cart/payment/', {
        token: buyer.token,
        json: { ...checkout, cart_id: late.purchaseId },
      });
      expect(confirmed.status).toBe(200);
    } finally {
      await sandboxBehaviour(app, { webhookDelayMs: 0 });
    }
    const attempts = await eventually(
      async () => {
        const { body } = await audit('/payments');
        const payments = (body.data as { payments: Data[] }).payments.filter(
          (entry) => entry.purchaseId === late.purchaseId,
        );
        return payments.length === 2 ? payments : null;
      },
      { what: 'the late failure reaches the ledger', timeoutMs: 20_000 },
    );
    expect(attempts.map((entry) => entry.status).sort()).toEqual(['captured', 'failed']);
    const check = await audit(`/gateway-check?purchaseId=${late.purchaseId}`);
    expect((check.body.data as { agrees: boolean }).agrees).toBe(true);
  });
});
