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

/** The slot timer, at 00:00 India time of the slot date. */
export type CloseSlot = Command<
  'CloseSlot',
  { readonly type: SlotSpaceType; readonly slotdate: string }
>;

export type AdSlotCommand = PlaceSlotBid | CloseSlot;
