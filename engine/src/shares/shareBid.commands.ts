import type { Command } from '../shared/decider.ts';

/**
 * A member posts a share bid. `amount` (paise) and `type` arrive as typed — null when missing —
 * and the decider judges them. `feePaid` is the member's buy-share bid fee as the users read model
 * knows it (or true when the fee's own capture delivers the bid).
 */
export type PlaceShareBid = Command<
  'PlaceShareBid',
  {
    readonly bidId: string;
    readonly userId: string;
    readonly username: string;
    readonly company: string;
    readonly amount: number | null;
    readonly type: string | null;
    readonly feePaid: boolean;
  }
>;

export type ShareBidCommand = PlaceShareBid;
