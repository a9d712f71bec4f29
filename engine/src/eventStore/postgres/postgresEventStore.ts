import pg from 'pg';
import {
  formatPosition,
  laterPosition,
  START,
  type EventHandler,
  type EventStore,
  type GlobalPosition,
  type NewEventMetadata,
  type ReadStreamOptions,
  type RecordedEvent,
  subscribedTo,
  type SubscribeOptions,
  type Subscription,
} from '../eventStore.ts';
import { reportSubscriptionError } from '../subscriptionErrors.ts';
import { createAppender } from './appender.ts';
import type { InlineWrite } from './inlineWrite.ts';
import { NOTIFY_CHANNEL } from './sqlNames.ts';

export type PostgresEventStoreOptions = ({ connectionString: string } | { pool: pg.Pool }) & {
  /** Pool size when the store makes its own pool. */
  readonly maxConnections?: number;
  /**
   * How appends wake subscribers (polling finds every event regardless):
   * - 'after-commit' (default): one coalesced NOTIFY on a connection of its own after appends commit;
   * - 'in-transaction': NOTIFY inside each append's transaction. PostgreSQL then holds a
   *   database-wide lock from the NOTIFY through the commit's WAL flush, so every such append
   *   commits one at a time (measured: about a fifth of the throughput on independent streams);
   * - 'none': subscribers only poll.
   */
  readonly notify?: 'after-commit' | 'in-transaction' | 'none';
  /**
   * Appends in flight at once (default: half the pool, leaving room for reads and letting
   * waiting appends share a commit). Appends beyond it wait and are then
   * committed together, one transaction for the group, each with its own version check.
   */
  readonly appendConcurrency?: number;
  /** How often a subscription polls when no NOTIFY arrives (default 500 ms). */
  readonly pollIntervalMs?: number;
  /** Events a subscription reads per query (default 500). */
  readonly batchSize?: number;
  /** A read model written in each append's own statement, when the append concerns it. */
  readonly inlineWrite?: InlineWrite;
};

type EventRow = {
  stream_id: string;
  stream_version: number;
  transaction_id: string;
  position: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: NewEventMetadata;
  recorded_at: Date;
  hash: string;
  prev_hash: string;
};

const columns = (payload: string) => `stream_id, stream_version,
  transaction_id::text AS transaction_id, position, type, schema_version, ${payload}, recorded_at,
  hash, prev_hash`;
const COLUMNS = columns('data, metadata');

/*
 * Only below the oldest transaction still running: anything under it has committed or never will.
 * That is the oldest on the whole server, of any database; its end sends no notification, so an
 * event it held back reaches subscribers at their next poll (`pollIntervalMs`).
 * The ORDER BY names the table's columns (`e.`): bare, `transaction_id` would be the selected text
 * of the same name, so the log came sorted as text (xid 10 before 9), out of the index's order —
 * wrong across a power of ten, and a sort of the whole remaining log on every read.
 */
const readAllSql = (selected: string) => `SELECT ${selected} FROM event_store_events e
  WHERE (e.transaction_id, e.position) > ($1::text::xid8, $2::bigint)
    AND e.transaction_id < pg_snapshot_xmin(pg_current_snapshot())
  ORDER BY e.transaction_id, e.position
  LIMIT $3`;
const READ_ALL_SQL = readAllSql(COLUMNS);
/**
 * The log as a subscription with `types` ($4) reads it: the other events come without their
 * payloads, which PostgreSQL would otherwise turn into text and the subscriber parse, only to
 * move it on (the worker's deadline schedulers want one event type in thousands).
 */
const READ_ALL_TYPED_SQL = readAllSql(
  columns(`CASE WHEN type = ANY($4::text[]) THEN data END AS data,
    CASE WHEN type = ANY($4::text[]) THEN metadata END AS metadata`),
);

const toRecorded = (row: EventRow): RecordedEvent => ({
  streamId: row.stream_id,
  streamVersion: row.stream_version,
  position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.position) },
  type: row.type,
  data: row.data,
  schemaVersion: row.schema_version,
  metadata: row.metadata,
  recordedAt: row.recorded_at,
  hash: row.hash,
  prevHash: row.prev_hash,
});

/** Shortest time between two after-commit NOTIFYs from one store. */
const NOTIFY_GAP_MS = 5;

type DedicatedConnection = { get(): Promise<pg.Client | undefined>; close(): Promise<void> };

