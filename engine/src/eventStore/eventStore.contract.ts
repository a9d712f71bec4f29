import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConcurrencyError,
  DuplicateEventIdError,
  START,
  comparePositions,
  formatPosition,
  parsePosition,
  type EventStore,
  type NewEvent,
  type NewEventMetadata,
  type RecordedEvent,
} from './eventStore.ts';
import { GENESIS_HASH, verifyStream } from './hashChain.ts';

export type ContractSetup = () => Promise<{ store: EventStore; teardown(): Promise<void> }>;

export const uniqueStream = (prefix = 'contract'): string => `${prefix}-${randomUUID()}`;

export function newEvent(
  type: string,
  data: unknown,
  metadata: Partial<NewEventMetadata> = {},
): NewEvent {
  return {
    type,
    data,
    metadata: { eventId: randomUUID(), now: new Date().toISOString(), ...metadata },
  };
}

export async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for condition');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * $all may show an appended event a moment later than the append returns (PostgreSQL holds back
 * events until every older transaction has finished), so readers of $all ask until it appears.
 */
export async function eventually<T>(
  read: () => Promise<T | undefined>,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('Timed out waiting for $all to show the events');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function readEverything(store: EventStore, pageSize: number): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  let after = START;
  for (;;) {
    const page = await store.readAll(after, pageSize);
    expect(page.length).toBeLessThanOrEqual(pageSize);
    events.push(...page);
    const last = page[page.length - 1];
    if (!last || page.length < pageSize) return events;
    after = last.position;
  }
}

/** Every promise the port makes, run against one adapter. */
export type ContractOptions = {
  /** Whether reusing a stored event id in another stream is refused (default true). */
  readonly detectsEventIdReuseAcrossStreams?: boolean;
};

