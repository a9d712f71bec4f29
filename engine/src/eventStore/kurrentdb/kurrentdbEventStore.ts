import { createHash } from 'node:crypto';
import {
  BACKWARDS,
  END,
  FORWARDS,
  KurrentDBClient,
  START as KURRENT_START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
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
  type NewEventMetadata,
  type ReadStreamOptions,
  type RecordedEvent,
  subscribedTo,
  type SubscribeOptions,
  type Subscription,
} from '../eventStore.ts';
import { GENESIS_HASH, eventHash, toStoredJson } from '../hashChain.ts';
import { reportSubscriptionError } from '../subscriptionErrors.ts';
import { isUuid, uuidOfHash } from '../../shared/uuid.ts';

export type KurrentDbEventStoreOptions = {
  /** e.g. kurrentdb://localhost:2113?tls=false */
  readonly connectionString: string;
  /** How many of a stream's latest events a retried append is looked for in (default 200). */
  readonly retryWindow?: number;
};

/** What we keep in KurrentDB's event metadata: ours, the chain, and KurrentDB's own id links. */
type StoredMetadata = {
  readonly boli: NewEventMetadata;
  readonly schemaVersion: number;
  readonly hash: string;
  readonly prevHash: string;
  readonly $correlationId?: string;
  readonly $causationId?: string;
};

/** KurrentDB wants UUID event ids; any other id is mapped to a stable UUID derived from it. */
export function kurrentEventId(eventId: string): string {
  if (isUuid(eventId)) return eventId.toLowerCase();
  return uuidOfHash(createHash('sha256').update(`boli-event-id:${eventId}`).digest('hex'), '5');
}

const isBoliEvent = (stored: unknown): stored is StoredMetadata =>
  typeof stored === 'object' && stored !== null && 'boli' in stored && 'hash' in stored;

function toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event?.isJson || !isBoliEvent(event.metadata)) return undefined;
  const stored = event.metadata;
  return {
    streamId: event.streamId,
    streamVersion: Number(event.revision),
    // Servers too old to return positions on stream reads leave them at START.
    position: event.position
      ? { commit: event.position.commit, prepare: event.position.prepare }
      : START,
    type: event.type,
    data: event.data,
    schemaVersion: stored.schemaVersion,
    metadata: stored.boli,
    recordedAt: event.created,
    hash: stored.hash,
    prevHash: stored.prevHash,
  };
}

const toVersion = (state: AppendStreamState | bigint | string): number =>
  typeof state === 'bigint' ? Number(state) : -1;

/**
 * The event store on KurrentDB (EventStoreDB). Positions are KurrentDB's own $all (commit,
 * prepare). The hash chain needs the stream's last hash, so an append reads the stream's end
 * and then appends with that exact revision; 'any' and 'stream-exists' retry when they lose a
 * race. Limits against the PostgreSQL adapter: a retried append is recognised among the
 * stream's latest `retryWindow` events only, and an event id reused in another stream is not
 * detected (KurrentDB has no global event-id index).
 */
