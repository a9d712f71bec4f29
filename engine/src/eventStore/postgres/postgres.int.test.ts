import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../ops/src/testing/database.ts';
import { eventStoreContract, newEvent } from '../eventStore.contract.ts';
import {
  comparePositions,
  ConcurrencyError,
  DuplicateEventIdError,
  formatPosition,
  laterPosition,
  parsePosition,
  POSITION_TEXT,
  START,
  type EventStore,
} from '../eventStore.ts';
import { verifyStream } from '../hashChain.ts';
import { createPostgresEventStore, type PostgresEventStoreOptions } from './postgresEventStore.ts';
import { NOTIFY_CHANNEL } from './sqlNames.ts';

type Tuning = Omit<PostgresEventStoreOptions, 'connectionString' | 'pool'>;

async function storeOnFreshDatabase(tuning: Tuning) {
  const database = await createTestDatabase();
  const store = createPostgresEventStore({
    connectionString: database.url,
    pollIntervalMs: 100,
    ...tuning,
  });
  return {
    store,
    async teardown() {
      await store.close();
      await database.drop();
    },
  };
}

eventStoreContract('PostgreSQL', () => storeOnFreshDatabase({}));

// One append in flight: every concurrent append goes through group commit; NOTIFY in the transaction.
eventStoreContract('PostgreSQL, grouped appends, NOTIFY in transaction', () =>
  storeOnFreshDatabase({ appendConcurrency: 1, notify: 'in-transaction' }),
);