export function eventStoreContract(
  name: string,
  setup: ContractSetup,
  options: ContractOptions = {},
): void {
  describe(`event store contract: ${name}`, () => {
    let store: EventStore;
    let teardown: () => Promise<void>;

    beforeAll(async () => {
      ({ store, teardown } = await setup());
    });
    afterAll(async () => {
      await teardown();
    });

    const expectConcurrencyError = async (
      promise: Promise<unknown>,
      actual: number,
    ): Promise<void> => {
      const error = await promise.then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(ConcurrencyError);
      expect((error as ConcurrencyError).actual).toBe(actual);
    };

    describe('numbering', () => {
      it('numbers a new stream from version 0 and reports the version after the append', async () => {
        const stream = uniqueStream();
        const first = await store.append(
          stream,
          [newEvent('A', { n: 0 }), newEvent('B', { n: 1 })],
          'no-stream',
        );
        expect(first.nextExpectedVersion).toBe(1);
        const second = await store.append(stream, [newEvent('C', { n: 2 })], 1);
        expect(second.nextExpectedVersion).toBe(2);
        const events = await store.readStream(stream);
        expect(events.map((e) => [e.streamVersion, e.type])).toEqual([
          [0, 'A'],
          [1, 'B'],
          [2, 'C'],
        ]);
        expect(comparePositions(events[2]!.position, second.lastPosition)).toBe(0);
        expect(comparePositions(events[1]!.position, first.lastPosition)).toBe(0);
        expect(comparePositions(first.lastPosition, second.lastPosition)).toBe(-1);
      });

      it('reads a stream that does not exist as empty', async () => {
        expect(await store.readStream(uniqueStream())).toEqual([]);
      });

      it('gives positions that survive their text form', async () => {
        const { lastPosition } = await store.append(uniqueStream(), [newEvent('A', {})], 'any');
        expect(parsePosition(formatPosition(lastPosition))).toEqual(lastPosition);
      });
    });

    describe('expected versions', () => {
      it('"no-stream" appends only to a stream that does not exist', async () => {
        const stream = uniqueStream();
        await store.append(stream, [newEvent('A', {})], 'no-stream');
        await expectConcurrencyError(store.append(stream, [newEvent('B', {})], 'no-stream'), 0);
      });

      it('-1 means the same as "no-stream"', async () => {
        const stream = uniqueStream();
        await store.append(stream, [newEvent('A', {})], -1);
        await expectConcurrencyError(store.append(stream, [newEvent('B', {})], -1), 0);
      });

      it('"stream-exists" appends only to a stream that has events', async () => {
        const stream = uniqueStream();
        await expectConcurrencyError(
          store.append(stream, [newEvent('A', {})], 'stream-exists'),
          -1,
        );
        await store.append(stream, [newEvent('A', {})], 'any');
        const result = await store.append(stream, [newEvent('B', {})], 'stream-exists');
        expect(result.nextExpectedVersion).toBe(1);
      });

      it('an exact version appends only when the stream is at that version', async () => {
        const stream = uniqueStream();
        await store.append(stream, [newEvent('A', {}), newEvent('B', {})], 'no-stream');
        await expectConcurrencyError(store.append(stream, [newEvent('C', {})], 0), 1);
        await expectConcurrencyError(store.append(stream, [newEvent('C', {})], 2), 1);
        expect((await store.append(stream, [newEvent('C', {})], 1)).nextExpectedVersion).toBe(2);
        await expectConcurrencyError(store.append(uniqueStream(), [newEvent('C', {})], 0), -1);
      });

      it('"any" appends whatever the stream holds', async () => {
        const stream = uniqueStream();
        expect((await store.append(stream, [newEvent('A', {})], 'any')).nextExpectedVersion).toBe(
          0,
        );
        expect((await store.append(stream, [newEvent('B', {})], 'any')).nextExpectedVersion).toBe(
          1,
        );
      });

      it('lets exactly one of several racing appends at one version win', async () => {
        const stream = uniqueStream();
        await store.append(stream, [newEvent('Opened', {})], 'no-stream');
        const outcomes = await Promise.allSettled(
          Array.from({ length: 8 }, (_, i) => store.append(stream, [newEvent('Raced', { i })], 0)),
        );
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        for (const outcome of outcomes) {
          if (outcome.status === 'rejected')
            expect(outcome.reason).toBeInstanceOf(ConcurrencyError);
        }
        expect(await store.readStream(stream)).toHaveLength(2);
      });

      it('racing "no-stream" appends create the stream once', async () => {
        const stream = uniqueStream();
        const outcomes = await Promise.allSettled(
          Array.from({ length: 8 }, (_, i) =>
            store.append(stream, [newEvent('Created', { i })], 'no-stream'),
          ),
        );
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        expect(await store.readStream(stream)).toHaveLength(1);
      });
    });

    describe('sequences of appends to one stream', () => {
      const results = (answers: unknown[]) =>
        answers.map((answer) =>
          answer instanceof Error ? answer.name : (answer as { nextExpectedVersion: number }),
        );

      it('stores each append in order, each with its own version and position', async () => {
        const stream = uniqueStream();
        await store.append(stream, [newEvent('Created', {})], 'no-stream');
        const answers = await store.appendSequence(stream, [
          { events: [newEvent('Bid', { n: 1 })], expected: 0 },
          { events: [newEvent('Bid', { n: 2 }), newEvent('Bid', { n: 3 })], expected: 1 },
          { events: [newEvent('Bid', { n: 4 })], expected: 3 },
        ]);
        expect(
          answers.map((a) => (a as { nextExpectedVersion: number }).nextExpectedVersion),
        ).toEqual([1, 3, 4]);
        const stored = await store.readStream(stream);
        expect(stored.map((e) => (e.data as { n?: number }).n ?? 0)).toEqual([0, 1, 2, 3, 4]);
        // Each answer's position is that of its own last event.
        answers.forEach((answer, i) =>
          expect(
            formatPosition((answer as { lastPosition: RecordedEvent['position'] }).lastPosition),
          ).toBe(formatPosition(stored[[1, 3, 4][i]!]!.position)),
        );
      });

      it('fails every append after a failed one, and stores none of them', async () => {
        const stream = uniqueStream();
        await store.append(stream, [newEvent('Created', {})], 'no-stream');
        // The first expects a stream that does not exist; the second expects version 0, which
        // the stream is at — but it was decided on the first having been stored.
        const answers = await store.appendSequence(stream, [
          { events: [newEvent('Bid', { n: 1 })], expected: 'no-stream' },
          { events: [newEvent('Bid', { n: 2 })], expected: 0 },
        ]);
        expect(answers[0]).toBeInstanceOf(ConcurrencyError);
        expect(results(answers)[1]).toBe('SequenceBrokenError');
        expect(await store.readStream(stream)).toHaveLength(1);
      });

      it('keeps what was stored before the failure', async () => {
        const stream = uniqueStream();
        const answers = await store.appendSequence(stream, [
          { events: [newEvent('Created', {})], expected: 'no-stream' },
          { events: [newEvent('Bid', { n: 1 })], expected: 5 },
          { events: [newEvent('Bid', { n: 2 })], expected: 1 },
        ]);
        expect(results(answers)).toEqual([
          { nextExpectedVersion: 0, lastPosition: expect.anything() },
          'ConcurrencyError',
          'SequenceBrokenError',
        ]);
        expect(await store.readStream(stream)).toHaveLength(1);
      });
    });

    describe('idempotent appends', () => {
      it('answers a retried append with the original result and stores nothing new', async () => {
        const stream = uniqueStream();
        const batch = [newEvent('A', { n: 1 }), newEvent('B', { n: 2 })];
        const original = await store.append(stream, batch, 'no-stream');
        await store.append(stream, [newEvent('C', {})], 1);
        // The retry's expected version is stale by now; it must still succeed.
        const retried = await store.append(stream, batch, 'no-stream');
        expect(retried.nextExpectedVersion).toBe(original.nextExpectedVersion);
        expect(comparePositions(retried.lastPosition, original.lastPosition)).toBe(0);
        expect((await store.readStream(stream)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
      });

      it('refuses an append that reuses only some stored event ids', async () => {
        const stream = uniqueStream();
        const stored = newEvent('A', {});
        await store.append(stream, [stored], 'no-stream');
        await expect(
          store.append(stream, [stored, newEvent('B', {})], 'any'),
        ).rejects.toBeInstanceOf(DuplicateEventIdError);
        if (options.detectsEventIdReuseAcrossStreams ?? true) {
          await expect(store.append(uniqueStream(), [stored], 'any')).rejects.toBeInstanceOf(
            DuplicateEventIdError,
          );
        }
        expect(await store.readStream(stream)).toHaveLength(1);
      });
    });

    describe('reading a stream', () => {
      it('returns the versions between from and to, inclusive', async () => {
        const stream = uniqueStream();
        await store.append(
          stream,
          Array.from({ length: 6 }, (_, n) => newEvent('N', { n })),
          'no-stream',
        );
        const versions = async (options: { from?: number; to?: number }): Promise<number[]> =>
          (await store.readStream(stream, options)).map((e) => e.streamVersion);
        expect(await versions({ from: 2 })).toEqual([2, 3, 4, 5]);
        expect(await versions({ to: 1 })).toEqual([0, 1]);
        expect(await versions({ from: 1, to: 3 })).toEqual([1, 2, 3]);
        expect(await versions({ from: 7 })).toEqual([]);
      });

      it('answers "what was recorded as of" an instant', async () => {
        const stream = uniqueStream();
        await store.append(stream, [newEvent('Early', {})], 'no-stream');
        await sleep(20);
        await store.append(stream, [newEvent('Late', {})], 0);
        const [early, late] = await store.readStream(stream);
        expect(late!.recordedAt.getTime()).toBeGreaterThan(early!.recordedAt.getTime());
        const asOf = async (at: Date): Promise<string[]> =>
          (await store.readStream(stream, { asOf: at })).map((e) => e.type);
        expect(await asOf(new Date(early!.recordedAt.getTime() - 1))).toEqual([]);
        expect(await asOf(early!.recordedAt)).toEqual(['Early']);
        expect(await asOf(late!.recordedAt)).toEqual(['Early', 'Late']);
      });
    });

    describe('reading $all', () => {
      it('pages through every event once, in increasing position order', async () => {
        const a = uniqueStream();
        const b = uniqueStream();
        await store.append(a, [newEvent('A0', {}), newEvent('A1', {})], 'no-stream');
        await store.append(b, [newEvent('B0', {})], 'no-stream');
        await store.append(a, [newEvent('A2', {})], 1);
        const everything = await eventually(async () => {
          const events = await readEverything(store, 3);
          return events.some((e) => e.streamId === a && e.streamVersion === 2) ? events : undefined;
        });
        for (let i = 1; i < everything.length; i++) {
          expect(comparePositions(everything[i - 1]!.position, everything[i]!.position)).toBe(-1);
        }
        const ours = everything
          .filter((e) => e.streamId === a || e.streamId === b)
          .map((e) => e.type);
        expect(ours).toEqual(['A0', 'A1', 'B0', 'A2']);
      });

      it('returns only events strictly after the given position, at most limit', async () => {
        const stream = uniqueStream();
        const first = await store.append(stream, [newEvent('A', {})], 'no-stream');
        await store.append(stream, [newEvent('B', {}), newEvent('C', {})], 0);
        const after = await eventually(async () => {
          const events = await store.readAll(first.lastPosition, 1);
          return events.length > 0 ? events : undefined;
        });
        expect(after).toHaveLength(1);
        expect(after[0]).toMatchObject({ streamId: stream, type: 'B' });
      });
    });

    describe('subscribing', () => {
      it('catches up, then delivers live events exactly once and in order', async () => {
        const stream = uniqueStream();
        await store.append(stream, [newEvent('A', {}), newEvent('B', {})], 'no-stream');
        const seen: RecordedEvent[] = [];
        const subscription = store.subscribe(START, async (event) => {
          if (event.streamId === stream) seen.push(event);
        });
        try {
          await waitFor(() => seen.length === 2);
          await store.append(stream, [newEvent('C', {})], 1);
          await store.append(stream, [newEvent('D', {}), newEvent('E', {})], 2);
          await waitFor(() => seen.length === 5);
          await sleep(150);
          expect(seen.map((e) => e.type)).toEqual(['A', 'B', 'C', 'D', 'E']);
        } finally {
          await subscription.close();
        }
      });

      it('starts strictly after the given position and stops when closed', async () => {
        const stream = uniqueStream();
        const { lastPosition } = await store.append(stream, [newEvent('Before', {})], 'no-stream');
        await store.append(stream, [newEvent('After', {})], 0);
        const seen: string[] = [];
        const subscription = store.subscribe(lastPosition, async (event) => {
          if (event.streamId === stream) seen.push(event.type);
        });
        await waitFor(() => seen.length === 1);
        await subscription.close();
        await store.append(stream, [newEvent('Closed', {})], 1);
        await sleep(150);
        expect(seen).toEqual(['After']);
      });

      it('stops at a failing handler and reports the error', async () => {
        const stream = uniqueStream();
        const { lastPosition } = await store.append(stream, [newEvent('A', {})], 'no-stream');
        await store.append(stream, [newEvent('Poison', {}), newEvent('C', {})], 0);
        const calls: string[] = [];
        const errors: unknown[] = [];
        const subscription = store.subscribe(
          lastPosition,
          async (event) => {
            if (event.streamId !== stream) return;
            calls.push(event.type);
            if (event.type === 'Poison') throw new Error('poison');
          },
          { onError: (error) => errors.push(error) },
        );
        await waitFor(() => errors.length === 1);
        await subscription.close();
        expect(calls).toEqual(['Poison']);
      });

      it('hands only the named types to the handler, whole, and moves on past the others', async () => {
        const stream = uniqueStream();
        const wanted = `Wanted${randomUUID().slice(0, 8)}`;
        await store.append(
          stream,
          [newEvent('Other', { n: 0 }), newEvent(wanted, { n: 1 }), newEvent('Other', { n: 2 })],
          'no-stream',
        );
        const seen: RecordedEvent[] = [];
        const subscription = store.subscribe(START, async (event) => void seen.push(event), {
          types: [wanted],
        });
        try {
          await waitFor(() => seen.length === 1);
          await store.append(stream, [newEvent('Other', {}), newEvent(wanted, { n: 4 })], 2);
          await waitFor(() => seen.length === 2);
          await sleep(150);
          expect(seen.map((e) => [e.streamId, e.type, e.data])).toEqual([
            [stream, wanted, { n: 1 }],
            [stream, wanted, { n: 4 }],
          ]);
          expect(seen[1]!.metadata.eventId).toEqual(expect.any(String));
        } finally {
          await subscription.close();
        }
      });
    });

    describe('what an event carries', () => {
      it('round-trips data, schema version and the command metadata', async () => {
        const stream = uniqueStream();
        const metadata: NewEventMetadata = {
          eventId: randomUUID(),
          now: '2026-01-02T03:04:05.678Z',
          correlationId: randomUUID(),
          causationId: randomUUID(),
          actor: { userId: 'u-1', role: 'member' },
        };
        const data = {
          amountPaise: 12_345,
          note: 'naïve ₹ "quoted"',
          tags: ['a', 'b'],
          nested: { ok: true, none: null },
        };
        await store.append(
          stream,
          [{ type: 'BidPlaced', data, metadata, schemaVersion: 3 }],
          'no-stream',
        );
        await store.append(stream, [newEvent('Plain', {})], 0);
        const [event, plain] = await store.readStream(stream);
        expect(event).toMatchObject({
          streamId: stream,
          streamVersion: 0,
          type: 'BidPlaced',
          schemaVersion: 3,
        });
        expect(event!.data).toEqual(data);
        expect(event!.metadata).toEqual(metadata);
        expect(event!.recordedAt).toBeInstanceOf(Date);
        expect(plain!.schemaVersion).toBe(1);
        const fromAll = await eventually(async () =>
          (await readEverything(store, 1_000)).find((e) => e.streamId === stream),
        );
        expect(fromAll).toEqual(event);
      });

      it('chains each stream from the genesis hash, and the chain verifies', async () => {
        const stream = uniqueStream();
        await store.append(stream, [newEvent('A', { n: 1 }), newEvent('B', { n: 2 })], 'no-stream');
        await store.append(stream, [newEvent('C', { n: 3 })], 1);
        const events = await store.readStream(stream);
        expect(events[0]!.prevHash).toBe(GENESIS_HASH);
        expect(events[1]!.prevHash).toBe(events[0]!.hash);
        expect(events[2]!.prevHash).toBe(events[1]!.hash);
        expect(events[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
        expect(await verifyStream(store, stream)).toEqual({ ok: true });
      });
    });
  });
}
