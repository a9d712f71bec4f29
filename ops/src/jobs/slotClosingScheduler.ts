import { Queue, type JobsOptions } from 'bullmq';
import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import type { Logger } from '@boli/api/logger';
import type { SlotBidPlaced } from '@boli/engine/adspace/adSlot.events';
import type { SlotSpaceType } from '@boli/engine/adspace/adSpace.rules';
import { startOfIndiaDay } from '@boli/engine/adspace/indiaTime';
import type { EventStore, GlobalPosition, Subscription } from '@boli/engine/eventStore/eventStore';
import { openSlotsWithPosition } from '@boli/projections/adspace/adspace.queries';

/*
 * Which slots have a delayed close job. As for final calls (finalCallExpiryScheduler.ts), Redis
 * is never the record: on start the worker schedules every open slot of the `ad_slots` read model,
 * then follows the log from that read model's checkpoint and schedules the slot of each new bid.
 * One job id per slot makes scheduling an upsert; it is redone on Redis reconnects and every
 * minute.
 */

export const SLOT_CLOSING_QUEUE = 'ad-slot-closing';

/** Jobs become due this long before 00:00 IST; the handler waits out the rest on its own clock. */
export const SLOT_WAKE_EARLY_MS = 200;

const RESYNC_EVERY_MS = 60_000;
const RESUBSCRIBE_AFTER_MS = 1_000;

export type SlotClosingJob = { readonly type: SlotSpaceType; readonly slotdate: string };

/** BullMQ ids may not contain ':'. */
export const slotClosingJobId = (slot: SlotClosingJob): string =>
  `slot-close-${slot.type}-${slot.slotdate}`;

export const slotClosingJobOptions = (slot: SlotClosingJob, now: number): JobsOptions => ({
  jobId: slotClosingJobId(slot),
  delay: Math.max(0, Date.parse(startOfIndiaDay(slot.slotdate)) - SLOT_WAKE_EARLY_MS - now),
  // A job that failed for good is removed, so the next resync schedules it again.
  attempts: 30,
  backoff: { type: 'fixed', delay: 500 },
  removeOnComplete: true,
  removeOnFail: true,
});

export async function scheduleSlotClosings(
  queue: Queue,
  slots: readonly SlotClosingJob[],
  now: number = Date.now(),
): Promise<void> {
  if (slots.length === 0) return;
  await queue.addBulk(
    slots.map((slot) => ({ name: 'close', data: slot, opts: slotClosingJobOptions(slot, now) })),
  );
}

export const slotClosingQueue = (redis: Redis, prefix: string): Queue =>
  new Queue(SLOT_CLOSING_QUEUE, { connection: redis, prefix });

/** Schedules every open slot now and each newly bid-for slot as bids come, until stopped. */
export async function startSlotClosingScheduler(deps: {
  db: Knex;
  store: EventStore;
  queue: Queue;
  redis: Redis;
  logger: Pick<Logger, 'error' | 'info'>;
}): Promise<{ stop(): Promise<void> }> {
  const { db, store, queue, redis, logger } = deps;
  let stopped = false;
  let subscription: Subscription | undefined;
  let retry: NodeJS.Timeout | undefined;

  const resync = async (): Promise<GlobalPosition> => {
    const { slots, position } = await openSlotsWithPosition(db);
    await scheduleSlotClosings(queue, slots);
    return position;
  };

  const follow = (from: GlobalPosition): Subscription =>
    store.subscribe(
      from,
      async (event) => {
        if (event.type !== 'SlotBidPlaced') return;
        const { type, slotdate } = (event as unknown as SlotBidPlaced).data;
        await scheduleSlotClosings(queue, [{ type, slotdate }]);
      },
      {
        onError: (error) => {
          logger.error({ err: error }, 'slot-closing scheduling stopped; starting again');
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
      logger.error({ err: error }, 'could not schedule open slots; trying again');
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
      logger.error({ err: error }, 'could not reschedule open slots'),
    );
  };
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
