import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceSeriesStream, type InvoiceIssued } from '@boli/engine/billing/invoice.events';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import { issueInvoice } from './invoiceSeries.ts';

/*
 * The invoice series under concurrent issuers, against real PostgreSQL: numbers 1..n with no gap
 * and no repeat, one invoice per purchase however many settle it at once.
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
    expect(issued[0]?.invoiceNumber).toBe('BOLI/2031-32/000001');

    await issueInvoice({ store, db }, 'p-3', year);
    expect(await store.readStream(invoiceSeriesStream(year))).toHaveLength(12);
  });
});
