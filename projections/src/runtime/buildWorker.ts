import type { Knex } from 'knex';
import type { PostgresOutageLog } from '@boli/engine/eventStore/postgres/outages';
import {
  formatPosition,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
} from '@boli/engine/eventStore/eventStore';
import { tryLockBuild, type HeldLock } from './advisoryLock.ts';
import {
  BUILDS,
  describeBuild,
  goLive,
  keyOf,
  loadBuild,
  type Build,
  type BuildKey,
} from './builds.ts';
import { CHECKPOINT_CHANNEL } from './checkpointListener.ts';
import { checkpointWriter, type MoveCheckpoint } from './checkpointWriter.ts';
import type { RuntimeLogger } from './logger.ts';
import type { Projection } from './projection.ts';
import { preparedQuery } from './preparedQuery.ts';
import { heardHints } from './heardHints.ts';

export type WorkerSettings = {
  readonly db: Knex;
  readonly databaseUrl: string;
  readonly store: EventStore;
  readonly logger: RuntimeLogger;
  /** Where failures go: an outage of PostgreSQL is told once, for every build of the process. */
  readonly outages: PostgresOutageLog;
  /** Events read and written per transaction. */
  readonly batchSize: number;
  /** Longest sleep when caught up; a wake-up hint cuts it short. Polling is the truth. */
  readonly idlePollMs: number;
  /** How often a runner that did not get the lock tries again. */
  readonly lockRetryMs: number;
  /** Writes the checkpoint-only moves of the process's live builds together (`checkpointWriter`). */
  readonly moveCheckpoint?: MoveCheckpoint;
};

export type BuildWorker = {
  readonly key: BuildKey;
  /**
   * Something may have been appended (up to `appended`, when known): look now rather than at the
   * next poll.
   */
  poke(appended?: GlobalPosition): void;
  stop(): Promise<void>;
  /** Settles when the worker ends: stopped, its build retired, or its lock lost. */
  readonly done: Promise<void>;
};

class BuildRetired extends Error {}

export { CHECKPOINT_CHANNEL };

/**
 * Drives one build: holds its advisory lock, reads the log after the build's checkpoint and writes
 * each batch's rows with the new checkpoint in one transaction. A building build goes live once
 * caught up. `onLive` runs after that swap commits.
 */
