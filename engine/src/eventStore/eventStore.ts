/**
 * The event store port. Every adapter (in-memory, PostgreSQL, KurrentDB) passes the same
 * contract suite (`eventStore.contract.ts`).
 *
 * Numbering scheme (one for every adapter):
 * - A stream's version is the 0-based index of its last event: a stream holding n events is at
 *   version n - 1; a stream that does not exist is at version -1.
 * - Each stored event carries `streamVersion`, its own 0-based index within the stream.
 * - `GlobalPosition` orders events across all streams. It is a pair, compared lexicographically:
 *   PostgreSQL stores (writing transaction id, sequence number), KurrentDB (commit, prepare).
 *   Readers of `$all` checkpoint the whole pair; positions are never compared as one number.
 */

export type ExpectedVersion = 'any' | 'no-stream' | 'stream-exists' | number;

export type GlobalPosition = { readonly commit: bigint; readonly prepare: bigint };

export const START: GlobalPosition = { commit: 0n, prepare: 0n };

export type Actor = { readonly userId: string; readonly role: string };

/** Metadata a command brings with each new event: ids and the clock come from the caller. */
export type NewEventMetadata = {
  readonly eventId: string;
  /** Command time, ISO-8601. The domain never reads the clock itself. */
  readonly now: string;
  readonly correlationId?: string;
  readonly causationId?: string;
  readonly actor?: Actor;
};

export type NewEvent<Type extends string = string, Data = unknown> = {
  readonly type: Type;
  readonly data: Data;
  readonly metadata: NewEventMetadata;
  /** Schema version of `data`; 1 when omitted. Upcasters lift older versions on read. */
  readonly schemaVersion?: number;
};

export type RecordedEvent<Type extends string = string, Data = unknown> = {
  readonly streamId: string;
  readonly streamVersion: number;
  readonly position: GlobalPosition;
  readonly type: Type;
  readonly data: Data;
  readonly schemaVersion: number;
  readonly metadata: NewEventMetadata;
  /** When the store recorded it (server clock), distinct from the command time. */
  readonly recordedAt: Date;
  /** hex SHA-256 over prevHash and this event's canonical JSON; chains the stream. */
  readonly hash: string;
  readonly prevHash: string;
};

export type AppendResult = {
  /** The stream's version after the append. */
  readonly nextExpectedVersion: number;
  /** Position of the last event appended (or of the already-stored one on an idempotent retry). */
  readonly lastPosition: GlobalPosition;
  /**
   * The read models written in the append's own transaction that hold its events
   * (`postgres/inlineWrite.ts`): a caller needs not wait for their projections.
   */
  readonly writtenInline?: readonly string[];
};

export type ReadStreamOptions = {
  /** First stream version to return (inclusive); default 0. */
  readonly from?: number;
  /** Last stream version to return (inclusive); default: the end. */
  readonly to?: number;
  /** Only events recorded at or before this instant — "what was true at 14:03:07". */
  readonly asOf?: Date;
};

export type Subscription = { close(): Promise<void> };

export type EventHandler = (event: RecordedEvent) => Promise<void>;

export type SubscribeOptions = {
  /**
   * Called once if the handler throws (or the store cannot be read); the subscription then stops
   * without skipping the failed event, so a new subscription from the last checkpoint resumes it.
   * Without it the error is written to stderr.
   */
  readonly onError?: (error: unknown) => void;
  /**
   * Only events of these types reach the handler; the others only move the subscription on (a
   * store may leave their payloads unread). Default: every event.
   */
  readonly types?: readonly string[];
};

/** Whether a subscription with `options` hands `type` to its handler. */
export const subscribedTo = (options: SubscribeOptions, type: string): boolean =>
  options.types === undefined || options.types.includes(type);

/** One append of a sequence (`EventStore.appendSequence`). */
export type SequencedAppend = {
  readonly events: readonly NewEvent[];
  readonly expected: ExpectedVersion;
};

