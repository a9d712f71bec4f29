import type { Job } from 'bullmq';
import { adDecider } from '@boli/engine/ads/ad.decider';
import { adStream } from '@boli/engine/ads/ad.events';
import type { CloseBidding } from '@boli/engine/ads/ad.commands';
import { uuidV5 } from '@boli/engine/commandHandling/eventIds';
import { handleCommand } from '@boli/engine/commandHandling/handleCommand';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import type { JobDeps, JobKind } from './registry.ts';
import { scheduleWhileConnected, waitUntil } from './deadlineScheduler.ts';
import {
  FINAL_CALL_QUEUE,
  finalCallDeadlines,
  type FinalCallJob,
} from './finalCallExpiryScheduler.ts';

/*
 * The final-call timer: at the deadline, CloseBidding { reason: 'finalCallExpired' } on the ad.
 * Idempotent three times over: the command id derives from ad + deadline (a re-run finds its own
 * event and stops), the decider closes only an ad still in that very final call (an ad closed
 * early, or already expired, gets no events) and only once the deadline has come.
 */

/**
 * Closes the ad's final call once its deadline has come. True when this timer's close is in the
 * log (appended now, or found there by a re-run); false when the ad had nothing to expire.
 */
export async function closeExpiredFinalCall(
  store: EventStore,
  job: FinalCallJob,
  clock: () => number = Date.now,
): Promise<boolean> {
  await waitUntil(Date.parse(job.deadline), clock);
  const command: CloseBidding = {
    type: 'CloseBidding',
    data: { reason: 'finalCallExpired', expectedDeadline: job.deadline },
    metadata: {
      eventId: uuidV5(`finalCallExpired/${job.adId}/${job.deadline}`),
      now: new Date(clock()).toISOString(),
      causationId: job.finalCallEventId,
      actor: { userId: 'system', role: 'system' },
    },
  };
  const result = await handleCommand({
    store,
    streamId: adStream(job.adId),
    decider: adDecider,
    command,
  });
  return result.events.length > 0;
}

export const finalCallExpiry: JobKind = {
  queue: FINAL_CALL_QUEUE,
  handler(deps: JobDeps) {
    scheduleWhileConnected(finalCallDeadlines, deps);
    return async (job: Job<FinalCallJob>) => {
      const deadline = Date.parse(job.data.deadline);
      const startedMs = Date.now() - deadline;
      const closed = await closeExpiredFinalCall(deps.store, job.data);
      // Negative startedMs: the job woke early and waited; lateness is closedMs.
      deps.logger.debug(
        { adId: job.data.adId, closed, startedMs, closedMs: Date.now() - deadline },
        'final call expired',
      );
      return closed;
    };
  },
};
