import type { Job } from 'bullmq';
import type { CloseSlot } from '@boli/engine/adspace/adSlot.commands';
import { adSlotDecider } from '@boli/engine/adspace/adSlot.decider';
import { adSlotStream } from '@boli/engine/adspace/adSlot.events';
import { slotBiddingEndsAt } from '@boli/engine/adspace/adSlot.rules';
import { uuidV5 } from '@boli/engine/commandHandling/eventIds';
import { handleCommand } from '@boli/engine/commandHandling/handleCommand';
import type { CheckoutDeps } from '@boli/api/payments/checkout';
import { offerSlot } from '@boli/api/payments/slotSale';
import type { JobDeps, JobKind } from './registry.ts';
import { checkoutDepsOf } from './checkoutDepsOf.ts';
import { scheduleWhileConnected, waitUntil } from './deadlineScheduler.ts';
import { SLOT_CLOSING_QUEUE, slotClosings, type SlotClosingJob } from './slotClosingScheduler.ts';

/*
 * The slot timer: when bidding for a slot ends (a day before its date), CloseSlot records the
 * winner (the highest bid then), and the slot is offered to the winner, whose purchase of it —
 * their bid plus GST, due by the offer's time — is started (api/src/payments/slotSale.ts).
 * Idempotent: the command ids derive from the slot, the decider closes a slot and makes its first
 * offer once, and the offer is repeated from the stored close should a run stop between the two.
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
  const now = new Date(clock()).toISOString();
  const command: CloseSlot = {
    type: 'CloseSlot',
    data: { type: job.type, slotdate: job.slotdate },
    metadata: {
      eventId: uuidV5(`slotClosed/${job.type}/${job.slotdate}`),
      now,
      actor: { userId: 'system', role: 'system' },
    },
  };
  const streamId = adSlotStream(job.type, job.slotdate);
  const result = await handleCommand({
    store: deps.store,
    streamId,
    decider: adSlotDecider,
    command,
  });
  const offer = await offerSlot(deps, job, null, now);
  return {
    closed: result.events.length > 0,
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
