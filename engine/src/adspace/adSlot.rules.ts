import { LIMITS } from '../shared/limits.ts';
import { PAISE_PER_RUPEE } from '../shared/money.ts';
import type { SlotBid } from './adSlot.events.ts';
import { addDays, indiaDateOf, startOfIndiaDay } from '../shared/indiaTime.ts';
import { companyKey } from '../shared/companyName.ts';

/** Section 9: a slot bid must be more than the base amount (200 000 rupees). */
export const SLOT_BASE_AMOUNT_PAISE = LIMITS.adBidBaseAmountRupees * PAISE_PER_RUPEE;

export const exceedsBaseAmount = (paise: number): boolean => paise > SLOT_BASE_AMOUNT_PAISE;

/** The last slot date that can be bid for at `now`: LIMITS.slotBidDaysAhead days after today. */
export const lastBiddableSlotDate = (now: string): string =>
  addDays(indiaDateOf(now), LIMITS.slotBidDaysAhead);

/** Further ahead than LIMITS.slotBidDaysAhead: a bid there would hold a slot for years. */
export const isTooFarAhead = (slotdate: string, now: string): boolean =>
  slotdate > lastBiddableSlotDate(now);

/** Section 5: slots dated yesterday or earlier (India time) cannot be opened. */
export const isPastSlotDate = (slotdate: string, now: string): boolean =>
  slotdate < indiaDateOf(now);

const HOUR_MS = 3_600_000;

/** Bidding for a slot ends LIMITS.slotBiddingEndsHoursBefore before its date begins in India. */
export const slotBiddingEndsAt = (slotdate: string): string =>
  new Date(
    Date.parse(startOfIndiaDay(slotdate)) - LIMITS.slotBiddingEndsHoursBefore * HOUR_MS,
  ).toISOString();

/** From then on no bid counts (even before the timer has run): the highest one has won. */
export const hasSlotBiddingEnded = (slotdate: string, now: string): boolean =>
  Date.parse(now) >= Date.parse(slotBiddingEndsAt(slotdate));

/** The slot's day ends at 00:00 India time of the next date: what is unsold then stays unsold. */
export const slotDayEndsAt = (slotdate: string): string => startOfIndiaDay(addDays(slotdate, 1));

/** An offer made at `now` is due LIMITS.slotPayWithinHours later, and by the end of the day. */
export const offerPayBy = (slotdate: string, now: string): string =>
  new Date(
    Math.min(
      Date.parse(now) + LIMITS.slotPayWithinHours * HOUR_MS,
      Date.parse(slotDayEndsAt(slotdate)),
    ),
  ).toISOString();

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

/** The members a slot has been offered to (each offer's bidder). */
export const offeredMembers = (offers: readonly Pick<SlotBid, 'userId'>[]): ReadonlySet<string> =>
  new Set(offers.map((offer) => offer.userId));

/**
 * Whether a bid may still be offered the slot: a member is asked once, so one who let an offer
 * lapse is not asked again for a lower bid of theirs.
 */
export const mayBeOffered = (bid: Pick<SlotBid, 'userId'>, offeredTo: ReadonlySet<string>) =>
  !offeredTo.has(bid.userId);

/** Whom the slot is offered to next: the highest bid that may still be; null when none. */
export const nextInLine = (
  bids: readonly SlotBid[],
  offeredTo: ReadonlySet<string>,
): SlotBid | null => rankBids(bids).find((bid) => mayBeOffered(bid, offeredTo)) ?? null;

type BidOfMember = Pick<SlotBid, 'userId' | 'bidamt' | 'company'>;

/**
 * Whether two bids are the one bid: the same member's, at the same amount, under the same company
 * name (by `companyKey`). The same bid sent from two tabs is kept once.
 */
export const isSameSlotBid = (a: BidOfMember, b: BidOfMember): boolean =>
  a.userId === b.userId && a.bidamt === b.bidamt && companyKey(a.company) === companyKey(b.company);
