import { Queue, type JobsOptions } from 'bullmq';
import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import type { Logger } from '@boli/api/logger';
import type { FinalCallMade } from '@boli/engine/ads/ad.events';
import type { EventStore, GlobalPosition, Subscription } from '@boli/engine/eventStore/eventStore';
import {
  openFinalCallsWithPosition,
  type OpenFinalCall,
} from '@boli/projections/finalCalls/finalCalls.queries';

/*
 * Which final calls have a delayed job. The jobs live in Redis, which may lose them (a restart
 * without persistence, a flushed queue), so Redis is never the record: on start, the worker
 * schedules every open final call of the `final_calls` read model, then follows the log from
 * that read model's checkpoint and schedules each new FinalCallMade. Snapshot + follow leaves no
 * gap. Scheduling is an upsert (one job id per ad and deadline), so doing it again, from any
 * number of workers, changes nothing. It is redone whenever Redis reconnects and every minute.
 */

export const FINAL_CALL_QUEUE = 'final-call-expiry';

/**
 * Jobs become due this long before their deadline, and the handler waits out the rest on its own
 * clock: BullMQ's promotion of delayed jobs (and a busy worker) can be tens of ms late; a timer
 * inside the process is not.
 */
export const WAKE_EARLY_MS = 200;

const RESYNC_EVERY_MS = 60_000;
const RESUBSCRIBE_AFTER_MS = 1_000;

export type FinalCallJob = OpenFinalCall;

/** One job per ad and deadline: scheduling twice adds nothing. BullMQ ids may not contain ':'. */
export const finalCallJobId = (adId: string, deadline: string): string =>
  `final-call-${adId.replaceAll(':', '_')}-${Date.parse(deadline)}`;

export const finalCallJobOptions = (call: FinalCallJob, now: number): JobsOptions => ({
  jobId: finalCallJobId(call.adId, call.deadline),
  delay: Math.max(0, Date.parse(call.deadline) - WAKE_EARLY_MS - now),
  // A job that failed for good is removed, so the next resync schedules it again.
  attempts: 30,
  backoff: { type: 'fixed', delay: 200 },
  removeOnComplete: true,
  removeOnFail: true,
});

export async function scheduleFinalCalls(
  queue: Queue,
  calls: readonly FinalCallJob[],
  now: number = Date.now(),
): Promise<void> {
  if (calls.length === 0) return;
  await queue.addBulk(
    calls.map((call) => ({ name: 'close', data: call, opts: finalCallJobOptions(call, now) })),
  );
}

export const finalCallQueue = (redis: Redis, prefix: string): Queue =>
  new Queue(FINAL_CALL_QUEUE, { connection: redis, prefix });

export type FinalCallScheduler = { stop(): Promise<void> };

/** Schedules every open final call now and every new one as it is made, until stopped. */
export async function startFinalCallScheduler(deps: {
  db: Knex;
  store: EventStore;
  queue: Queue;
  redis: Redis;
  logger: Pick<Logger, 'error' | 'info'>;
}): Promise<FinalCallScheduler> {
  const { db, store, queue, redis, logger } = deps;
  let stopped = false;
  let subscription: Subscription | undefined;
  let retry: NodeJS.Timeout | undefined;

  const resync = async (): Promise<GlobalPosition> => {
    const { finalCalls, position } = await openFinalCallsWithPosition(db);
    await scheduleFinalCalls(queue, finalCalls);
    return position;
  };

  const follow = (from: GlobalPosition): Subscription =>
    store.subscribe(
      from,
      async (event) => {
        if (event.type !== 'FinalCallMade') return;
        const { adId, deadline } = (event as unknown as FinalCallMade).data;
        await scheduleFinalCalls(queue, [
          { adId, deadline, finalCallEventId: event.metadata.eventId },
        ]);
      },
      {
        onError: (error) => {
          logger.error({ err: error }, 'final-call scheduling stopped; starting again');
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
      logger.error({ err: error }, 'could not schedule open final calls; trying again');
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
      logger.error({ err: error }, 'could not reschedule open final calls'),
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
