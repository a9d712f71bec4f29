import type { ShareBidType } from '@boli/engine/shares/shareBid.events';
import { paiseToRupees } from '@boli/engine/shared/money';

/*
 * Who sees what of a share bid (the item bids' rule, with no ad owner): everyone sees the company
 * name, the type and the time; the bidder's user id and username, and a Hidden bid's amount, reach
 * only the bidder. Pure, so the list query and its tests agree.
 */

/** One share bid as the read model keeps it. */
export type ShareBidRecord = {
  readonly bidId: string;
  readonly company: string;
  readonly userId: string;
  readonly username: string;
  /** Integer paise. */
  readonly amount: number;
  readonly type: ShareBidType;
  /** ISO-8601. */
  readonly placedAt: string;
};

/** Section 3's Share bid as the api answers it; `user_id` and `username` only on one's own. */
export type ShareBidView = {
  readonly _id: string;
  readonly company: string;
  readonly user_id?: string;
  readonly username?: string;
  /** Rupees; null for another member's Hidden bid. */
  readonly bidamt: number | null;
  readonly type: ShareBidType;
  readonly createdAt: string;
  readonly isOwnBid: boolean;
};

/** `viewerId` is null for a guest. */
export function shareBidView(bid: ShareBidRecord, viewerId: string | null): ShareBidView {
  const own = viewerId !== null && viewerId === bid.userId;
  return {
    _id: bid.bidId,
    company: bid.company,
    ...(own ? { user_id: bid.userId, username: bid.username } : {}),
    bidamt: own || bid.type === 'Open' ? paiseToRupees(bid.amount) : null,
    type: bid.type,
    createdAt: bid.placedAt,
    isOwnBid: own,
  };
}
