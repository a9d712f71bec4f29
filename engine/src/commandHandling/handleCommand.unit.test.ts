import { describe, expect, it } from 'vitest';
import { createInMemoryEventStore } from '../eventStore/inMemory.ts';
import type { EventStore } from '../eventStore/eventStore.ts';
import { DomainError, type Command, type Decider } from '../shared/decider.ts';
import { CommandConflictError, handleCommand } from './handleCommand.ts';
import { createInMemoryIdempotencyStore, IdempotencyKeyReusedError } from './idempotency.ts';
import { idsSharingHash } from '../shared/testing/idsSharingHash.ts';

// A tiny auction: bids must beat the highest bid; a bid of 1000 or more also closes bidding.
type BidPlaced = { type: 'BidPlaced'; data: { amount: number } };
type BiddingClosed = { type: 'BiddingClosed'; data: { amount: number } };
type AuctionEvent = BidPlaced | BiddingClosed;
type PlaceBid = Command<'PlaceBid', { amount: number }>;
type Auction = { highest: number; closed: boolean };

const auction: Decider<Auction, PlaceBid, AuctionEvent> = {
  initialState: () => ({ highest: 0, closed: false }),
  evolve: (state, event) =>
    event.type === 'BidPlaced'
      ? { ...state, highest: event.data.amount }
      : { ...state, closed: true },
  decide: (command, state) => {
    if (state.closed) throw new DomainError('BIDDING_CLOSED');
    if (command.data.amount <= state.highest)
      throw new DomainError('BID_TOO_LOW', { highest: state.highest });
    const placed: BidPlaced = { type: 'BidPlaced', data: { amount: command.data.amount } };
    return command.data.amount >= 1000
      ? [placed, { type: 'BiddingClosed', data: placed.data }]
      : [placed];
  },
};

