import type { Job } from 'bullmq';

/**
 * A kind of background job: its BullMQ queue and an idempotent handler (BullMQ re-runs stalled
 * jobs, so running one twice must change nothing). Capabilities add theirs to `jobKinds`.
 */
export type JobKind = {
  queue: string;
  handle(job: Job): Promise<unknown>;
};

export const jobKinds: JobKind[] = [];
