import { randomUUID } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import type { EventStore } from '../eventStore/eventStore.ts';
import { createPostgresEventStore } from '../eventStore/postgres/postgresEventStore.ts';
import { DomainError, type Command, type Decider } from '../shared/decider.ts';
import { CommandConflictError, handleCommand } from './handleCommand.ts';
import { IdempotencyKeyReusedError, type CommandOutcome } from './idempotency.ts';
import { createPostgresIdempotencyStore } from './postgresIdempotency.ts';

// Bids must beat the highest so far; the outcome of each depends on every earlier one.
type BidPlaced = { type: 'BidPlaced'; data: { amount: number } };
type PlaceBid = Command<'PlaceBid', { amount: number }>;
const auction: Decider<{ highest: number }, PlaceBid, BidPlaced> = {
  initialState: () => ({ highest: 0 }),
  evolve: (_, event) => ({ highest: event.data.amount }),
  decide: (command, state) => {
    if (command.data.amount <= state.highest)
      throw new DomainError('BID_TOO_LOW', { highest: state.highest });
    return [{ type: 'BidPlaced', data: command.data }];
  },
};
const placeBid = (amount: number): PlaceBid => ({
  type: 'PlaceBid',
  data: { amount },
  metadata: { eventId: randomUUID(), now: new Date().toISOString() },
});

let database: TestDatabase;
let db: Knex;
let store: EventStore;

beforeEach(async () => {
  database = await createTestDatabase();
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 8 } });
  store = createPostgresEventStore({ connectionString: database.url, maxConnections: 20 });
});

afterEach(async () => {
  await store.close();
  await db.destroy();
  await database.drop();
});

