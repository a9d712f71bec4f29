import type { BidType, CloseReason } from '@boli/engine/ads/ad.events';
import { paiseToRupees } from '@boli/engine/shared/money';
import type { BidResult, HighestBid } from '../bidSummary/bidSummary.ts';
import type { AssembledSummary, BiddingState, PublicStoredBid } from './bids.summary.ts';
import type { OwnerBids } from './bids.queries.ts';

/*
 * The shapes the api and the socket answer with (contracts.md "Bids", docs/api/bids.md): money
 * in rupees, fields a viewer may not see left out (identity) or null (a hidden amount).
 */

export type BidView = {
  readonly _id: string;
  readonly postedBy?: string;
  readonly postedByUsername?: string;
  readonly bidAlias: string;
  /** Rupees; null when this viewer may not see it (another member's Hidden bid). */
  readonly bidamt: number | null;
  readonly type: BidType;
  readonly item_id: string;
  readonly createdAt: string;
  readonly profilepic?: string;
  readonly phone?: string;
  readonly isAfterFinalCall: boolean;
  /** The BidPlaced event's global position, "commit.prepare". */
  readonly position: string;
};

export type HighestBidView = {
  readonly amount: number;
  readonly username: string | null;
  readonly userId: string | null;
  readonly bidAlias: string;
};

export type BidSummaryView = Omit<
  AssembledSummary,
  | 'overallHighestBidAmount'
  | 'highestOpenBidBeforeFinalCall'
  | 'highestHiddenBidBeforeFinalCall'
  | 'highestOpenBidAfterFinalCall'
  | 'highestHiddenBidAfterFinalCall'
  | 'beoreFinalCallBids'
  | 'afterFinalCallBids'
> &
  BiddingState & {
    readonly item_id: string;
    readonly overallHighestBidAmount: number | null;
    readonly highestOpenBidBeforeFinalCall: HighestBidView | null;
    readonly highestHiddenBidBeforeFinalCall: HighestBidView | null;
    readonly highestOpenBidAfterFinalCall: HighestBidView | null;
    readonly highestHiddenBidAfterFinalCall: HighestBidView | null;
    readonly beoreFinalCallBids: BidView[];
    readonly afterFinalCallBids: BidView[];
    readonly isOwner: boolean;
    /**
     * Once bidding has closed, to a member who bid: whether theirs is the winning bid
     * ('highest') or not ('notHighest'); null before the close and for anyone else.
     */
    readonly bidResult: BidResult | null;
    /** The read model's position this summary reflects, "commit.prepare". */
    readonly position: string;
  };

export type CloseReasonView = CloseReason | null;

/** A stored picture key → its URL (as the users read model serves them). */
export type PictureUrl = (key: string) => string;
export const defaultPictureUrl: PictureUrl = (key) => `/media/${encodeURIComponent(key)}`;

export function toBidView(
  bid: PublicStoredBid,
  pictureUrl: PictureUrl = defaultPictureUrl,
): BidView {
  return {
    _id: bid.bidId,
    ...(bid.postedBy !== null ? { postedBy: bid.postedBy } : {}),
    ...(bid.postedByUsername !== null ? { postedByUsername: bid.postedByUsername } : {}),
    bidAlias: bid.bidAlias,
    bidamt: bid.bidamt === null ? null : paiseToRupees(bid.bidamt),
    type: bid.type,
    item_id: bid.item_id,
    createdAt: bid.createdAt,
    // Those shown who bid (the owner) see each bidder's picture: '' for a bidder without one.
    ...(bid.postedBy !== null
      ? { profilepic: bid.profilepic ? pictureUrl(bid.profilepic) : '' }
      : {}),
    ...(bid.phone ? { phone: bid.phone } : {}),
    isAfterFinalCall: bid.phase === 'afterFinalCall',
    position: bid.position,
  };
}

const highestView = (bid: HighestBid | null): HighestBidView | null =>
  bid === null ? null : { ...bid, amount: paiseToRupees(bid.amount) };

export function toSummaryView(
  input: {
    readonly adId: string;
    readonly summary: AssembledSummary;
    readonly state: BiddingState;
    readonly isOwner: boolean;
    readonly position: string;
  },
  pictureUrl: PictureUrl = defaultPictureUrl,
): BidSummaryView {
  const { summary } = input;
  return {
    item_id: input.adId,
    ...summary,
    overallHighestBidAmount:
      summary.overallHighestBidAmount === null
        ? null
        : paiseToRupees(summary.overallHighestBidAmount),
    highestOpenBidBeforeFinalCall: highestView(summary.highestOpenBidBeforeFinalCall),
    highestHiddenBidBeforeFinalCall: highestView(summary.highestHiddenBidBeforeFinalCall),
    highestOpenBidAfterFinalCall: highestView(summary.highestOpenBidAfterFinalCall),
    highestHiddenBidAfterFinalCall: highestView(summary.highestHiddenBidAfterFinalCall),
    beoreFinalCallBids: summary.beoreFinalCallBids.map((bid) => toBidView(bid, pictureUrl)),
    afterFinalCallBids: summary.afterFinalCallBids.map((bid) => toBidView(bid, pictureUrl)),
    ...input.state,
    bidResult: input.state.closedAt === null ? null : summary.bidResult,
    isOwner: input.isOwner,
    position: input.position,
  };
}

/** An owner's My Ads card's bids, in rupees (ownerBidsOf); none known: no bids. */
export type OwnerBidsView = {
  readonly bids: number;
  readonly highest: { readonly amount: number; readonly username: string } | null;
};

export const toOwnerBidsView = (owner: OwnerBids | undefined): OwnerBidsView => ({
  bids: owner?.bids ?? 0,
  highest: owner?.highest
    ? { amount: paiseToRupees(owner.highest.amount), username: owner.highest.username }
    : null,
});
