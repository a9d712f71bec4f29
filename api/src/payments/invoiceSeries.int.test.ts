import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditNoteSeriesStream,
  invoiceSeriesStream,
  type CreditNoteIssued,
  type InvoiceIssued,
} from '@boli/engine/billing/invoice.events';
import { invoiceNumber } from '@boli/engine/billing/invoice.rules';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { purchasesProjection } from '@boli/projections/billing/purchases.projection';
import { invoicesOfPurchase } from '@boli/projections/billing/purchases.queries';
import { startProjectionRunners } from '@boli/projections/runtime/runners';
import { waitForProjections } from '@boli/projections/runtime/waitForProjections';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import { issueCreditNote, issueInvoice } from './invoiceSeries.ts';

/*
 * The invoice and credit-note series under concurrent issuers, against real PostgreSQL: numbers
 * 1..n with no gap and no repeat, one document per purchase however many settle it at once.
 */

let database: TestDatabase;
let db: Knex;
let store: EventStore;

beforeAll(async () => {
  database = await createTestDatabase();
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 8 } });
  store = createPostgresEventStore({ connectionString: database.url });
});

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

describe('invoice series', () => {
  it('numbers concurrent invoices without a gap and invoices each purchase once', async () => {
    const year = '2031-32';
    const purchases = Array.from({ length: 12 }, (_, i) => `p-${i}`);
    // Every purchase is settled three times at once (callback, webhook, reconciler).
    await Promise.all(
      [...purchases, ...purchases, ...purchases].map((purchaseId) =>
        issueInvoice({ store, db }, purchaseId, year),
      ),
    );
    const issued = (await store.readStream(invoiceSeriesStream(year))).map(
      (event) => (event as unknown as InvoiceIssued).data,
    );
    expect(issued.map((invoice) => invoice.sequence)).toEqual(purchases.map((_, i) => i + 1));
    expect(new Set(issued.map((invoice) => invoice.purchaseId))).toEqual(new Set(purchases));
    expect(issued[0]?.invoiceNumber).toBe('BL/31-32/000001');

    await issueInvoice({ store, db }, 'p-3', year);
    expect(await store.readStream(invoiceSeriesStream(year))).toHaveLength(12);
  });

  it('invoices each purchase once while the purchases read model catches up underneath', async () => {
    const year = '2032-33';
    const runners = await startProjectionRunners({
      databaseUrl: database.url,
      store,
      projections: [purchasesProjection],
      idlePollMs: 5,
    });
    try {
      const purchases: string[] = [];
      // Waves of settlements: each settles new purchases three times at once and settles
      // earlier ones again, while the read model is still taking in the earlier waves. Every
      // issuer starts from what the read model knows, so a retry must not lose sight of an
      // invoice that moved from the tail into the read model between its attempts.
      for (let wave = 0; wave < 6; wave++) {
        const fresh = Array.from({ length: 6 }, (_, i) => `q-${wave}-${i}`);
        purchases.push(...fresh);
        await Promise.all(
          [...fresh, ...fresh, ...fresh, ...purchases.slice(0, 6)].map((purchaseId) =>
            issueInvoice({ store, db }, purchaseId, year),
          ),
        );
      }
      const stream = await store.readStream(invoiceSeriesStream(year));
      const issued = stream.map((event) => (event as unknown as InvoiceIssued).data);
      expect(issued.map((invoice) => invoice.sequence)).toEqual(purchases.map((_, i) => i + 1));
      expect(issued.map((invoice) => invoice.purchaseId).sort()).toEqual([...purchases].sort());
      expect(await waitForProjections(db, ['purchases'], stream.at(-1)!.position)).toBe(true);
      for (const purchaseId of purchases) {
        expect(await invoicesOfPurchase(db, purchaseId)).toHaveLength(1);
      }
    } finally {
      await runners.stop();
    }
  });

  it('numbers concurrent credit notes without a gap, one per refunded purchase, and answers its number', async () => {
    const year = '2033-34';
    const refunds = Array.from({ length: 8 }, (_, i) => ({
      purchaseId: `r-${i}`,
      financialYear: year,
      invoiceNumber: invoiceNumber('2032-33', i + 1),
      paymentId: `pay_${i}`,
      refundId: `rfnd_${i}`,
      amount: 117_882,
    }));
    // The refund's webhook, the settlement after it and the sweep, at once.
    const numbers = await Promise.all(
      [...refunds, ...refunds, ...refunds].map((refund) => issueCreditNote({ store, db }, refund)),
    );
    const issued = (await store.readStream(creditNoteSeriesStream(year))).map(
      (event) => (event as unknown as CreditNoteIssued).data,
    );
    expect(issued.map((note) => note.sequence)).toEqual(refunds.map((_, i) => i + 1));
    expect(issued.map((note) => note.purchaseId).sort()).toEqual(
      refunds.map((refund) => refund.purchaseId).sort(),
    );
    // Every caller is told the one number its purchase got.
    const byPurchase = new Map(issued.map((note) => [note.purchaseId, note.creditNoteNumber]));
    [...refunds, ...refunds, ...refunds].forEach((refund, i) =>
      expect(numbers[i]).toBe(byPurchase.get(refund.purchaseId)),
    );
    expect(issued.find((note) => note.purchaseId === 'r-0')).toMatchObject({
      invoiceNumber: 'BL/32-33/000001',
      refundId: 'rfnd_0',
      amount: 117_882,
    });
    expect(issued[0]?.creditNoteNumber).toBe('CN/33-34/000001');
  });
});
