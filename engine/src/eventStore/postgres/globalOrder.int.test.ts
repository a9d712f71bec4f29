import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../ops/src/testing/database.ts';
import { newEvent, waitFor } from '../eventStore.contract.ts';
import {
  ConcurrencyError,
  START,
  comparePositions,
  type EventStore,
  type ExpectedVersion,
  type RecordedEvent,
} from '../eventStore.ts';
import { appendQuery } from './appender.ts';
import { createPostgresEventStore } from './postgresEventStore.ts';

const WRITERS = 16;

describe('global order of the PostgreSQL event store under concurrent commits', () => {
  let database: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    // One pool connection per writer, plus room for the subscriber.
    store = createPostgresEventStore({
      connectionString: database.url,
      maxConnections: WRITERS + 2,
      pollIntervalMs: 50,
    });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('delivers every committed event exactly once, in each stream’s version order', async () => {
    const plan = fc.array(
      fc.record({
        stream: fc.nat({ max: 5 }),
        events: fc.integer({ min: 1, max: 3 }),
        // Exact expected versions read just before appending; racing writers lose some.
        exact: fc.boolean(),
      }),
      { minLength: 1, maxLength: 12 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(plan, { minLength: WRITERS, maxLength: WRITERS }),
        async (writers) => {
          const run = randomUUID();
          const committed = new Set<string>();
          const seen: RecordedEvent[] = [];
          const subscription = store.subscribe(START, async (event) => {
            if (event.streamId.startsWith(run)) seen.push(event);
          });
          try {
            await Promise.all(
              writers.map(async (appends) => {
                for (const { stream, events, exact } of appends) {
                  const streamId = `${run}-${stream}`;
                  const batch = Array.from({ length: events }, (_, n) =>
                    newEvent('Appended', { n }),
                  );
                  const expected: ExpectedVersion = exact
                    ? (await store.readStream(streamId)).length - 1
                    : 'any';
                  try {
                    await store.append(streamId, batch, expected);
                    for (const event of batch) committed.add(event.metadata.eventId);
                  } catch (error) {
                    if (!(error instanceof ConcurrencyError)) throw error;
                  }
                }
              }),
            );
            await waitFor(() => seen.length >= committed.size, 15_000);
            // Anything late or doubled would arrive now.
            await new Promise((resolve) => setTimeout(resolve, 150));
          } finally {
            await subscription.close();
          }

          const ids = seen.map((event) => event.metadata.eventId);
          expect(new Set(ids).size).toBe(ids.length);
          expect(new Set(ids)).toEqual(committed);
          for (let i = 1; i < seen.length; i++) {
            expect(comparePositions(seen[i - 1]!.position, seen[i]!.position)).toBe(-1);
          }
          const versions = new Map<string, number[]>();
          for (const event of seen) {
            versions.set(event.streamId, [
              ...(versions.get(event.streamId) ?? []),
              event.streamVersion,
            ]);
          }
          for (const list of versions.values()) expect(list).toEqual(list.map((_, index) => index));
        },
      ),
      { numRuns: 8 },
    );
  });

  it('finds an event committed late, which a plain position > checkpoint reader skips for good', async () => {
    const run = randomUUID();
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    const naiveRead = async (
      checkpoint: string,
    ): Promise<{ position: string; stream_id: string }[]> =>
      (
        await pool.query<{ position: string; stream_id: string }>(
          'SELECT position, stream_id FROM event_store_events WHERE position > $1 ORDER BY position',
          [checkpoint],
        )
      ).rows;
    try {
      const before = await pool.query<{ max: string | null }>(
        'SELECT max(position) AS max FROM event_store_events',
      );
      let naiveCheckpoint = before.rows[0]?.max ?? '0';
      const ourCheckpoint = (await store.readAll(START, 1_000_000)).at(-1)?.position ?? START;

      // A takes its transaction id and sequence number first, then stays open.
      const slow = await pool.connect();
      try {
        await slow.query('BEGIN');
        await slow.query(appendQuery(`${run}-A`, [newEvent('SlowCommit', {})], 'no-stream'));
        // B starts later, gets a higher sequence number, and commits first.
        await store.append(`${run}-B`, [newEvent('FastCommit', {})], 'no-stream');

        const naiveFirst = await naiveRead(naiveCheckpoint);
        expect(naiveFirst.map((row) => row.stream_id)).toEqual([`${run}-B`]);
        naiveCheckpoint = naiveFirst.at(-1)!.position;
        // Ours holds B back while A, an older transaction, might still commit.
        expect(
          (await store.readAll(ourCheckpoint, 100)).filter((e) => e.streamId.startsWith(run)),
        ).toEqual([]);

        await slow.query('COMMIT');
      } finally {
        slow.release();
      }

      expect(await naiveRead(naiveCheckpoint)).toEqual([]);
      const ours: RecordedEvent[] = [];
      const subscription = store.subscribe(ourCheckpoint, async (event) => {
        if (event.streamId.startsWith(run)) ours.push(event);
      });
      try {
        await waitFor(() => ours.length === 2, 10_000);
      } finally {
        await subscription.close();
      }
      expect(ours.map((event) => event.type)).toEqual(['SlowCommit', 'FastCommit']);
      expect(await naiveRead(naiveCheckpoint)).toEqual([]);
    } finally {
      await pool.end();
    }
  });
});

describe('the log read across a power of ten in transaction ids', () => {
  let database: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore({ connectionString: database.url });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('comes in numeric transaction order (9 before 10), one batch after another', async () => {
    // Two events as transactions 9 and 10 committed them: long before any transaction now.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO event_store_events (transaction_id, event_id, stream_id, stream_version, type,
           data, metadata, recorded_at, command_time, hash, prev_hash)
         SELECT t::text::xid8, 'digits-' || t, 'digits-' || t, 0, 'Committed',
           jsonb_build_object('transaction', t), '{}', now(), now(), repeat('0', 64), repeat('0', 64)
           FROM unnest(ARRAY[10, 9]) AS t`,
      );
    } finally {
      await client.end();
    }

    const [first] = await store.readAll(START, 1);
    expect(first?.position.commit).toBe(9n);
    const [second] = await store.readAll(first!.position, 1);
    expect(second?.position.commit).toBe(10n);
    expect((await store.readAll(START, 10)).map((event) => event.streamId)).toEqual([
      'digits-9',
      'digits-10',
    ]);
  });
});
