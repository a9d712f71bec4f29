import { Queue, type JobsOptions } from 'bullmq';
import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import type { PostgresOutageLog } from '@boli/engine/eventStore/postgres/outages';
import type {
  EventStore,
  GlobalPosition,
  RecordedEvent,
  Subscription,
} from '@boli/engine/eventStore/eventStore';
import type { JobDeps } from './registry.ts';

/*
 * A BullMQ delayed job per deadline (a final call's, a slot's day start). The jobs live in Redis,
 * which may lose them (a restart without persistence, a flushed queue), so Redis is never the
 * record: on start, the worker schedules every open deadline of a read model, then follows the
 * log from that read model's checkpoint and schedules the deadline of each new event. Snapshot +
 * follow leaves no gap. Scheduling is an upsert (one job id per deadline), so doing it again, from
 * any number of workers, changes nothing. It is redone whenever Redis reconnects and every minute.
 */

/**
 * Jobs become due this long before their deadline, and the handler waits out the rest on its own
 * clock (`waitUntil`): BullMQ's promotion of delayed jobs (and a busy worker) can be tens of ms
 * late; a timer inside the process is not.
 */
export const WAKE_EARLY_MS = 200;

const RESYNC_EVERY_MS = 60_000;
const RESUBSCRIBE_AFTER_MS = 1_000;

/** One kind of deadline: where its open deadlines are read, which events add one, its job. */
export type DeadlineKind<J> = {
  queue: string;
  /** Names the kind in log lines: `${name} scheduling stopped`. */
  name: string;
  /** Names its deadlines in log lines: `could not schedule ${open}`. */
  open: string;
  /** BullMQ ids may not contain ':'. */
  jobId(job: J): string;
  /** When the job is due, in ms since the epoch. */
  deadline(job: J): number;
  retryDelayMs: number;
  /** Every open deadline of the read model and the log position it has reached. */
  openWithPosition(db: Knex): Promise<{ jobs: J[]; position: GlobalPosition }>;
  /** The event types that may set a deadline: the schedulers follow only these. */
  types: readonly string[];
  /** The deadline a new event sets, if any. */
  fromEvent(event: RecordedEvent): J | undefined;
};

export const deadlineJobOptions = <J>(kind: DeadlineKind<J>, job: J, now: number): JobsOptions => ({
  jobId: kind.jobId(job),
  delay: Math.max(0, kind.deadline(job) - WAKE_EARLY_MS - now),
  // A job that failed for good is removed, so the next resync schedules it again.
  attempts: 30,
  backoff: { type: 'fixed', delay: kind.retryDelayMs },
  removeOnComplete: true,
  removeOnFail: true,
});

export async function scheduleDeadlines<J>(
  kind: DeadlineKind<J>,
  queue: Queue,
  jobs: readonly J[],
  now: number = Date.now(),
): Promise<void> {
  if (jobs.length === 0) return;
  await queue.addBulk(
    jobs.map((job) => ({ name: 'close', data: job, opts: deadlineJobOptions(kind, job, now) })),
  );
}

export const deadlineQueue = (kind: { queue: string }, redis: Redis, prefix: string): Queue =>
  new Queue(kind.queue, { connection: redis, prefix });

export type DeadlineScheduler = { stop(): Promise<void> };

/** Schedules every open deadline now and every new one as the log sets it, until stopped. */
export async function startDeadlineScheduler<J>(
  kind: DeadlineKind<J>,
  deps: {
    db: Knex;
    store: EventStore;
    queue: Queue;
    redis: Redis;
    postgresOutages: PostgresOutageLog;
  },
): Promise<DeadlineScheduler> {
  const { db, store, queue, redis, postgresOutages } = deps;
  let stopped = false;
  let subscription: Subscription | undefined;
  let retry: NodeJS.Timeout | undefined;

  const resync = async (): Promise<GlobalPosition> => {
    const { jobs, position } = await kind.openWithPosition(db);
    await scheduleDeadlines(kind, queue, jobs);
    return position;
  };

  const follow = (from: GlobalPosition): Subscription =>
    store.subscribe(
      from,
      async (event) => {
        const job = kind.fromEvent(event);
        if (job !== undefined) await scheduleDeadlines(kind, queue, [job]);
      },
      {
        types: kind.types,
        onError: (error) => {
          postgresOutages.failed(error, {}, `${kind.name} scheduling stopped; starting again`);
          subscription = undefined;
          restartSoon();
        },
      },
    );

  const start = async (): Promise<void> => {
    if (stopped) return;
    try {
      const position = await resync();
      if (!stopped) subscription = follow(position);
    } catch (error) {
      postgresOutages.failed(error, {}, `could not schedule ${kind.open}; trying again`);
      restartSoon();
    }
  };

  function restartSoon(): void {
    if (stopped) return;
    clearTimeout(retry);
    retry = setTimeout(() => void start(), RESUBSCRIBE_AFTER_MS);
  }

  const resyncQuietly = () => {
    if (stopped) return;
    resync().catch((error: unknown) =>
      postgresOutages.failed(error, {}, `could not reschedule ${kind.open}`),
    );
  };
  // Redis back after a restart may have lost every delayed job.
  redis.on('ready', resyncQuietly);
  const timer = setInterval(resyncQuietly, RESYNC_EVERY_MS);
  timer.unref();

  await start();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(timer);
      redis.off('ready', resyncQuietly);
      await subscription?.close();
    },
  };
}

/**
 * Runs the kind's scheduler beside its worker. Job kinds have no stop hook: the scheduler ends
 * with the worker's Redis connection.
 */
export function scheduleWhileConnected<J>(kind: DeadlineKind<J>, deps: JobDeps): void {
  const queue = deps.redisOutages.errors(deadlineQueue(kind, deps.redis, deps.config.QUEUE_PREFIX));
  const scheduler = startDeadlineScheduler(kind, { ...deps, queue });
  deps.redis.once('end', () => {
    scheduler
      .then((running) => running.stop())
      .then(() => queue.close())
      .catch((error: unknown) =>
        deps.logger.warn({ err: error }, `could not stop ${kind.name} scheduling`),
      );
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves at `instant` by this process's clock, never before it. */
export async function waitUntil(instant: number, clock: () => number): Promise<void> {
  for (let left = instant - clock(); left > 0; left = instant - clock()) await sleep(left);
}
