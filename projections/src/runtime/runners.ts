import pg from 'pg';
import {
  parsePosition,
  POSITION_TEXT,
  type EventStore,
  type GlobalPosition,
} from '@boli/engine/eventStore/eventStore';
import { observedKnex, postgresOutageLog } from '@boli/engine/eventStore/postgres/outages';
import { NOTIFY_CHANNEL } from '@boli/engine/eventStore/postgres/sqlNames';
import { planBuilds, type BuildKey } from './builds.ts';
import { checkpointWriter } from './checkpointWriter.ts';
import { startBuildWorker, type BuildWorker, type WorkerSettings } from './buildWorker.ts';
import { consoleLogger, type RuntimeLogger } from './logger.ts';
import { assertValidProjection, type Projection } from './projection.ts';
import { sharedReads } from './sharedReads.ts';
import { GENERIC_PLANS } from './preparedQuery.ts';

/**
 * Calls `hint` when new events may exist, with the last position appended when it is known;
 * resolves to a function that stops listening.
 */
export type WakeUpSource = (
  hint: (appended?: GlobalPosition) => void,
) => Promise<() => Promise<void>>;

export type ProjectionRunnersOptions = {
  readonly databaseUrl: string;
  /** Wrap it with `withUpcasting` so projections see current event schemas. */
  readonly store: EventStore;
  readonly projections: readonly Projection[];
  readonly logger?: RuntimeLogger;
  readonly batchSize?: number;
  /**
   * Longest idle sleep between polls; default 50 ms without a wake-up source, 1 s with one (it
   * only covers a hint that did not come: each idle poll of each of the ~17 builds costs queries,
   * which at 250 ms kept an idle projections process at ~9% of a core).
   */
  readonly idlePollMs?: number;
  readonly lockRetryMs?: number;
  /** How often builds are re-planned (a version bump or `rebuild` requested elsewhere). */
  readonly planIntervalMs?: number;
  /**
   * Hints that events were appended. Default: LISTEN on the PostgreSQL event store's channel in
   * `databaseUrl`. `false`: polling only (e.g. an in-memory store).
   */
  readonly wakeUp?: WakeUpSource | false;
};

export type ProjectionRunners = { stop(): Promise<void> };

const id = ({ name, version, build }: BuildKey) => `${name}:${version}:${build}`;

/**
 * The runners' batches commit without waiting for the WAL flush. A read model is derived data:
 * should PostgreSQL crash within the flush delay, the last batches are lost together with their
 * checkpoints, and are written again from the log, whose appends do wait (and a batch only ever
 * reads appends that are flushed: PostgreSQL makes a commit visible after its flush). Measured on
 * two cores: a flushed commit costs ~0.15 ms of latency, and pgbench makes 15–17k single-INSERT
 * transactions/s flushed against ~40k not. Their prepared statements keep one plan (GENERIC_PLANS).
 */
function runnerSession(
  connection: pg.Client,
  done: (error: Error | null, connection: pg.Client) => void,
): void {
  connection.query(`SET synchronous_commit = off; ${GENERIC_PLANS}`, (error) =>
    done(error ?? null, connection),
  );
}

/**
 * The projections process: one worker per build this code should drive. Each worker competes for
 * its build's advisory lock, so any number of these processes can run; one works per build.
 */