export function startBuildWorker(
  settings: WorkerSettings,
  projection: Projection,
  key: BuildKey,
  onLive: () => void = () => {},
): BuildWorker {
  const { db, store, logger, outages, batchSize } = settings;
  const handles = new Set(projection.handles);
  let stopping = false;
  let wake: (() => void) | undefined;
  let hinted = false;
  const heard = heardHints();

  /** Sleeps up to `ms`; true when a hint (or stop) cut it short. */
  const pause = (ms: number): Promise<boolean> =>
    new Promise<boolean>((resolve) => {
      if (stopping || hinted) return resolve(true);
      const timer = setTimeout(() => done(false), ms);
      function done(woken: boolean) {
        clearTimeout(timer);
        wake = undefined;
        resolve(woken);
      }
      wake = () => done(true);
    }).then((woken) => {
      hinted = false;
      return woken;
    });

  /**
   * The guarded move of the checkpoint to the batch's last event (`handled`: how many of its events
   * the projection handles), as SQL and its bindings: moves only a build that is not retired and
   * whose checkpoint is where we left it, and returns a row if it moved. Live checkpoints are
   * announced (after commit) for waiters and live pushes.
   */
  function checkpointMove(
    build: Build,
    from: GlobalPosition,
    events: RecordedEvent[],
    handled: number,
  ) {
    const last = events[events.length - 1]!;
    return {
      sql: `UPDATE ${BUILDS} SET checkpoint_commit = ?, checkpoint_prepare = ?, last_event_recorded_at = ?,
         events_handled = events_handled + ?, updated_at = now(), last_error = NULL
       WHERE name = ? AND version = ? AND build = ? AND status <> 'retired'
         AND checkpoint_commit = ? AND checkpoint_prepare = ?
       RETURNING CASE WHEN status = 'live' THEN pg_notify(?, ?::text) END AS announced`,
      bindings: [
        last.position.commit.toString(),
        last.position.prepare.toString(),
        last.recordedAt,
        handled,
        build.name,
        build.version,
        build.build,
        from.commit.toString(),
        from.prepare.toString(),
        CHECKPOINT_CHANNEL,
        `${build.name} ${formatPosition(last.position)}`,
      ],
    };
  }

  /**
   * A batch whose writes the projection gives as one statement (`batchStatement`): they and the
   * checkpoint's move in one round trip, committed together; undefined when this batch needs
   * `applyBatch`.
   */
  async function applyInOneStatement(
    build: Build,
    from: GlobalPosition,
    events: RecordedEvent[],
  ): Promise<GlobalPosition | undefined> {
    const handled = events.filter((event) => handles.has(event.type));
    const statement = await projection.batchStatement?.(db, handled, build.tables, memory);
    if (statement === undefined) return undefined;
    const move = checkpointMove(build, from, events, handled.length);
    const [row] = await preparedQuery<{ moved: number }>(
      db,
      `WITH moved AS (${move.sql}), ${statement.ctes} SELECT count(*)::int AS moved FROM moved`,
      [...move.bindings, ...statement.bindings],
    );
    if (row?.moved !== 1) await refuseMove(db, build, from);
    return events[events.length - 1]!.position;
  }

  /**
   * Applies `events` and moves the checkpoint, in `trx`; refuses if the row is not where we left
   * it. The guarded checkpoint UPDATE comes first: it locks the build's row (as `goLive` does) and
   * checks it in the same round trip.
   */
  async function applyBatch(
    trx: Knex.Transaction,
    build: Build,
    from: GlobalPosition,
    events: RecordedEvent[],
  ) {
    const handled = events.filter((event) => handles.has(event.type));
    const last = events[events.length - 1]!;
    const move = checkpointMove(build, from, events, handled.length);
    const moved = await preparedQuery(trx, move.sql, move.bindings);
    if (moved.length === 0) await refuseMove(trx, build, from);
    if (projection.handleBatch) {
      if (handled.length > 0) await projection.handleBatch(trx, handled, build.tables);
    } else {
      for (const event of handled) await projection.handle!(trx, event, build.tables);
    }
    return last.position;
  }

  /** `applyBatch` in a transaction of its own; the memory, which it does not follow, forgotten. */
  async function applyInTransaction(build: Build, from: GlobalPosition, events: RecordedEvent[]) {
    forgetMemory();
    return db.transaction((trx) => applyBatch(trx, build, from, events));
  }

  /** Why a guarded checkpoint move found no row: the build retired, or moved by someone else. */
  async function refuseMove(
    db: Knex | Knex.Transaction,
    build: Build,
    from: GlobalPosition,
  ): Promise<never> {
    const row = await loadBuild(db, build);
    if (!row || row.status === 'retired') throw new BuildRetired();
    throw new Error(
      `${describeBuild(build)} is at ${formatPosition(row.checkpoint)}, expected ${formatPosition(from)}`,
    );
  }

  // A building build moves on its own: the shared writer takes live builds only, so its UPDATE
  // never holds two rows of one projection, which `goLive` locks together.
  const ownWriter = checkpointWriter(db);

  /**
   * A batch with no event this projection handles: no rows to write, so only the checkpoint moves,
   * guarded like `applyBatch` (the build not retired, the checkpoint where we left it) — in one
   * statement, shared with the process's other live builds, instead of a transaction of its own.
   */
  async function skipBatch(build: Build, from: GlobalPosition, events: RecordedEvent[]) {
    const last = events[events.length - 1]!;
    const move = build.status === 'live' ? (settings.moveCheckpoint ?? ownWriter) : ownWriter;
    if (await move({ key: build, from, to: last.position, recordedAt: last.recordedAt })) {
      return last.position;
    }
    return refuseMove(db, build, from);
  }

  /**
   * The projection's memory of the build (`Projection.memory`): what this runner's committed
   * statements wrote. A fresh one for each hold of the lock, after a failed batch, and after a
   * batch written by `handleBatch`, which the memory did not follow.
   */
  let memory: unknown;
  const forgetMemory = () => {
    memory = projection.memory?.();
  };

  /**
   * At the end of what is readable up to `checkpoint`: looks again on the hints' schedule
   * (`HeardHints.nextLook`) for announced events held back; otherwise sleeps until a hint announces
   * something past it (or names no position), or the idle poll is due. A hint of events already
   * read wakes nothing.
   */
  async function waitForMore(checkpoint: GlobalPosition): Promise<void> {
    for (;;) {
      if (!(await pause(heard.nextLook(checkpoint) ?? settings.idlePollMs))) return;
      heard.startOver();
      if (stopping || heard.expecting(checkpoint)) return;
    }
  }

  async function drive(lock: HeldLock): Promise<void> {
    forgetMemory();
    let build = await loadBuild(db, key);
    if (!build || build.status === 'retired') return;
    let checkpoint = build.checkpoint;
    let failures = 0;
    heard.startOver();
    let checkedAt = performance.now();
    while (!stopping && lock.held()) {
      try {
        const events = await store.readAll(checkpoint, batchSize);
        if (events.length > 0) {
          const current = build;
          const from = checkpoint;
          checkpoint = events.some((event) => handles.has(event.type))
            ? ((await applyInOneStatement(current, from, events)) ??
              (await applyInTransaction(current, from, events)))
            : await skipBatch(current, from, events);
        }
        if (build.status === 'building' && events.length < batchSize) {
          const from = checkpoint;
          forgetMemory();
          const swapped = await goLive(db, key, from, async (trx) => {
            // Whatever arrived since: applied here while the live build's row is locked.
            let position = from;
            for (let round = 0; round < 10; round++) {
              const more = await store.readAll(position, batchSize);
              if (more.length === 0) return position;
              position = await applyBatch(trx, build!, position, more);
            }
            return undefined;
          });
          build = await loadBuild(db, key);
          if (!build || build.status === 'retired') return;
          checkpoint = build.checkpoint;
          if (swapped) {
            logger.info({ projection: describeBuild(key) }, 'projection build is live');
            onLive();
          }
        }
        failures = 0;
        if (events.length === 0 && performance.now() - checkedAt > settings.idlePollMs) {
          // Idle: make sure we are still wanted (a newer build may have replaced this one).
          checkedAt = performance.now();
          const current = await loadBuild(db, key);
          if (!current || current.status === 'retired') return;
        }
        if (events.length === batchSize) continue;
        if (events.length > 0) heard.startOver();
        await waitForMore(checkpoint);
      } catch (error) {
        forgetMemory();
        if (error instanceof BuildRetired) return;
        failures++;
        outages.failed(
          error,
          { projection: describeBuild(key), failures },
          'projection batch failed',
        );
        await db(BUILDS)
          .where(keyOf(key))
          .update({ last_error: String((error as Error)?.stack ?? error).slice(0, 4000) })
          .catch(() => {});
        await pause(Math.min(30_000, 200 * 2 ** Math.min(failures, 8)));
        build = await loadBuild(db, key).catch(() => build);
        if (!build || build.status === 'retired') return;
        checkpoint = build.checkpoint;
      }
    }
  }

  const done = (async () => {
    while (!stopping) {
      let lock: HeldLock | undefined;
      try {
        lock = await tryLockBuild(settings.databaseUrl, key);
      } catch (error) {
        outages.failed(
          error,
          { projection: describeBuild(key) },
          'could not try the projection lock',
        );
      }
      if (!lock) {
        await pause(settings.lockRetryMs);
        continue;
      }
      try {
        await drive(lock);
      } catch (error) {
        outages.failed(error, { projection: describeBuild(key) }, 'projection runner failed');
        await pause(settings.lockRetryMs);
      } finally {
        await lock.release();
      }
      // Ended because the build is retired or live-only work is done; a lost lock tries again.
      const current = await loadBuild(db, key).catch(() => undefined);
      if (!current || current.status === 'retired') return;
    }
  })();

  return {
    key,
    poke(appended) {
      heard.hear(appended);
      hinted = true;
      wake?.();
    },
    async stop() {
      stopping = true;
      wake?.();
      await done;
    },
    done,
  };
}
