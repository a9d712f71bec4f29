import type { DomainEvent } from '../shared/decider.ts';
import type { SlotSpaceType } from './adSpace.rules.ts';

/*
 * One dated slot of an auctioned space type (authPages or sidePanels): members bid for it until
 * the date begins in India; then it closes and the highest bid wins the day. Stream
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

export type SlotBidPlaced = DomainEvent<'SlotBidPlaced', SlotBid>;

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

export type AdSlotEvent = SlotBidPlaced | SlotClosed;

export const AD_SLOT_EVENT_TYPES = [
  'SlotBidPlaced',
  'SlotClosed',
] as const satisfies readonly AdSlotEvent['type'][];
