import type { Queue, JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { FinalCallMade } from '@boli/engine/ads/ad.events';
import {
  openFinalCallsWithPosition,
  type OpenFinalCall,
} from '@boli/projections/finalCalls/finalCalls.queries';
import {
  deadlineJobOptions,
  deadlineQueue,
  scheduleDeadlines,
  type DeadlineKind,
} from './deadlineScheduler.ts';

/*
 * Which final calls have a delayed job (see deadlineScheduler.ts): every open final call of the
 * `final_calls` read model, then each new FinalCallMade of the log. One job per ad and deadline.
 */

export const FINAL_CALL_QUEUE = 'final-call-expiry';

export type FinalCallJob = OpenFinalCall;

/** One job per ad and deadline: scheduling twice adds nothing. BullMQ ids may not contain ':'. */
export const finalCallJobId = (adId: string, deadline: string): string =>
  `final-call-${adId.replaceAll(':', '_')}-${Date.parse(deadline)}`;

export const finalCallDeadlines: DeadlineKind<FinalCallJob> = {
  queue: FINAL_CALL_QUEUE,
  name: 'final-call',
  open: 'open final calls',
  jobId: (call) => finalCallJobId(call.adId, call.deadline),
  deadline: (call) => Date.parse(call.deadline),
  retryDelayMs: 200,
  async openWithPosition(db) {
    const { finalCalls, position } = await openFinalCallsWithPosition(db);
    return { jobs: finalCalls, position };
  },
  types: ['FinalCallMade'],
  fromEvent(event) {
    if (event.type !== 'FinalCallMade') return undefined;
    const { adId, deadline } = (event as unknown as FinalCallMade).data;
    return { adId, deadline, finalCallEventId: event.metadata.eventId };
  },
};

export const finalCallJobOptions = (call: FinalCallJob, now: number): JobsOptions =>
  deadlineJobOptions(finalCallDeadlines, call, now);

export const scheduleFinalCalls = (
  queue: Queue,
  calls: readonly FinalCallJob[],
  now?: number,
): Promise<void> => scheduleDeadlines(finalCallDeadlines, queue, calls, now);

export const finalCallQueue = (redis: Redis, prefix: string): Queue =>
  deadlineQueue(finalCallDeadlines, redis, prefix);