/** What one append of a sequence came to: its result, or the error it failed with. */
export type SequencedResult = AppendResult | Error;

export interface EventStore {
  append(
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedVersion,
  ): Promise<AppendResult>;
  /**
   * Appends to one stream in order, each at its own expected version, as the same appends made
   * one after another: an append that fails fails every later one, which is not stored
   * (`SequenceBrokenError`). For commands decided one on another's outcome before either is
   * stored; a store may send them together (PostgreSQL: in one transaction).
   */
  appendSequence(streamId: string, appends: readonly SequencedAppend[]): Promise<SequencedResult[]>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events strictly after `after`, in global order, at most `limit`. */
  readAll(after: GlobalPosition, limit: number): Promise<RecordedEvent[]>;
  /** Delivers every event after `after`, in global order, exactly once, until closed. */
  subscribe(after: GlobalPosition, handler: EventHandler, options?: SubscribeOptions): Subscription;
  close(): Promise<void>;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
    readonly actual: number,
  ) {
    super(`Stream ${streamId} is at version ${actual}, expected ${String(expected)}`);
    this.name = 'ConcurrencyError';
  }
}

/** An append of a sequence not tried because an earlier one failed (`appendSequence`). */
export class SequenceBrokenError extends Error {
  constructor(
    readonly streamId: string,
    failure: unknown,
  ) {
    super(`An earlier append to ${streamId} in the same sequence failed: ${String(failure)}`, {
      cause: failure,
    });
    this.name = 'SequenceBrokenError';
  }
}

/** `appendSequence` for a store that sends appends one at a time: each waits for the one before. */
export async function appendOneAfterAnother(
  append: EventStore['append'],
  streamId: string,
  appends: readonly SequencedAppend[],
): Promise<SequencedResult[]> {
  const results: SequencedResult[] = [];
  let failure: unknown;
  for (const { events, expected } of appends) {
    if (failure !== undefined) {
      results.push(new SequenceBrokenError(streamId, failure));
      continue;
    }
    try {
      results.push(await append(streamId, events, expected));
    } catch (error) {
      failure = error;
      results.push(error instanceof Error ? error : new Error(String(error)));
    }
  }
  return results;
}

/** An event id is already stored, but not as this exact retry of an earlier append. */
export class DuplicateEventIdError extends Error {
  constructor(
    readonly streamId: string,
    readonly eventId: string,
  ) {
    super(
      `Event ${eventId} is already stored and this append to ${streamId} is not a retry of the one that stored it`,
    );
    this.name = 'DuplicateEventIdError';
  }
}

/** Whether a stream at `actual` (-1: no stream) satisfies what the caller expected. */
export const satisfiesExpected = (expected: ExpectedVersion, actual: number): boolean =>
  expected === 'any' ||
  (expected === 'no-stream' && actual === -1) ||
  (expected === 'stream-exists' && actual >= 0) ||
  expected === actual;

export const comparePositions = (a: GlobalPosition, b: GlobalPosition): number =>
  a.commit !== b.commit
    ? a.commit < b.commit
      ? -1
      : 1
    : a.prepare === b.prepare
      ? 0
      : a.prepare < b.prepare
        ? -1
        : 1;

/** The later of two positions; `b` may be missing. */
export const laterPosition = (a: GlobalPosition, b: GlobalPosition | undefined): GlobalPosition =>
  b !== undefined && comparePositions(b, a) > 0 ? b : a;

/** Text form for HTTP, sockets and checkpoints: "<commit>.<prepare>". */
export const formatPosition = (p: GlobalPosition): string => `${p.commit}.${p.prepare}`;

/** What `formatPosition` writes, for checking a position given as text before parsing it. */
export const POSITION_TEXT = /^(\d+)\.(\d+)$/;

export const parsePosition = (text: string): GlobalPosition => {
  const match = POSITION_TEXT.exec(text);
  if (!match) throw new Error(`Not a global position: ${text}`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
};