export function createKurrentDbEventStore(options: KurrentDbEventStoreOptions): EventStore {
  const client = KurrentDBClient.connectionString(options.connectionString);
  const retryWindow = options.retryWindow ?? 200;
  const subscriptions = new Set<Subscription>();

  async function readBackwards(streamId: string, count: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of client.readStream(streamId, {
        direction: BACKWARDS,
        fromRevision: END,
        maxCount: count,
      })) {
        const event = toRecorded(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /** The earlier append these events came from, if they are all stored in order at the stream's end. */
  async function earlierAppend(
    streamId: string,
    events: readonly NewEvent[],
  ): Promise<AppendResult | undefined> {
    if (events.length === 0) return undefined;
    const recent = (await readBackwards(streamId, retryWindow)).reverse();
    const ids = events.map((e) => e.metadata.eventId);
    const start = recent.findIndex((e) => e.metadata.eventId === ids[0]);
    const anyStored = recent.some((e) => ids.includes(e.metadata.eventId));
    if (start < 0) {
      if (anyStored)
        throw new DuplicateEventIdError(
          streamId,
          ids.find((id) => recent.some((e) => e.metadata.eventId === id))!,
        );
      return undefined;
    }
    const stored = recent.slice(start, start + ids.length);
    if (stored.length !== ids.length || stored.some((e, i) => e.metadata.eventId !== ids[i])) {
      throw new DuplicateEventIdError(streamId, ids[0]!);
    }
    const last = stored[stored.length - 1]!;
    return { nextExpectedVersion: last.streamVersion, lastPosition: last.position };
  }

  async function appendOnce(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedVersion,
  ): Promise<AppendResult | 'lost-race'> {
    const [last] = await readBackwards(streamId, 1);
    const actual = last?.streamVersion ?? -1;
    if (last && events.some((e) => e.metadata.eventId === last.metadata.eventId)) {
      const retried = await earlierAppend(streamId, events);
      if (retried) return retried;
    }
    if (!satisfiesExpected(expected, actual)) {
      const retried = await earlierAppend(streamId, events);
      if (retried) return retried;
      throw new ConcurrencyError(streamId, expected, actual);
    }
    if (events.length === 0)
      return { nextExpectedVersion: actual, lastPosition: last?.position ?? START };

    let prevHash = last?.hash ?? GENESIS_HASH;
    const payload = events.map((event, index) => {
      const fields = {
        streamId,
        streamVersion: actual + 1 + index,
        type: event.type,
        data: toStoredJson(event.data),
        schemaVersion: event.schemaVersion ?? 1,
        metadata: toStoredJson(event.metadata),
      };
      const hash = eventHash(prevHash, fields);
      const metadata: StoredMetadata = {
        boli: fields.metadata,
        schemaVersion: fields.schemaVersion,
        hash,
        prevHash,
        ...(event.metadata.correlationId ? { $correlationId: event.metadata.correlationId } : {}),
        ...(event.metadata.causationId ? { $causationId: event.metadata.causationId } : {}),
      };
      prevHash = hash;
      return jsonEvent({
        id: kurrentEventId(event.metadata.eventId),
        type: event.type,
        data: fields.data as Record<string, unknown>,
        metadata,
      });
    });
    try {
      const result = await client.appendToStream(streamId, payload, {
        streamState: actual === -1 ? 'no_stream' : BigInt(actual),
      });
      if (!result.position)
        throw new Error(`KurrentDB returned no position for an append to ${streamId}`);
      return {
        nextExpectedVersion: Number(result.nextExpectedRevision),
        lastPosition: { commit: result.position.commit, prepare: result.position.prepare },
      };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      // The caller named a version and the stream has moved on: that is the caller's conflict.
      if (typeof expected === 'number' || expected === 'no-stream') {
        const retried = await earlierAppend(streamId, events);
        if (retried) return retried;
        throw new ConcurrencyError(streamId, expected, toVersion(error.actualState));
      }
      return 'lost-race';
    }
  }

  const store: EventStore = {
    async append(streamId, events, expected) {
      for (let attempt = 1; ; attempt++) {
        const result = await appendOnce(streamId, events, expected);
        if (result !== 'lost-race') return result;
        if (attempt >= 20) throw new ConcurrencyError(streamId, expected, -1);
      }
    },

    // KurrentDB appends to one stream one call at a time: each waits for the one before.
    appendSequence: (streamId, appends) => appendOneAfterAnother(store.append, streamId, appends),

    async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
      const from = options.from ?? 0;
      const to = options.to ?? Number.MAX_SAFE_INTEGER;
      if (to < from) return [];
      const events: RecordedEvent[] = [];
      try {
        for await (const resolved of client.readStream(streamId, {
          direction: FORWARDS,
          fromRevision: BigInt(from),
          maxCount: BigInt(Math.min(to - from + 1, Number.MAX_SAFE_INTEGER)),
        })) {
          const event = toRecorded(resolved);
          if (!event) continue;
          // Filtered rather than cut off: cluster nodes' clocks need not agree to the millisecond.
          if (options.asOf && event.recordedAt.getTime() > options.asOf.getTime()) continue;
          events.push(event);
        }
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw error;
      }
      return events;
    },

    async readAll(after: GlobalPosition, limit: number): Promise<RecordedEvent[]> {
      const events: RecordedEvent[] = [];
      // KurrentDB reads $all from a position inclusively; one more covers the event at `after`.
      for await (const resolved of client.readAll({
        direction: FORWARDS,
        fromPosition: comparePositions(after, START) === 0 ? KURRENT_START : after,
        maxCount: limit + 1,
        filter: excludeSystemEvents(),
      })) {
        const event = toRecorded(resolved);
        if (event && comparePositions(event.position, after) > 0) events.push(event);
        if (events.length >= limit) break;
      }
      return events;
    },

    subscribe(
      after: GlobalPosition,
      handler: EventHandler,
      options: SubscribeOptions = {},
    ): Subscription {
      const live = client.subscribeToAll({
        fromPosition: comparePositions(after, START) === 0 ? KURRENT_START : after,
        filter: excludeSystemEvents(),
      });
      let stopped = false;
      const running = (async () => {
        let checkpoint = after;
        for await (const resolved of live) {
          if (stopped) break;
          const event = toRecorded(resolved);
          // Skip KurrentDB's own and foreign events, and anything at or before the checkpoint.
          if (!event || comparePositions(event.position, checkpoint) <= 0) continue;
          if (subscribedTo(options, event.type)) await handler(event);
          checkpoint = event.position;
        }
      })().catch(async (error: unknown) => {
        if (stopped) return;
        await live.unsubscribe().catch(() => undefined);
        reportSubscriptionError(error, options);
      });
      const subscription: Subscription = {
        async close() {
          stopped = true;
          await live.unsubscribe().catch(() => undefined);
          await running;
          subscriptions.delete(subscription);
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async close() {
      await Promise.all([...subscriptions].map((s) => s.close()));
      await client.dispose();
    },
  };
  return store;
}
