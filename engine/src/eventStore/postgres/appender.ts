import type pg from 'pg';
import {
  appendOneAfterAnother,
  ConcurrencyError,
  DuplicateEventIdError,
  laterPosition,
  SequenceBrokenError,
  START,
  type AppendResult,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  type SequencedAppend,
  type SequencedResult,
} from '../eventStore.ts';
import { canonicalJson } from '../hashChain.ts';
import type { InlineWrite } from './inlineWrite.ts';
import { EXPECT_ANY, EXPECT_STREAM_EXISTS } from './sqlNames.ts';

type AppendRow = {
  outcome: 'ok' | 'retry' | 'conflict' | 'duplicate' | 'none';
  out_version: number | null;
  out_transaction_id: string | null;
  out_position: string | null;
  out_event_id: string | null;
  /** Only in a statement with an inline write: whether it wrote this append's events. */
  written_inline?: boolean;
};

type Request = {
  readonly streamId: string;
  readonly events: readonly NewEvent[];
  readonly expected: ExpectedVersion;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
};

/**
 * Largest number of waiting appends sent as one transaction; a longer queue is split across free
 * connections so PostgreSQL works on its parts in parallel. Measured with pgbench calling
 * event_store_append_many on 2 cores: one group of 32 independent appends at a time stored
 * 16-20k events/s, two groups of 16 at once 24-28k. Through the store with 32 callers, a cap of
 * 16 gave 15k appends/s against 13k with 8 or 64.
 */
const MAX_GROUP = 16;

function expectedCode(expected: ExpectedVersion): number {
  if (expected === 'any') return EXPECT_ANY;
  if (expected === 'stream-exists') return EXPECT_STREAM_EXISTS;
  if (expected === 'no-stream') return -1;
  if (!Number.isInteger(expected) || expected < -1) {
    throw new RangeError(`Invalid expected version ${expected}`);
  }
  return expected;
}

/** The pieces event_store_append hashes and stores, in its parameter order. */
function appendParameters(
  streamId: string,
  events: readonly NewEvent[],
  expected: ExpectedVersion,
) {
  return {
    streamId,
    streamJson: JSON.stringify(streamId),
    expected: expectedCode(expected),
    eventIds: events.map((e) => e.metadata.eventId),
    types: events.map((e) => e.type),
    typeJson: events.map((e) => JSON.stringify(e.type)),
    schemaVersions: events.map((e) => e.schemaVersion ?? 1),
    data: events.map((e) => canonicalJson(e.data)),
    metadata: events.map((e) => canonicalJson(e.metadata)),
    commandTimes: events.map((e) => e.metadata.now),
  };
}

/** The one statement an append is; exported so tests can run it inside a transaction they hold open. */
export function appendQuery(
  streamId: string,
  events: readonly NewEvent[],
  expected: ExpectedVersion,
  notifyInTransaction = false,
): pg.QueryConfig {
  return {
    name: 'event_store_append',
    text: 'SELECT * FROM event_store_append($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)',
    values: [...Object.values(appendParameters(streamId, events, expected)), notifyInTransaction],
  };
}

/**
 * Several appends as one event_store_append_many statement: per-append arrays, events flattened.
 * With `inline` (rows for it among these appends), the same statement also writes that read model
 * (`inlineWrite.ts`).
 */
function appendManyQuery(
  group: readonly Pick<Request, 'streamId' | 'events' | 'expected'>[],
  notifyInTransaction: boolean,
  inline?: { write: InlineWrite; rows: readonly unknown[] },
): pg.QueryConfig {
  const parts = group.map((r) => appendParameters(r.streamId, r.events, r.expected));
  type Part = (typeof parts)[number];
  const flat = <
    K extends
      'eventIds' | 'types' | 'typeJson' | 'schemaVersions' | 'data' | 'metadata' | 'commandTimes',
  >(
    key: K,
  ): Part[K][number][] => parts.flatMap((p) => p[key] as Part[K][number][]);
  const append =
    'SELECT * FROM event_store_append_many($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)';
  return {
    ...(inline
      ? {
          name: `event_store_append_many+${inline.write.readModel}`,
          text: `WITH appended AS (${append}), ${inline.write.ctes('$13')}
            SELECT appended.*, appended.ordinal IN (SELECT ordinal FROM inline_written) AS written_inline
              FROM appended`,
        }
      : { name: 'event_store_append_many', text: append }),
    values: [
      parts.map((p) => p.streamId),
      parts.map((p) => p.streamJson),
      parts.map((p) => p.expected),
      parts.map((p) => p.eventIds.length),
      flat('eventIds'),
      flat('types'),
      flat('typeJson'),
      flat('schemaVersions'),
      flat('data'),
      flat('metadata'),
      flat('commandTimes'),
      notifyInTransaction,
      ...(inline ? [JSON.stringify(inline.rows)] : []),
    ],
  };
}

