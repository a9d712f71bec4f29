import { LIMITS } from '../shared/limits.ts';
import { PAISE_PER_RUPEE } from '../shared/money.ts';
import type { SlotBid } from './adSlot.events.ts';
import { indiaDateOf, startOfIndiaDay } from '../shared/indiaTime.ts';

/** Section 9: a slot bid must be more than the base amount (200 000 rupees). */
export const SLOT_BASE_AMOUNT_PAISE = LIMITS.adBidBaseAmountRupees * PAISE_PER_RUPEE;

export const exceedsBaseAmount = (paise: number): boolean => paise > SLOT_BASE_AMOUNT_PAISE;

/** Section 5: slots dated yesterday or earlier (India time) cannot be opened. */
export const isPastSlotDate = (slotdate: string, now: string): boolean =>
  slotdate < indiaDateOf(now);

/** The highest bid wins the day; it is in from 00:00 India time of its date. */
export const hasSlotBegun = (slotdate: string, now: string): boolean =>
  Date.parse(now) >= Date.parse(startOfIndiaDay(slotdate));

/**
 * Which of two bids ranks higher: the larger amount; at equal amounts the earlier bid (it was
 * there first), then the smaller id so the order is total.
 */
export function ranksAbove(a: SlotBid, b: SlotBid): boolean {
  if (a.bidamt !== b.bidamt) return a.bidamt > b.bidamt;
  if (a.biddate !== b.biddate) return a.biddate < b.biddate;
  return a.bidId < b.bidId;
}

/** The slot's bids, highest first. */
export const rankBids = (bids: readonly SlotBid[]): SlotBid[] =>
  [...bids].sort((a, b) => (ranksAbove(a, b) ? -1 : ranksAbove(b, a) ? 1 : 0));

/** The winning bid, or null when there is none. */
export const highestBid = (bids: readonly SlotBid[]): SlotBid | null =>
  bids.reduce<SlotBid | null>(
    (best, bid) => (best === null || ranksAbove(bid, best) ? bid : best),
    null,
  );
