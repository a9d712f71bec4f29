import type { Command } from '../shared/decider.ts';
import type { SlotSpaceType } from './adSpace.rules.ts';

/** A member bids for a slot. Missing type or amount arrive as null: the domain words the refusal. */
export type PlaceSlotBid = Command<
  'PlaceSlotBid',
  {
    readonly bidId: string;
    readonly userId: string;
    readonly username: string;
    readonly type: SlotSpaceType | null;
    readonly slotdate: string;
    /** Paise; null when not given. */
    readonly bidamt: number | null;
    readonly company: string;
    /** Whether the bidder has an active subscription or trial (section 6), looked up by the caller. */
    readonly bidderEntitled: boolean;
  }
>;

/** The slot timer, when bidding ends (`slotBiddingEndsAt`). */
export type CloseSlot = Command<
  'CloseSlot',
  { readonly type: SlotSpaceType; readonly slotdate: string }
>;

/**
 * Offer the closed slot to the next in line: the first offer (`lapsedBidId` null, after the
 * close), or the one after the offer to `lapsedBidId` ran out unpaid.
 */
export type OfferSlot = Command<
  'OfferSlot',
  { readonly type: SlotSpaceType; readonly slotdate: string; readonly lapsedBidId: string | null }
>;

/** The offer to `bidId` was paid for by `purchaseId`. */
export type SellSlot = Command<
  'SellSlot',
  {
    readonly type: SlotSpaceType;
    readonly slotdate: string;
    readonly bidId: string;
    readonly purchaseId: string;
  }
>;

export type AdSlotCommand = PlaceSlotBid | CloseSlot | OfferSlot | SellSlot;
