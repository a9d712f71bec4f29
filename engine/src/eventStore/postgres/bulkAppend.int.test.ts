import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../ops/src/testing/database.ts';
import { newEvent } from '../eventStore.contract.ts';
import { START, type EventStore } from '../eventStore.ts';
import { verifyStream } from '../hashChain.ts';
import { appendNewStreams, existingStreams, type NewStream } from './bulkAppend.ts';
import { createPostgresEventStore } from './postgresEventStore.ts';

const adStreamOf = (bids: number): NewStream => ({
  streamId: `ad-${randomUUID()}`,
  events: Array.from({ length: bids }, (_, n) =>
    newEvent(
      'BidPlaced',
      { amountPaise: 1000 * (n + 1), note: 'ü ✓' },
      { actor: { userId: `u-${n}`, role: 'member' } },
    ),
  ),
});

describe('bulk-loading new streams into PostgreSQL', () => {
  let database: TestDatabase;
  let store: EventStore;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore({ connectionString: database.url });
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
  });
  afterAll(async () => {
    await pool.end();
    await store.close();
    await database.drop();
  });

  it('stores streams an auditor can verify, read back as the store appends them', async () => {
    const streams = [adStreamOf(3), adStreamOf(1), adStreamOf(2)];
    expect(await appendNewStreams(pool, streams)).toBe(6);
    for (const { streamId, events } of streams) {
      expect(await verifyStream(store, streamId)).toEqual({ ok: true });
      const stored = await store.readStream(streamId);
      expect(stored.map((e) => [e.streamVersion, e.data, e.metadata.eventId])).toEqual(
        events.map((e, v) => [v, e.data, e.metadata.eventId]),
      );
    }
    // $all holds them in the order given (once every older transaction on the server has ended).
    let all = await store.readAll(START, 100);
    for (let waited = 0; all.length < 6 && waited < 30_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      all = await store.readAll(START, 100);
    }
    expect(all.map((e) => e.streamId)).toEqual(
      streams.flatMap((s) => s.events.map(() => s.streamId)),
    );
    // The store appends after them as after any other stream.
    const first = streams[0]!;
    await store.append(first.streamId, [newEvent('BidPlaced', { amountPaise: 9000 })], 2);
    expect(await verifyStream(store, first.streamId)).toEqual({ ok: true });
  });

  it('stores nothing of a batch in which one stream already exists', async () => {
    const existing = adStreamOf(1);
    await store.append(existing.streamId, existing.events, 'no-stream');
    const fresh = adStreamOf(2);
    await expect(
      appendNewStreams(pool, [fresh, { ...adStreamOf(1), streamId: existing.streamId }]),
    ).rejects.toThrow();
    expect(await store.readStream(fresh.streamId)).toEqual([]);
    expect(await existingStreams(pool, [fresh.streamId, existing.streamId])).toEqual(
      new Set([existing.streamId]),
    );
  });
});