export async function startProjectionRunners(
  options: ProjectionRunnersOptions,
): Promise<ProjectionRunners> {
  options.projections.forEach(assertValidProjection);
  const logger = options.logger ?? consoleLogger;
  const wakeUp = options.wakeUp ?? listenForAppends(options.databaseUrl, NOTIFY_CHANNEL);
  // One log of a PostgreSQL outage for every build: all of them fail together.
  const outages = postgresOutageLog(logger, 'projections');
  const db = observedKnex(
    {
      client: 'pg',
      connection: options.databaseUrl,
      pool: {
        min: 0,
        max: Math.max(4, options.projections.length * 2 + 2),
        afterCreate: runnerSession,
      },
    },
    outages,
  );
  const reads = sharedReads(options.store);
  const settings: WorkerSettings = {
    db,
    databaseUrl: options.databaseUrl,
    store: reads.store,
    logger,
    outages,
    batchSize: options.batchSize ?? 500,
    idlePollMs: options.idlePollMs ?? (wakeUp ? 1_000 : 50),
    lockRetryMs: options.lockRetryMs ?? 1_000,
    moveCheckpoint: checkpointWriter(db),
  };
  const workers = new Map<string, BuildWorker>();
  const standingBy = new Set<string>();
  let stopped = false;
  let planTimer: NodeJS.Timeout | undefined;

  async function plan(): Promise<void> {
    for (const projection of options.projections) {
      if (stopped) return;
      try {
        const builds = await planBuilds(db, projection);
        if (builds.length === 0 && !standingBy.has(projection.name)) {
          standingBy.add(projection.name);
          logger.warn(
            { projection: projection.name, version: projection.version },
            'a newer version of this projection is live or building; this process leaves it alone',
          );
        }
        for (const build of builds) {
          if (workers.has(id(build)) || stopped) continue;
          const worker = startBuildWorker(settings, projection, build, () => void plan());
          workers.set(id(build), worker);
          void worker.done.finally(() => workers.delete(id(build)));
        }
      } catch (error) {
        outages.failed(error, { projection: projection.name }, 'could not plan projection builds');
      }
    }
  }

  const schedule = () => {
    if (stopped) return;
    planTimer = setTimeout(() => void plan().finally(schedule), options.planIntervalMs ?? 2_000);
  };
  await plan();
  schedule();
  const stopListening = wakeUp
    ? await wakeUp((appended) => {
        reads.hinted();
        for (const worker of workers.values()) worker.poke(appended);
      })
    : async () => {};

  return {
    async stop() {
      stopped = true;
      clearTimeout(planTimer);
      await stopListening();
      await Promise.all([...workers.values()].map((worker) => worker.stop()));
      await db.destroy();
    },
  };
}

/** Application name of the wake-up connections, so that an operator (or a test) can find them. */
export const WAKE_UP_APPLICATION = 'boli projection wake-up';
/** Wait before opening a lost wake-up connection again, doubled up to the longest. */
const RELISTEN_FIRST_MS = 100;
const RELISTEN_LONGEST_MS = 5_000;

/**
 * A wake-up source from PostgreSQL LISTEN on `channel` (a hint only; polling stays the truth). A
 * notification's payload, when it is a position (the event store's after-commit NOTIFY), is the
 * last one appended; others name none. A lost connection (a server restart, a terminated backend)
 * is opened again, and the workers are hinted once it listens, since appends may have gone
 * unannounced meanwhile.
 */
export function listenForAppends(databaseUrl: string, channel: string): WakeUpSource {
  return async (hint) => {
    let stopped = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    let delay = RELISTEN_FIRST_MS;

    const listen = async (): Promise<void> => {
      const next = new pg.Client({
        connectionString: databaseUrl,
        application_name: WAKE_UP_APPLICATION,
      });
      client = next;
      let lost = false;
      const onLost = () => {
        if (lost || stopped) return;
        lost = true;
        retry = setTimeout(() => void listen(), delay);
        delay = Math.min(delay * 2, RELISTEN_LONGEST_MS);
      };
      next.on('error', onLost);
      next.on('end', onLost);
      next.on('notification', ({ payload }) =>
        hint(payload && POSITION_TEXT.test(payload) ? parsePosition(payload) : undefined),
      );
      try {
        await next.connect();
        await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
        delay = RELISTEN_FIRST_MS;
        hint();
      } catch {
        await next.end().catch(() => {});
        onLost();
      }
    };

    await listen();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    };
  };
}