let ids = 0;
const placeBid = (
  amount: number,
  eventId = `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
): PlaceBid => ({
  type: 'PlaceBid',
  data: { amount },
  metadata: { eventId, now: '2026-01-01T10:00:00.000Z' },
});

/** A store where someone else bids just before each of our first `times` appends. */
function contendedStore(times: number): { store: EventStore; interruptions: () => number } {
  const inner = createInMemoryEventStore();
  let interruptions = 0;
  const store: EventStore = {
    ...inner,
    async append(streamId, events, expected) {
      if (interruptions < times) {
        interruptions++;
        const rival = placeBid(500 + interruptions);
        await inner.append(
          streamId,
          [{ type: 'BidPlaced', data: rival.data, metadata: rival.metadata }],
          'any',
        );
      }
      return inner.append(streamId, events, expected);
    },
  };
  return { store, interruptions: () => interruptions };
}

describe('handleCommand', () => {
  it('appends what the decider decides at the version it read', async () => {
    const store = createInMemoryEventStore();
    const first = await handleCommand({
      store,
      streamId: 'ad-1',
      decider: auction,
      command: placeBid(10),
    });
    const second = await handleCommand({
      store,
      streamId: 'ad-1',
      decider: auction,
      command: placeBid(1000),
    });

    expect(first.nextExpectedVersion).toBe(0);
    expect(second.events.map((e) => e.type)).toEqual(['BidPlaced', 'BiddingClosed']);
    expect(second.nextExpectedVersion).toBe(2);
    const stored = await store.readStream('ad-1');
    expect(second.position).toEqual(stored[2]!.position);
    expect(new Set(stored.map((e) => e.metadata.eventId)).size).toBe(3);
  });

  it('stores a command whose id shares its hash with a stored event’s, not taking it for that one', async () => {
    // Two command ids with one hash (eventIdHashes.ts).
    const pair = idsSharingHash(
      (n) => `00000000-0000-4000-9000-${n.toString(16).padStart(12, '0')}`,
    );
    const store = createInMemoryEventStore();
    const bid = (amount: number, eventId: string) =>
      handleCommand({
        store,
        streamId: 'ad-1',
        decider: auction,
        command: placeBid(amount, eventId),
      });
    await bid(10, pair[0]);
    const second = await bid(20, pair[1]);
    expect(second.events.map((e) => e.data)).toEqual([{ amount: 20 }]);
    const stored = await store.readStream('ad-1');
    expect(stored.map((e) => e.metadata.eventId)).toEqual(pair);
    // The first, sent again, is still recognised as applied.
    expect((await bid(10, pair[0])).nextExpectedVersion).toBe(0);
  });

  describe('on a stream this process has handled before', () => {
    /** The in-memory store, recording the first version of each stream read. */
    function watchedStore() {
      const inner = createInMemoryEventStore();
      const readsFrom: number[] = [];
      const store: EventStore = {
        ...inner,
        readStream(streamId, options) {
          readsFrom.push(options?.from ?? 0);
          return inner.readStream(streamId, options);
        },
      };
      return { store, inner, readsFrom };
    }

    it('reads nothing after its own appends, only what others appended once its append conflicts', async () => {
      const { store, inner, readsFrom } = watchedStore();
      const bid = (amount: number) =>
        handleCommand({ store, streamId: 'ad-1', decider: auction, command: placeBid(amount) });
      await bid(10);
      await bid(20);
      // Someone else (another process) bids 500 meanwhile.
      const rival = placeBid(500);
      await inner.append(
        'ad-1',
        [{ type: 'BidPlaced', data: rival.data, metadata: rival.metadata }],
        1,
      );
      await expect(bid(400)).rejects.toMatchObject({ code: 'BID_TOO_LOW' });
      await bid(600);

      // The first bid reads the (empty) stream; the second decides on what the first left; the
      // third's append meets the rival's bid, so it reads on from version 2 and is refused on the
      // stream's true state; the fourth decides on that state without reading.
      expect(readsFrom).toEqual([0, 2]);
      expect(
        (await store.readStream('ad-1')).map((e) => (e.data as { amount: number }).amount),
      ).toEqual([10, 20, 500, 600]);
    });

    it('confirms a refusal reached on what it remembers by reading the stream first', async () => {
      const { store, readsFrom } = watchedStore();
      await handleCommand({ store, streamId: 'ad-1', decider: auction, command: placeBid(10) });
      await expect(
        handleCommand({ store, streamId: 'ad-1', decider: auction, command: placeBid(5) }),
      ).rejects.toMatchObject({ code: 'BID_TOO_LOW' });
      // Only an append is checked against the stream, so the refusal was decided again on it.
      expect(readsFrom).toEqual([0, 1]);
    });

    it('answers a retry that another process stored after this one last read as that process did', async () => {
      const { store, inner } = watchedStore();
      const bid = (on: EventStore, command: PlaceBid) =>
        handleCommand({ store: on, streamId: 'ad-1', decider: auction, command });
      await bid(store, placeBid(10));
      // Another process (its own memory of the stream) takes the command, then one more bid.
      const command = placeBid(20);
      const original = await bid(inner, command);
      await bid(inner, placeBid(30));
      // The client retries the command here, where the stream is remembered at its first bid.
      expect(await bid(store, command)).toEqual(original);
      await expect(bid(store, placeBid(25))).rejects.toMatchObject({ code: 'BID_TOO_LOW' });
      expect(
        (await inner.readStream('ad-1')).map((e) => (e.data as { amount: number }).amount),
      ).toEqual([10, 20, 30]);
    });

    it('takes concurrent commands on one stream in turn instead of racing them', async () => {
      const { store } = watchedStore();
      const results = await Promise.all(
        [10, 20, 30, 40, 50].map((amount) =>
          handleCommand({
            store,
            streamId: 'ad-1',
            decider: auction,
            command: placeBid(amount),
            maxAttempts: 1,
          }),
        ),
      );
      expect(results.map((r) => r.nextExpectedVersion)).toEqual([0, 1, 2, 3, 4]);
    });
  });

  describe('when the stream changes between read and append', () => {
    it('reads and decides again', async () => {
      const { store, interruptions } = contendedStore(2);
      const result = await handleCommand({
        store,
        streamId: 'ad-1',
        decider: auction,
        command: placeBid(800),
      });
      expect(interruptions()).toBe(2);
      expect(result.nextExpectedVersion).toBe(2);
      expect(
        (await store.readStream('ad-1')).map((e) => (e.data as { amount: number }).amount),
      ).toEqual([501, 502, 800]);
    });

    it('decides against the new state (a rival bid can make ours too low)', async () => {
      const { store } = contendedStore(1);
      await expect(
        handleCommand({ store, streamId: 'ad-1', decider: auction, command: placeBid(501) }),
      ).rejects.toMatchObject({ code: 'BID_TOO_LOW' });
    });

    it('gives up with a CommandConflictError after a bounded number of attempts', async () => {
      const { store, interruptions } = contendedStore(Infinity);
      const attempt = handleCommand({
        store,
        streamId: 'ad-1',
        decider: auction,
        command: placeBid(900),
        maxAttempts: 3,
      });
      await expect(attempt).rejects.toBeInstanceOf(CommandConflictError);
      await expect(attempt).rejects.toMatchObject({ attempts: 3, streamId: 'ad-1' });
      expect(interruptions()).toBe(3);
      expect(
        (await store.readStream('ad-1')).some((e) => (e.data as { amount: number }).amount === 900),
      ).toBe(false);
    });
  });

  describe('when a command is retried', () => {
    it('does not append its events twice, even without an idempotency store', async () => {
      const store = createInMemoryEventStore();
      const command = placeBid(1000);
      const { state, ...first } = await handleCommand({
        store,
        streamId: 'ad-1',
        decider: auction,
        command,
      });
      // The call that decided answers with the fold its events made; a retry, without deciding.
      expect(state).toEqual({ closed: true, highest: 1000 });
      const again = await handleCommand({ store, streamId: 'ad-1', decider: auction, command });
      expect(again).toEqual(first);
      expect(await store.readStream('ad-1')).toHaveLength(2);
    });

    it('answers the same Idempotency-Key with the same result, without deciding again', async () => {
      const store = createInMemoryEventStore();
      const idempotency = createInMemoryIdempotencyStore();
      const run = (command: PlaceBid) =>
        handleCommand({
          store,
          streamId: 'ad-1',
          decider: auction,
          command,
          idempotency,
          idempotencyKey: 'key-1',
        });

      const { state: _decided, ...first } = await run(placeBid(100));
      // A client retry arrives with a fresh command id: only the key ties it to the first request.
      const retry = await run(placeBid(100));
      expect(retry).toEqual(first);
      expect(await store.readStream('ad-1')).toHaveLength(1);
    });

    it('answers the same Idempotency-Key with the same DomainError, even where the command would now pass', async () => {
      const store = createInMemoryEventStore();
      const idempotency = createInMemoryIdempotencyStore();
      await handleCommand({ store, streamId: 'ad-1', decider: auction, command: placeBid(1000) });
      const run = () =>
        handleCommand({
          store,
          streamId: 'ad-1',
          decider: auction,
          command: placeBid(2000),
          idempotency,
          idempotencyKey: 'k',
        });
      await expect(run()).rejects.toMatchObject({ code: 'BIDDING_CLOSED' });

      // Same key and request against a stream where the bid would pass: the kept answer still wins.
      const reopened = createInMemoryEventStore();
      await expect(
        handleCommand({
          store: reopened,
          streamId: 'ad-1',
          decider: auction,
          command: placeBid(2000),
          idempotency,
          idempotencyKey: 'k',
        }),
      ).rejects.toMatchObject({ code: 'BIDDING_CLOSED' });
      expect(await reopened.readStream('ad-1')).toHaveLength(0);
    });

    it('refuses a key reused for a different request', async () => {
      const store = createInMemoryEventStore();
      const idempotency = createInMemoryIdempotencyStore();
      await handleCommand({
        store,
        streamId: 'ad-1',
        decider: auction,
        command: placeBid(5),
        idempotency,
        idempotencyKey: 'k',
      });
      await expect(
        handleCommand({
          store,
          streamId: 'ad-1',
          decider: auction,
          command: placeBid(6),
          idempotency,
          idempotencyKey: 'k',
        }),
      ).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
    });

    it('does not keep a conflict as the answer: the retry decides again', async () => {
      const idempotency = createInMemoryIdempotencyStore();
      const contended = contendedStore(Infinity);
      const command = placeBid(900);
      const options = {
        streamId: 'ad-1',
        decider: auction,
        command,
        idempotency,
        idempotencyKey: 'k',
        maxAttempts: 2,
      };
      await expect(handleCommand({ ...options, store: contended.store })).rejects.toBeInstanceOf(
        CommandConflictError,
      );
      const calm = createInMemoryEventStore();
      const result = await handleCommand({ ...options, store: calm });
      expect(result.events).toHaveLength(1);
    });
  });

  describe('when commands on one stream come at once', () => {
    /** The in-memory store, recording the length of every sequence of appends it is given. */
    function sequencesOf(inner: EventStore = createInMemoryEventStore()) {
      const sequences: number[] = [];
      let reads = 0;
      const store: EventStore = {
        ...inner,
        appendSequence(streamId, appends) {
          sequences.push(appends.length);
          return inner.appendSequence(streamId, appends);
        },
        readStream(streamId, options) {
          reads++;
          return inner.readStream(streamId, options);
        },
      };
      return { store, sequences, reads: () => reads };
    }
    const bidOn = (store: EventStore) => (amount: number) =>
      handleCommand({ store, streamId: 'ad-1', decider: auction, command: placeBid(amount) });

    it('decides those that waited together, each on the one before, and stores them as one sequence', async () => {
      const { store, sequences, reads } = sequencesOf();
      const bid = bidOn(store);
      await bid(1);
      // The first takes the stream's turn; the other nine wait for it, then go together.
      const answers = await Promise.all([10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map(bid));
      expect(sequences).toEqual([9]);
      // One fold remembered, whether a command went alone or with others: read once, at the start.
      await bid(110);
      expect(reads()).toBe(1);
      expect(answers.map((a) => a.nextExpectedVersion)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(answers.map((a) => (a.state as Auction).highest)).toEqual([
        10, 20, 30, 40, 50, 60, 70, 80, 90, 100,
      ]);
      const stored = await store.readStream('ad-1');
      expect(stored.map((e) => (e.data as { amount: number }).amount)).toEqual([
        1, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110,
      ]);
      answers.forEach((answer, i) => expect(answer.position).toEqual(stored[i + 1]!.position));
    });

    it('refuses one that fails on the outcome of those before it, and decides the rest after it', async () => {
      const { store } = sequencesOf();
      const bid = bidOn(store);
      await bid(1);
      const answers = await Promise.allSettled([10, 50, 30, 60, 1000, 70].map(bid));
      expect(
        answers.map((a) =>
          a.status === 'fulfilled' ? a.value.nextExpectedVersion : (a.reason as DomainError).code,
        ),
      ).toEqual([1, 2, 'BID_TOO_LOW', 3, 5, 'BIDDING_CLOSED']);
      expect(
        (await store.readStream('ad-1')).map(
          (e) => `${e.type}:${(e.data as { amount: number }).amount}`,
        ),
      ).toEqual([
        'BidPlaced:1',
        'BidPlaced:10',
        'BidPlaced:50',
        'BidPlaced:60',
        'BidPlaced:1000',
        'BiddingClosed:1000',
      ]);
    });

    it('decides again, on the stream as stored, those whose sequence met another process’s bid', async () => {
      const inner = createInMemoryEventStore();
      let rivalled = false;
      const { store, sequences } = sequencesOf({
        ...inner,
        async appendSequence(streamId, appends) {
          // Another process bids 35 just before the first sequence is stored.
          if (!rivalled && appends.length > 1) {
            rivalled = true;
            const rival = placeBid(35);
            await inner.append(
              streamId,
              [{ type: 'BidPlaced', data: rival.data, metadata: rival.metadata }],
              'any',
            );
          }
          return inner.appendSequence(streamId, appends);
        },
      });
      const bid = bidOn(store);
      await bid(1);
      const answers = await Promise.allSettled([10, 20, 30, 40, 50].map(bid));
      expect(sequences[0]).toBe(4);
      expect(
        answers.map((a) =>
          a.status === 'fulfilled' ? a.value.nextExpectedVersion : (a.reason as DomainError).code,
        ),
      ).toEqual([1, 'BID_TOO_LOW', 'BID_TOO_LOW', 3, 4]);
      expect(
        (await store.readStream('ad-1')).map((e) => (e.data as { amount: number }).amount),
      ).toEqual([1, 10, 35, 40, 50]);
    });
  });
});