const toAppendResult = (row: AppendRow, inline?: InlineWrite): AppendResult => ({
  nextExpectedVersion: row.out_version ?? -1,
  lastPosition:
    row.out_transaction_id === null || row.out_position === null
      ? START
      : { commit: BigInt(row.out_transaction_id), prepare: BigInt(row.out_position) },
  ...(inline && row.written_inline ? { writtenInline: [inline.readModel] } : {}),
});

/** What an append function's row means for the caller: a result, or the error to throw. */
function interpret(
  row: AppendRow | undefined,
  request: Pick<Request, 'streamId' | 'expected'>,
  inline?: InlineWrite,
): AppendResult {
  if (!row) throw new Error('event_store_append returned no row');
  switch (row.outcome) {
    case 'ok':
    case 'retry':
      return toAppendResult(row, inline);
    case 'conflict':
      throw new ConcurrencyError(request.streamId, request.expected, row.out_version ?? -1);
    case 'duplicate':
      throw new DuplicateEventIdError(request.streamId, row.out_event_id ?? '');
    case 'none':
      throw new Error('event_store_append answered "none"');
    default: {
      const never: never = row.outcome;
      throw new Error(`Unknown append outcome ${String(never)}`);
    }
  }
}

const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Error && (error as { code?: string }).code === '23505';

export type AppenderOptions = {
  readonly pool: pg.Pool;
  /** Appends in flight at once; more callers wait and go together in one transaction. */
  readonly concurrency: number;
  readonly notifyInTransaction: boolean;
  /** Called after appends that stored events have committed, with the last position they took. */
  readonly onCommitted: (last: GlobalPosition) => void;
  /** A read model written in the appends' own statement (`inlineWrite.ts`). */
  readonly inlineWrite?: InlineWrite | undefined;
};

/**
 * What waits for a slot: one append, or a sequence of appends to one stream that must go in one
 * transaction, in order (`appendSequence`).
 */
type Unit = readonly Request[];

/**
 * Appends with group commit. Up to `concurrency` transactions run at once, each one statement;
 * appends asked for in one event-loop turn, or while every slot is busy, queue, and the next free
 * slot sends everything queued as one event_store_append_many transaction: fewer round trips and
 * commits under load, no added latency when idle beyond the end of the current turn. Every
 * append keeps its own expected-version check and its own result. A sequence is never split
 * between transactions: within one, the function fails every append to a stream that follows a
 * failed one to the same stream (engine_005), which is what a sequence needs.
 */
