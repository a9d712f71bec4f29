import type { DomainEvent } from '../shared/decider.ts';
import type { SlotSpaceType } from './adSpace.rules.ts';

/*
 * One dated slot of an auctioned space type (authPages or sidePanels): members bid for it until
 * a day before the date begins in India; then it closes, the highest bid wins, and the slot is
 * offered to its bidder to pay for — passing down the bids while offers lapse unpaid. Stream
 * `adslot-<type>-<YYYY-MM-DD>`.
 */

export const adSlotStream = (type: SlotSpaceType, slotdate: string): string =>
  `adslot-${type}-${slotdate}`;

/** Section 3's ad bid: amounts in paise inside the system. */
export type SlotBid = {
  readonly bidId: string;
  readonly userId: string;
  readonly username: string;
  readonly type: SlotSpaceType;
  readonly slotdate: string;
  readonly company: string;
  /** Paise. */
  readonly bidamt: number;
  /** When it was placed (the spec's biddate), ISO-8601. */
  readonly biddate: string;
};

/** The member whose bid led until a new bid ranked above it (another member's). */
export type OutbidBidder = { readonly userId: string; readonly bidId: string };

/** A bid; `outbid` names the member it took the lead from (absent on bids recorded before). */
export type SlotBidPlaced = DomainEvent<
  'SlotBidPlaced',
  SlotBid & { readonly outbid?: OutbidBidder | null }
>;

export type SlotClosed = DomainEvent<
  'SlotClosed',
  {
    readonly type: SlotSpaceType;
    readonly slotdate: string;
    /** The highest bid when the date began; null when nobody bid. */
    readonly winner: SlotBid | null;
    readonly closedAt: string;
  }
>;

/**
 * The slot is offered to one bidder — the winner first, the next in line when an offer lapses
 * unpaid — who pays their bid plus GST by `payBy` to have it.
 */
export type SlotOffered = DomainEvent<
  'SlotOffered',
  {
    readonly type: SlotSpaceType;
    readonly slotdate: string;
    readonly bid: SlotBid;
    readonly offeredAt: string;
    readonly payBy: string;
    /** The offer before, left unpaid (null for the first, to the winner). */
    readonly lapsed: LapsedOffer | null;
  }
>;

/** Whose offer ran out unpaid. */
export type LapsedOffer = { readonly bidId: string; readonly userId: string };

/** The bidder it was offered to paid: the slot's space is theirs for the day. */
export type SlotSold = DomainEvent<
  'SlotSold',
  {
    readonly type: SlotSpaceType;
    readonly slotdate: string;
    readonly bidId: string;
    readonly userId: string;
    /** The purchase that paid for it. */
    readonly purchaseId: string;
    readonly soldAt: string;
  }
>;

/** Nobody is left to offer it to, or its day is over: the slot shows no bought creative. */
export type SlotUnsold = DomainEvent<
  'SlotUnsold',
  {
    readonly type: SlotSpaceType;
    readonly slotdate: string;
    readonly at: string;
    /** The last offer, left unpaid (null when nobody bid). */
    readonly lapsed: LapsedOffer | null;
  }
>;

export type AdSlotEvent = SlotBidPlaced | SlotClosed | SlotOffered | SlotSold | SlotUnsold;

export const AD_SLOT_EVENT_TYPES = [
  'SlotBidPlaced',
  'SlotClosed',
  'SlotOffered',
  'SlotSold',
  'SlotUnsold',
] as const satisfies readonly AdSlotEvent['type'][];