describe('group commit in the PostgreSQL event store', () => {
  let database: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore({ connectionString: database.url, appendConcurrency: 1 });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it('keeps each grouped append’s own answer when one of them is a retry or a clash', async () => {
    const stream = `ad-${randomUUID()}`;
    const stored = [newEvent('BidPlaced', { n: 0 })];
    const original = await store.append(stream, stored, 'no-stream');
    const other = `ad-${randomUUID()}`;
    // Queued behind the first, these go as one group; the retry makes the group roll back.
    const outcomes = await Promise.allSettled([
      store.append(other, [newEvent('AdPosted', {})], 'no-stream'),
      store.append(stream, stored, 'no-stream'),
      store.append(stream, [newEvent('BidPlaced', { n: 1 })], 0),
      store.append(stream, [newEvent('BidPlaced', { n: 2 })], 0),
      store.append(`ad-${randomUUID()}`, stored, 'any'),
      store.append(other, [newEvent('AdEdited', {})], 0),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect(outcomes[1]).toEqual({ status: 'fulfilled', value: original });
    expect((outcomes[3] as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    expect((outcomes[4] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateEventIdError);
    expect((await store.readStream(stream)).map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }]);
    expect((await store.readStream(other)).map((e) => e.type)).toEqual(['AdPosted', 'AdEdited']);
    expect(await verifyStream(store, stream)).toEqual({ ok: true });
  });

  it('chains many appends to one stream committed in one group', async () => {
    const stream = `ad-${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        store.append(stream, [newEvent('BidPlaced', { n })], 'any'),
      ),
    );
    expect(results.map((r) => r.nextExpectedVersion).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, n) => n),
    );
    expect(await verifyStream(store, stream)).toEqual({ ok: true });
  });

  it('splits a long queue into groups that commit in parallel without mixing up one stream', async () => {
    const parallel = createPostgresEventStore({ connectionString: database.url });
    try {
      const hot = `ad-${randomUUID()}`;
      const independent = Array.from({ length: 40 }, () => `ad-${randomUUID()}`);
      // 80 appends asked for in one turn: more than one group, sent on several connections.
      const [hotResults, independentResults] = await Promise.all([
        Promise.all(
          Array.from({ length: 40 }, (_, n) =>
            parallel.append(hot, [newEvent('BidPlaced', { n })], 'any'),
          ),
        ),
        Promise.all(
          independent.map((stream) =>
            parallel.append(stream, [newEvent('AdPosted', {})], 'no-stream'),
          ),
        ),
      ]);
      expect(hotResults.map((r) => r.nextExpectedVersion).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 40 }, (_, n) => n),
      );
      expect(independentResults.every((r) => r.nextExpectedVersion === 0)).toBe(true);
      expect(await verifyStream(parallel, hot)).toEqual({ ok: true });
    } finally {
      await parallel.close();
    }
  });

  it('answers conflicts, empty appends and multi-event appends of one group each on its own', async () => {
    const [a, b, c] = [`ad-${randomUUID()}`, `ad-${randomUUID()}`, `ad-${randomUUID()}`];
    await store.append(a, [newEvent('AdPosted', {})], 'no-stream');
    // Held back by the one in flight, the next four commit together as one group.
    const blocker = store.append(`ad-${randomUUID()}`, [newEvent('AdPosted', {})], 'no-stream');
    const grouped = Promise.allSettled([
      store.append(b, [newEvent('AdPosted', {}), newEvent('AdEdited', {})], 'no-stream'),
      store.append(a, [newEvent('BidPlaced', { n: 1 })], 'no-stream'),
      store.append(a, [], 'stream-exists'),
      store.append(c, [newEvent('AdPosted', {})], 5),
      store.append(b, [newEvent('BidPlaced', { n: 2 })], 1),
    ]);
    await blocker;
    const [twoEvents, conflict, empty, missing, afterTwo] = await grouped;
    expect(twoEvents).toMatchObject({ status: 'fulfilled', value: { nextExpectedVersion: 1 } });
    expect((conflict as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    expect(empty).toMatchObject({ status: 'fulfilled', value: { nextExpectedVersion: 0 } });
    expect((missing as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    expect(afterTwo).toMatchObject({ status: 'fulfilled', value: { nextExpectedVersion: 2 } });
    const stored = await store.readStream(b);
    expect(stored.map((e) => e.type)).toEqual(['AdPosted', 'AdEdited', 'BidPlaced']);
    const last = (afterTwo as PromiseFulfilledResult<{ lastPosition: unknown }>).value.lastPosition;
    expect(last).toEqual(stored[2]!.position);
    expect(await store.readStream(c)).toEqual([]);
    expect(await verifyStream(store, b)).toEqual({ ok: true });
  });

  it('recognises a stale retry in a group, and answers an empty append with the group’s own head', async () => {
    const [a, b] = [`ad-${randomUUID()}`, `ad-${randomUUID()}`];
    const first = [newEvent('AdPosted', {})];
    const original = await store.append(a, first, 'no-stream');
    await store.append(a, [newEvent('AdEdited', {})], 0);
    const blocker = store.append(`ad-${randomUUID()}`, [newEvent('AdPosted', {})], 'no-stream');
    const grouped = Promise.all([
      store.append(a, first, 'no-stream'),
      store.append(b, [newEvent('AdPosted', {})], 'no-stream'),
      store.append(b, [], 0),
    ]);
    await blocker;
    const [retried, posted, empty] = await grouped;
    expect(retried).toEqual(original);
    expect(empty).toEqual(posted);
    expect((await store.readStream(a)).map((e) => e.type)).toEqual(['AdPosted', 'AdEdited']);
  });
});

describe('subscriptions of one PostgreSQL event store', () => {
  it.each([
    ['all events', [undefined, undefined]],
    ['the types they name', [['AdPosted'], ['AdPosted', 'BidPlaced']]],
  ] as const)(
    'read the log once between them when woken together, and each still gets %s',
    async (_, typesOf) => {
      const database = await createTestDatabase();
      const pool = new pg.Pool({ connectionString: database.url, max: 10 });
      // The database is dropped at the end: a connection it ends then is no failure of the test.
      pool.on('error', () => undefined);
      let reads = 0;
      const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
      (pool as unknown as { query: typeof query }).query = (...args: unknown[]) => {
        if ((args[0] as { name?: string })?.name?.startsWith('event_store_read_all')) reads++;
        return query(...args);
      };
      // Woken by notifications, polling seldom. Not never: an event is read only once every
      // transaction older than its own has ended, in any database of the server (a test file
      // running beside this one), and such an ending sends no notification.
      const store = createPostgresEventStore({ pool, pollIntervalMs: 2_000 });
      const seen: string[][] = [[], []];
      const subscriptions = seen.map((events, i) =>
        store.subscribe(
          START,
          async (event) => {
            events.push(event.streamId);
          },
          typesOf[i] ? { types: typesOf[i] } : {},
        ),
      );
      try {
        const streams = Array.from({ length: 20 }, () => `ad-${randomUUID()}`);
        for (const stream of streams) {
          await store.append(stream, [newEvent('AdPosted', {})], 'no-stream');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        for (
          let waited = 0;
          seen.some((s) => s.length < streams.length) && waited < 10_000;
          waited += 20
        )
          await new Promise((resolve) => setTimeout(resolve, 20));
        expect(seen).toEqual([streams, streams]);
        // Two subscriptions reading on their own would read at least twice per append.
        expect(reads).toBeLessThan(streams.length * 2);
      } finally {
        await Promise.all(subscriptions.map((s) => s.close()));
        await store.close();
        await pool.end();
        await database.drop();
      }
    },
  );
});

describe('after-commit notifications of the PostgreSQL event store', () => {
  it('name the last position committed, so a listener knows what it has yet to read', async () => {
    const database = await createTestDatabase();
    const store = createPostgresEventStore({ connectionString: database.url });
    const listener = new pg.Client({ connectionString: database.url });
    const payloads: string[] = [];
    listener.on('notification', ({ payload }) => payloads.push(payload ?? ''));
    try {
      await listener.connect();
      await listener.query(`LISTEN ${NOTIFY_CHANNEL}`);
      const first = await store.append(`ad-${randomUUID()}`, [newEvent('AdPosted', {})], 'any');
      // Asked for in one turn: committed together, in one group.
      const grouped = await Promise.all(
        Array.from({ length: 5 }, () =>
          store.append(
            `ad-${randomUUID()}`,
            [newEvent('AdPosted', {}), newEvent('BidPlaced', {})],
            'any',
          ),
        ),
      );
      const last = grouped
        .map((result) => result.lastPosition)
        .reduce((later, position) => laterPosition(position, later), first.lastPosition);
      for (let waited = 0; payloads.at(-1) !== formatPosition(last) && waited < 5_000; waited += 20)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(payloads.at(-1)).toBe(formatPosition(last));
      expect(payloads.every((payload) => POSITION_TEXT.test(payload))).toBe(true);
      const positions = payloads.map(parsePosition);
      expect(positions).toEqual([...positions].sort(comparePositions));
      expect(comparePositions(positions[0]!, first.lastPosition)).toBeGreaterThanOrEqual(0);
    } finally {
      await listener.end();
      await store.close();
      await database.drop();
    }
  });
});