export function createAppender(options: AppenderOptions) {
  const { pool, concurrency, notifyInTransaction, onCommitted, inlineWrite } = options;
  const queue: Unit[] = [];
  let inFlight = 0;

  async function appendOne(
    request: Pick<Request, 'streamId' | 'events' | 'expected'>,
  ): Promise<AppendResult> {
    const { streamId, events, expected } = request;
    let rows: AppendRow[];
    try {
      ({ rows } = await pool.query<AppendRow>(
        appendQuery(streamId, events, expected, notifyInTransaction),
      ));
    } catch (error) {
      // An event id already stored: a retry of an append that succeeded, or a clash.
      if (!isUniqueViolation(error)) throw error;
      ({ rows } = await pool.query<AppendRow>('SELECT * FROM event_store_retried($1, $2)', [
        streamId,
        events.map((e) => e.metadata.eventId),
      ]));
      if (rows[0]?.outcome === 'none') throw error;
    }
    const result = interpret(rows[0], request);
    if (rows[0]?.outcome === 'ok' && events.length > 0) onCommitted(result.lastPosition);
    return result;
  }

  /** Each append of `unit` on its own, in order; after a failure, the rest fail unsent. */
  async function settle(unit: Unit): Promise<void> {
    const results = await appendOneAfterAnother(
      (streamId, events, expected) => appendOne({ streamId, events, expected }),
      unit[0]!.streamId,
      unit,
    );
    unit.forEach((request, index) => {
      const result = results[index]!;
      if (result instanceof Error) request.reject(result);
      else request.resolve(result);
    });
  }

  type Inline = { write: InlineWrite; rows: readonly unknown[] };

  /** The group's rows for the inline write; undefined when it has none or none concern it. */
  function inlineOf(group: readonly Request[]): Inline | undefined {
    if (!inlineWrite) return undefined;
    const rows = inlineWrite.rowsOf(group.map((request) => request.events));
    return rows.length > 0 ? { write: inlineWrite, rows } : undefined;
  }

  async function appendGroup(units: Unit[], inline: Inline | undefined): Promise<void> {
    const group = units.flat();
    let rows: (AppendRow & { ordinal: number })[];
    try {
      ({ rows } = await pool.query<AppendRow & { ordinal: number }>(
        appendManyQuery(group, notifyInTransaction, inline),
      ));
    } catch {
      // The whole group rolled back (say, one append repeats stored ids): each unit on its own,
      // without the inline write (the projection writes those rows from the log).
      for (const unit of units) await settle(unit);
      return;
    }
    const byOrdinal = new Map(rows.map((row) => [row.ordinal, row]));
    let stored: GlobalPosition | undefined;
    let ordinal = 0;
    for (const unit of units) {
      let failure: unknown;
      for (const request of unit) {
        const row = byOrdinal.get(++ordinal);
        // What follows a failed append of a sequence was refused by the function: say why.
        if (failure !== undefined) {
          request.reject(new SequenceBrokenError(request.streamId, failure));
          continue;
        }
        try {
          const result = interpret(row, request, inline?.write);
          request.resolve(result);
          if (row?.outcome === 'ok' && request.events.length > 0) {
            stored = laterPosition(result.lastPosition, stored);
          }
        } catch (error) {
          failure = error;
          request.reject(error);
        }
      }
    }
    if (stored) onCommitted(stored);
  }

  // Sending waits for the end of the event-loop turn: every append asked for in that turn (callers
  // answered by one commit ask for their next together) joins the group. Measured: appends to
  // independent streams doubled against sending each as soon as a slot was free.
  let pumpScheduled = false;
  function schedulePump(): void {
    if (pumpScheduled) return;
    pumpScheduled = true;
    setImmediate(() => {
      pumpScheduled = false;
      pump();
    });
  }

  /** Whole units from the head of the queue, at least one, up to MAX_GROUP appends. */
  function nextGroup(): Unit[] {
    const units = [queue.shift()!];
    let size = units[0]!.length;
    while (queue.length > 0 && size + queue[0]!.length <= MAX_GROUP) {
      size += queue[0]!.length;
      units.push(queue.shift()!);
    }
    return units;
  }

  function pump(): void {
    while (inFlight < concurrency && queue.length > 0) {
      const units = nextGroup();
      inFlight++;
      // A lone append goes as event_store_append, unless the inline write has rows for it.
      const inline = inlineOf(units.flat());
      const alone = units.length === 1 && units[0]!.length === 1 && !inline;
      const sending = alone ? settle(units[0]!) : appendGroup(units, inline);
      void sending.finally(() => {
        inFlight--;
        schedulePump();
      });
    }
  }

  const request = (
    streamId: string,
    events: readonly NewEvent[],
    expected: ExpectedVersion,
  ): { request: Request; result: Promise<AppendResult> } => {
    expectedCode(expected);
    let request!: Request;
    const result = new Promise<AppendResult>((resolve, reject) => {
      request = { streamId, events, expected, resolve, reject };
    });
    return { request, result };
  };

  return {
    append(streamId: string, events: readonly NewEvent[], expected: ExpectedVersion) {
      const one = request(streamId, events, expected);
      queue.push([one.request]);
      schedulePump();
      return one.result;
    },

    appendSequence(streamId: string, appends: readonly SequencedAppend[]) {
      const requests = appends.map(({ events, expected }) => request(streamId, events, expected));
      if (requests.length > 0) queue.push(requests.map((r) => r.request));
      schedulePump();
      return Promise.all(
        requests.map(({ result }) =>
          result.catch((error: unknown) =>
            error instanceof Error ? error : new Error(String(error)),
          ),
        ),
      ) as Promise<SequencedResult[]>;
    },
  };
}