describe('handleCommand on PostgreSQL', () => {
  it('stores the commands that waited for a busy stream in one transaction, each answered with its own event', async () => {
    await handleCommand({ store, streamId: 'ad-9', decider: auction, command: placeBid(1) });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        handleCommand({ store, streamId: 'ad-9', decider: auction, command: placeBid(10 + i) }),
      ),
    );
    const stored = await store.readStream('ad-9');
    expect(stored.map((e) => (e.data as { amount: number }).amount)).toEqual([
      1,
      ...Array.from({ length: 20 }, (_, i) => 10 + i),
    ]);
    answers.forEach((answer, i) => {
      expect(answer.nextExpectedVersion).toBe(i + 1);
      expect(answer.position).toEqual(stored[i + 1]!.position);
      expect(answer.events[0]!.eventId).toBe(stored[i + 1]!.metadata.eventId);
    });
    // The first went alone; the 19 that waited for it were committed by one transaction.
    const transactions = new Set(stored.slice(2).map((e) => e.position.commit));
    expect(transactions.size).toBe(1);
  });

  it('never stores a command of a sequence on a stream another process changed under it', async () => {
    const other = createPostgresEventStore({ connectionString: database.url });
    try {
      await handleCommand({ store, streamId: 'ad-8', decider: auction, command: placeBid(1) });
      // This process remembers the stream at version 0; the other bids 500 meanwhile.
      await handleCommand({
        store: other,
        streamId: 'ad-8',
        decider: auction,
        command: placeBid(500),
      });
      const answers = await Promise.allSettled(
        [100, 200, 600, 700].map((amount) =>
          handleCommand({ store, streamId: 'ad-8', decider: auction, command: placeBid(amount) }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([
        'rejected',
        'rejected',
        'fulfilled',
        'fulfilled',
      ]);
      expect(
        (await store.readStream('ad-8')).map((e) => (e.data as { amount: number }).amount),
      ).toEqual([1, 500, 600, 700]);
    } finally {
      await other.close();
    }
  });

  it('keeps the stream consistent under concurrent commands: every success is a higher bid', async () => {
    const amounts = Array.from({ length: 40 }, (_, i) => 100 + i);
    const results = await Promise.allSettled(
      amounts.map((amount) =>
        handleCommand({
          store,
          streamId: 'ad-1',
          decider: auction,
          command: placeBid(amount),
          maxAttempts: 50,
        }),
      ),
    );
    const rejected = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r as PromiseRejectedResult).reason as Error);
    for (const reason of rejected) expect(reason).toBeInstanceOf(DomainError);

    const stored = (await store.readStream('ad-1')).map(
      (event) => (event.data as { amount: number }).amount,
    );
    expect(stored.length).toBe(results.length - rejected.length);
    expect(stored).toEqual([...stored].sort((a, b) => a - b));
    expect(new Set(stored).size).toBe(stored.length);
  });

  it('gives up with CommandConflictError when it cannot win the race in the attempts allowed', async () => {
    // The race is set up rather than hoped for: under load, two pools left to race may well take
    // turns. This process remembers the stream at version 0; the other process bids meanwhile.
    const other = createPostgresEventStore({ connectionString: database.url });
    try {
      await handleCommand({ store, streamId: 'ad-2', decider: auction, command: placeBid(1000) });
      await handleCommand({
        store: other,
        streamId: 'ad-2',
        decider: auction,
        command: placeBid(2000),
      });
      const late = handleCommand({
        store,
        streamId: 'ad-2',
        decider: auction,
        command: placeBid(3000),
        maxAttempts: 1,
      });
      await expect(late).rejects.toBeInstanceOf(CommandConflictError);
      await expect(late).rejects.toMatchObject({ streamId: 'ad-2', attempts: 1 });
      expect(
        (await store.readStream('ad-2')).map((e) => (e.data as { amount: number }).amount),
      ).toEqual([1000, 2000]);
      // A second attempt reads on from what it remembered, and wins.
      const retried = await handleCommand({
        store,
        streamId: 'ad-2',
        decider: auction,
        command: placeBid(3000),
        maxAttempts: 2,
      });
      expect(retried.nextExpectedVersion).toBe(2);
    } finally {
      await other.close();
    }
  });

  it('decides again on the stream when what a process remembers is stale', async () => {
    // An auction that can be reset: a stale memory can refuse what the stream allows.
    type Reset = { type: 'AuctionReset'; data: Record<string, never> };
    type ResetAuction = Command<'ResetAuction', Record<string, never>>;
    const resettable: Decider<{ highest: number }, PlaceBid | ResetAuction, BidPlaced | Reset> = {
      initialState: auction.initialState,
      evolve: (state, event) =>
        event.type === 'AuctionReset' ? { highest: 0 } : auction.evolve(state, event),
      decide: (command, state) =>
        command.type === 'ResetAuction'
          ? [{ type: 'AuctionReset', data: {} }]
          : auction.decide(command, state),
    };
    const other = createPostgresEventStore({ connectionString: database.url });
    try {
      const run = (on: EventStore, command: PlaceBid | ResetAuction) =>
        handleCommand({ store: on, streamId: 'ad-3', decider: resettable, command });
      const first = placeBid(500);
      const { state: _decided, ...placed } = await run(store, first);
      // The other process resets the auction; this one still remembers the bid of 500.
      await run(other, {
        type: 'ResetAuction',
        data: {},
        metadata: { eventId: randomUUID(), now: new Date().toISOString() },
      });
      // Refused on what it remembers, accepted on the stream: the refusal is not kept.
      const lower = await run(store, placeBid(100));
      expect(lower.nextExpectedVersion).toBe(2);
      // The other process retries this process's first bid: the stored answer, nothing new.
      expect(await run(other, first)).toEqual(placed);
      expect((await store.readStream('ad-3')).map((e) => e.type)).toEqual([
        'BidPlaced',
        'AuctionReset',
        'BidPlaced',
      ]);
    } finally {
      await other.close();
    }
  });

  it('answers concurrent requests with one Idempotency-Key with one decision', async () => {
    const idempotency = createPostgresIdempotencyStore(db);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        handleCommand({
          store,
          streamId: 'ad-3',
          decider: auction,
          command: placeBid(500),
          idempotency,
          idempotencyKey: 'user-1:abc',
        }),
      ),
    );
    expect(await store.readStream('ad-3')).toHaveLength(1);
    // One decided (and answers with its fold too); every other was given its answer.
    const withoutFold = answers.map(({ state: _fold, ...answer }) => answer);
    expect(answers.filter((answer) => answer.state !== undefined)).toHaveLength(1);
    for (const answer of withoutFold) expect(answer).toEqual(withoutFold[0]);
  });

  it('keeps a DomainError answer and refuses the key for a different request', async () => {
    const idempotency = createPostgresIdempotencyStore(db);
    await handleCommand({ store, streamId: 'ad-4', decider: auction, command: placeBid(900) });
    const run = (amount: number) =>
      handleCommand({
        store,
        streamId: 'ad-4',
        decider: auction,
        command: placeBid(amount),
        idempotency,
        idempotencyKey: 'k',
      });

    await expect(run(800)).rejects.toMatchObject({
      code: 'BID_TOO_LOW',
      details: { highest: 900 },
    });
    // The retry is answered from the table, not decided again (a new bid could change the answer).
    await handleCommand({ store, streamId: 'ad-4', decider: auction, command: placeBid(950) });
    await expect(run(800)).rejects.toMatchObject({
      code: 'BID_TOO_LOW',
      details: { highest: 900 },
    });
    await expect(run(801)).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
  });

  it('lets a retry take over a claim whose process died before answering', async () => {
    const idempotency = createPostgresIdempotencyStore(db);
    expect(await idempotency.claim('k2', 'f', 1)).toEqual({ status: 'claimed' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await idempotency.claim('k2', 'f', 10_000)).toEqual({ status: 'claimed' });
    expect(await idempotency.claim('k2', 'f', 10_000)).toEqual({ status: 'in-progress' });
    const outcome: CommandOutcome = { kind: 'rejected', code: 'X', message: 'X', details: {} };
    await idempotency.complete('k2', outcome);
    expect(await idempotency.claim('k2', 'f', 10_000)).toEqual({ status: 'completed', outcome });
  });
});
