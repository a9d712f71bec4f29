import type { JobsOptions } from 'bullmq';
import type { SlotBidPlaced } from '@boli/engine/adspace/adSlot.events';
import type { SlotSpaceType } from '@boli/engine/adspace/adSpace.rules';
import { slotBiddingEndsAt } from '@boli/engine/adspace/adSlot.rules';
import { openSlotsWithPosition } from '@boli/projections/adspace/adspace.queries';
import { deadlineJobOptions, type DeadlineKind } from './deadlineScheduler.ts';

/*
 * Which slots have a delayed close job (see deadlineScheduler.ts): every open slot of the
 * `ad_slots` read model, then the slot of each new bid of the log. One job per slot, due when
 * its bidding ends (`slotBiddingEndsAt`: 00:00 India time the day before its date).
 */

export const SLOT_CLOSING_QUEUE = 'ad-slot-closing';

export type SlotClosingJob = { readonly type: SlotSpaceType; readonly slotdate: string };

/** BullMQ ids may not contain ':'. */
export const slotClosingJobId = (slot: SlotClosingJob): string =>
  `slot-close-${slot.type}-${slot.slotdate}`;

export const slotClosings: DeadlineKind<SlotClosingJob> = {
  queue: SLOT_CLOSING_QUEUE,
  name: 'slot-closing',
  open: 'open slots',
  jobId: slotClosingJobId,
  deadline: (slot) => Date.parse(slotBiddingEndsAt(slot.slotdate)),
  retryDelayMs: 500,
  async openWithPosition(db) {
    const { slots, position } = await openSlotsWithPosition(db);
    return { jobs: slots, position };
  },
  types: ['SlotBidPlaced'],
  fromEvent(event) {
    if (event.type !== 'SlotBidPlaced') return undefined;
    const { type, slotdate } = (event as unknown as SlotBidPlaced).data;
    return { type, slotdate };
  },
};

export const slotClosingJobOptions = (slot: SlotClosingJob, now: number): JobsOptions =>
  deadlineJobOptions(slotClosings, slot, now);
