import type { Job } from 'bullmq';
import { slotBiddingEndsAt } from '@boli/engine/adspace/adSlot.rules';
import type { CheckoutDeps } from '@boli/api/payments/checkout';
import { closeAndOffer } from '@boli/api/payments/slotSale';
import type { JobDeps, JobKind } from './registry.ts';
import { checkoutDepsOf } from './checkoutDepsOf.ts';
import { scheduleWhileConnected, waitUntil } from './deadlineScheduler.ts';
import { SLOT_CLOSING_QUEUE, slotClosings, type SlotClosingJob } from './slotClosingScheduler.ts';

/*
 * The slot timer: when bidding for a slot ends (a day before its date), CloseSlot records the
 * winner (the highest bid then), and the slot is offered to the winner, whose purchase of it —
 * their bid plus GST, due by the offer's time — is started (api/src/payments/slotSale.ts).
 * Idempotent (`closeAndOffer`): the command ids derive from the slot, the decider closes a slot and
 * makes its first offer once, and the offer is repeated from the stored close should a run stop
 * between the two.
 */

export type SlotClosingOutcome = {
  closed: boolean;
  /** The bid the slot is offered to; null when nobody bid. */
  offeredBidId: string | null;
  /** When that offer is due. */
  payBy: string | null;
};

/** Closes the slot once its bidding has ended and offers it to the winner. */
export async function closeSlotWhenBiddingEnds(
  deps: CheckoutDeps,
  job: SlotClosingJob,
  clock: () => number = Date.now,
): Promise<SlotClosingOutcome> {
  await waitUntil(Date.parse(slotBiddingEndsAt(job.slotdate)), clock);
  const { closed, offer } = await closeAndOffer(deps, job, new Date(clock()).toISOString());
  return {
    closed,
    offeredBidId: offer?.bid.bidId ?? null,
    payBy: offer?.payBy ?? null,
  };
}

export const slotClosing: JobKind = {
  queue: SLOT_CLOSING_QUEUE,
  handler(deps: JobDeps) {
    scheduleWhileConnected(slotClosings, deps);
    const checkoutDeps = checkoutDepsOf(deps);
    return async (job: Job<SlotClosingJob>) => {
      const outcome = await closeSlotWhenBiddingEnds(checkoutDeps, job.data);
      deps.logger.info({ ...job.data, ...outcome }, 'ad slot closed');
      return outcome;
    };
  },
};