/** A connection of the store's own (LISTEN, NOTIFY), made from the pool's settings on first use. */
function dedicatedConnection(pool: pg.Pool, setup?: string): DedicatedConnection {
  let connection: Promise<pg.Client | undefined> | undefined;
  let closed = false;
  return {
    async get() {
      if (closed) return undefined;
      connection ??= (async () => {
        const client = new pg.Client(pool.options);
        client.on('error', () => {
          // Lost: the next use opens another.
          connection = undefined;
        });
        try {
          await client.connect();
          if (setup) await client.query(setup);
          return client;
        } catch {
          connection = undefined;
          return undefined;
        }
      })();
      return connection;
    },
    async close() {
      closed = true;
      const client = await connection;
      await client?.end().catch(() => undefined);
    },
  };
}

/**
 * The event store on PostgreSQL (schema: ./migrations.ts). Positions are {commit: writing
 * transaction id (xid8), prepare: sequence number}.
 */
export function createPostgresEventStore(options: PostgresEventStoreOptions): EventStore {
  const ownsPool = !('pool' in options);
  const pool =
    'pool' in options
      ? options.pool
      : new pg.Pool({
          connectionString: options.connectionString,
          max: options.maxConnections ?? 10,
        });
  // An idle pooled connection that dies (server restart) must not take the process with it.
  if (ownsPool) pool.on('error', () => undefined);
  const notifyMode = options.notify ?? 'after-commit';
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const batchSize = options.batchSize ?? 500;
  const wakers = new Set<() => void>();
  /** Notifications heard so far: a read started before the latest one may miss its events. */
  let hints = 0;
  /** Open subscriptions' event types (undefined: all of them). */
  const subscribedTypes = new Map<object, readonly string[] | undefined>();
  type SharedRead = {
    hints: number;
    types: readonly string[] | undefined;
    events: Promise<RecordedEvent[]>;
  };
  const subscriberReads = new Map<string, SharedRead>();

  /** What the open subscriptions want between them: every type any names, or all. */
  function typesWanted(): readonly string[] | undefined {
    const wanted = new Set<string>();
    for (const types of subscribedTypes.values()) {
      if (types === undefined) return undefined;
      for (const type of types) wanted.add(type);
    }
    return [...wanted].sort();
  }
  const covers = (read: readonly string[] | undefined, types: readonly string[] | undefined) =>
    read === undefined || (types !== undefined && types.every((type) => read.includes(type)));

  /**
   * readAll for subscribers. The subscriptions of one process (the api's live pushes, the
   * worker's deadline schedulers) are woken by the same notification and mostly sit at the same
   * position: one query, with the payloads of every type any of them wants, serves them all —
   * unless a notification came after it started (its events might be missed).
   */
  function readForSubscriber(
    after: GlobalPosition,
    limit: number,
    types: readonly string[] | undefined,
  ): Promise<RecordedEvent[]> {
    const key = `${formatPosition(after)}/${limit}`;
    const shared = subscriberReads.get(key);
    if (shared !== undefined && shared.hints === hints && covers(shared.types, types)) {
      return shared.events;
    }
    const read = typesWanted();
    const entry: SharedRead = {
      hints,
      types: read,
      events:
        read === undefined
          ? store.readAll(after, limit)
          : pool
              .query<EventRow>({
                name: 'event_store_read_all_typed',
                text: READ_ALL_TYPED_SQL,
                values: [after.commit.toString(), after.prepare.toString(), limit, read],
              })
              .then(({ rows }) => rows.map(toRecorded)),
    };
    subscriberReads.set(key, entry);
    const forget = () => {
      if (subscriberReads.get(key) === entry) subscriberReads.delete(key);
    };
    entry.events.then(forget, forget);
    return entry.events;
  }
  const subscriptions = new Set<Subscription>();
  let closed = false;

  // One listening connection serves every subscription of this store. Losing it only means
  // subscribers poll until the next wait opens another.
  const listenerConnection = dedicatedConnection(pool);
  let listening: pg.Client | undefined;
  async function ensureListener(): Promise<void> {
    const client = await listenerConnection.get();
    if (!client || client === listening || closed) return;
    listening = client;
    client.on('notification', () => {
      hints++;
      for (const wake of [...wakers]) wake();
    });
    await client.query(`LISTEN ${NOTIFY_CHANNEL}`).catch(() => undefined);
  }

  // After-commit notifications are coalesced: at most one in flight, and one more, a few
  // milliseconds later, if appends committed meanwhile. A crash in between costs subscribers one
  // poll interval, nothing more.
  // A NOTIFY commits a transaction of its own; a hint need not wait for the WAL flush.
  // Its payload is the last position committed so far (`formatPosition`): a listener that has read
  // up to it knows it missed nothing, and one that has not knows the rest is still held back.
  const notifierConnection = dedicatedConnection(pool, 'SET synchronous_commit = off');
  let notifyInFlight = false;
  let notifyAgain = false;
  let committed: GlobalPosition = START;
  function notifyCommitted(position: GlobalPosition): void {
    committed = laterPosition(position, committed);
    if (notifyMode !== 'after-commit' || closed) return;
    if (notifyInFlight) {
      notifyAgain = true;
      return;
    }
    notifyInFlight = true;
    void (async () => {
      try {
        for (;;) {
          notifyAgain = false;
          const client = await notifierConnection.get();
          await client?.query({
            name: 'event_store_notify',
            text: 'SELECT pg_notify($1, $2)',
            values: [NOTIFY_CHANNEL, formatPosition(committed)],
          });
          await new Promise((resolve) => setTimeout(resolve, NOTIFY_GAP_MS));
          if (!notifyAgain || closed) break;
        }
      } catch {
        // A hint that did not go out; subscribers poll.
      } finally {
        notifyInFlight = false;
      }
    })();
  }

  const appender = createAppender({
    pool,
    concurrency: options.appendConcurrency ?? Math.max(1, Math.floor((pool.options.max ?? 10) / 2)),
    notifyInTransaction: notifyMode === 'in-transaction',
    onCommitted: notifyCommitted,
    inlineWrite: options.inlineWrite,
  });

  const ensureOpen = (): void => {
    if (closed) throw new Error('Event store is closed');
  };

  const store: EventStore = {
    async append(streamId, events, expected) {
      ensureOpen();
      return appender.append(streamId, events, expected);
    },

    async appendSequence(streamId, appends) {
      ensureOpen();
      return appender.appendSequence(streamId, appends);
    },

    async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
      ensureOpen();
      const { rows } = await pool.query<EventRow>({
        name: 'event_store_read_stream',
        text: `SELECT ${COLUMNS} FROM event_store_events
          WHERE stream_id = $1 AND stream_version >= $2 AND stream_version <= $3
            AND ($4::timestamptz IS NULL OR recorded_at <= $4::timestamptz)
          ORDER BY stream_version`,
        values: [streamId, options.from ?? 0, options.to ?? 2_147_483_647, options.asOf ?? null],
      });
      return rows.map(toRecorded);
    },

    async readAll(after: GlobalPosition, limit: number): Promise<RecordedEvent[]> {
      ensureOpen();
      const { rows } = await pool.query<EventRow>({
        name: 'event_store_read_all',
        text: READ_ALL_SQL,
        values: [after.commit.toString(), after.prepare.toString(), limit],
      });
      return rows.map(toRecorded);
    },

    subscribe(
      after: GlobalPosition,
      handler: EventHandler,
      options: SubscribeOptions = {},
    ): Subscription {
      ensureOpen();
      let checkpoint = after;
      let stopped = false;
      let hinted = false;
      let wake: (() => void) | undefined;
      const waker = (): void => {
        hinted = true;
        wake?.();
      };
      wakers.add(waker);
      subscribedTypes.set(waker, options.types);

      const run = async (): Promise<void> => {
        await ensureListener();
        while (!stopped) {
          hinted = false;
          const batch = await readForSubscriber(checkpoint, batchSize, options.types);
          for (const event of batch) {
            if (stopped) return;
            if (subscribedTo(options, event.type)) await handler(event);
            checkpoint = event.position;
          }
          if (batch.length < batchSize && !stopped && !hinted) {
            await ensureListener();
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, pollIntervalMs);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
            wake = undefined;
          }
        }
      };
      const running = run()
        .catch((error: unknown) => {
          if (!stopped) reportSubscriptionError(error, options);
        })
        .finally(() => {
          wakers.delete(waker);
          subscribedTypes.delete(waker);
        });

      const subscription: Subscription = {
        async close() {
          stopped = true;
          wake?.();
          await running;
          subscriptions.delete(subscription);
        },
      };
      subscriptions.add(subscription);
      return subscription;
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.close()));
      await Promise.all([listenerConnection.close(), notifierConnection.close()]);
      if (ownsPool) await pool.end();
    },
  };
  return store;
}
