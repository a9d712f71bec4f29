import {
  appendOneAfterAnother,
  ConcurrencyError,
  DuplicateEventIdError,
  START,
  comparePositions,
  satisfiesExpected,
  type AppendResult,
  type EventHandler,
  type EventStore,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  type ReadStreamOptions,
  type RecordedEvent,
  subscribedTo,
  type SubscribeOptions,
  type Subscription,
} from './eventStore.ts';
import { GENESIS_HASH, eventHash, toStoredJson } from './hashChain.ts';
import { reportSubscriptionError } from './subscriptionErrors.ts';

/**
 * The whole port in one process, for unit tests and the command/projection runtimes' own tests.
 * Positions are {commit: n, prepare: n} with n the 1-based global sequence. Everything handed in
 * is copied through JSON, so callers see what a real store would give back.
 */
export function createInMemoryEventStore(options: { clock?: () => Date } = {}): EventStore {
  const clock = options.clock ?? (() => new Date());
  const all: RecordedEvent[] = [];
  const streams = new Map<string, RecordedEvent[]>();
  const byEventId = new Map<string, RecordedEvent>();
  const wakers = new Set<() => void>();
  let closed = false;

  const ensureOpen = (): void => {
    if (closed) throw new Error('Event store is closed');
  };

  /** Some ids already stored: a retry of exactly that earlier append is answered from the log. */
  function retriedResult(streamId: string, events: readonly NewEvent[]): AppendResult | undefined {
    const stored = events.map((event) => byEventId.get(event.metadata.eventId));
    if (stored.every((event) => event === undefined)) return undefined;
    const first = stored[0];
    const isRetry =
      first !== undefined &&
      stored.every(
        (event, index) =>
          event !== undefined &&
          event.streamId === streamId &&
          event.streamVersion === first.streamVersion + index,
      );
    if (!isRetry) {
      const duplicate = events.find((event) => byEventId.has(event.metadata.eventId));
      throw new DuplicateEventIdError(streamId, duplicate?.metadata.eventId ?? '');
    }
    const last = stored[stored.length - 1]!;
    return { nextExpectedVersion: last.streamVersion, lastPosition: last.position };
  }

  const store: EventStore = {
    async append(
      streamId: string,
      events: readonly NewEvent[],
      expected: ExpectedVersion,
    ): Promise<AppendResult> {
      ensureOpen();
      const retried = retriedResult(streamId, events);
      if (retried) return retried;
      if (new Set(events.map((event) => event.metadata.eventId)).size !== events.length) {
        throw new Error(`Append to ${streamId} repeats an event id`);
      }
      const stream = streams.get(streamId) ?? [];
      const actual = stream.length - 1;
      if (!satisfiesExpected(expected, actual))
        throw new ConcurrencyError(streamId, expected, actual);
      if (events.length === 0) {
        return { nextExpectedVersion: actual, lastPosition: stream[actual]?.position ?? START };
      }
      const recordedAt = clock();
      let prevHash = stream[actual]?.hash ?? GENESIS_HASH;
      const recorded = events.map((event, index): RecordedEvent => {
        const sequence = BigInt(all.length + index + 1);
        const fields = {
          streamId,
          streamVersion: actual + 1 + index,
          type: event.type,
          data: toStoredJson(event.data),
          schemaVersion: event.schemaVersion ?? 1,
          metadata: toStoredJson(event.metadata),
        };
        const hash = eventHash(prevHash, fields);
        const result = {
          ...fields,
          position: { commit: sequence, prepare: sequence },
          recordedAt: new Date(recordedAt),
          hash,
          prevHash,
        };
        prevHash = hash;
        return result;
      });
      streams.set(streamId, [...stream, ...recorded]);
      for (const event of recorded) {
        all.push(event);
        byEventId.set(event.metadata.eventId, event);
      }
      for (const wake of [...wakers]) wake();
      const last = recorded[recorded.length - 1]!;
      return { nextExpectedVersion: last.streamVersion, lastPosition: last.position };
    },

    appendSequence: (streamId, appends) => appendOneAfterAnother(store.append, streamId, appends),

    async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
      ensureOpen();
      const { from = 0, to = Number.MAX_SAFE_INTEGER, asOf } = options;
      return (streams.get(streamId) ?? []).filter(
        (event) =>
          event.streamVersion >= from &&
          event.streamVersion <= to &&
          (asOf === undefined || event.recordedAt.getTime() <= asOf.getTime()),
      );
    },

    async readAll(after: GlobalPosition, limit: number): Promise<RecordedEvent[]> {
      ensureOpen();
      const result: RecordedEvent[] = [];
      for (const event of all) {
        if (result.length >= limit) break;
        if (comparePositions(event.position, after) > 0) result.push(event);
      }
      return result;
    },

    subscribe(
      after: GlobalPosition,
      handler: EventHandler,
      options: SubscribeOptions = {},
    ): Subscription {
      let checkpoint = after;
      let stopped = false;
      let wake: (() => void) | undefined;
      const waker = (): void => wake?.();
      wakers.add(waker);

      const run = async (): Promise<void> => {
        while (!stopped && !closed) {
          const batch = await store.readAll(checkpoint, 100);
          for (const event of batch) {
            if (stopped) return;
            if (subscribedTo(options, event.type)) await handler(event);
            checkpoint = event.position;
          }
          if (batch.length === 0) {
            await new Promise<void>((resolve) => {
              wake = resolve;
              // An append between readAll and here would have found no waker: look again.
              if (
                stopped ||
                comparePositions(all[all.length - 1]?.position ?? START, checkpoint) > 0
              )
                resolve();
            });
            wake = undefined;
          }
        }
      };
      const running = run()
        .catch((error: unknown) => reportSubscriptionError(error, options))
        .finally(() => wakers.delete(waker));

      return {
        async close() {
          stopped = true;
          wake?.();
          await running;
        },
      };
    },

    async close() {
      closed = true;
      for (const wake of [...wakers]) wake();
    },
  };
  return store;
}
