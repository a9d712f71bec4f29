import type { BidPhase, BidType } from '@boli/engine/ads/ad.events';
import { topBidOf } from '@boli/engine/ads/ad.ranking';
import { bidPagesOf, LIMITS } from '@boli/engine/shared/limits';

/*
 * Section 3's Bid summary, computed from an ad's bids for one viewer. Pure: the read model stores
 * the bids; the query and the socket handler pass them (and the viewer) through here, so lists,
 * summaries and live messages obey one visibility rule (section 6 and the hidden-bid rule):
 *
 * - The ad owner sees every bid in full: amount, bidder's username, user id, avatar and phone.
 * - Anyone else sees bid aliases only (no username, user id, avatar or phone), except on their
 *   own bids, which they see in full.
 * - A Hidden bid's amount is seen only by the owner and by the bidder who placed it.
 *
 * The "highest" fields are computed over the amounts the viewer may see. For a stranger, the
 * highest hidden bids are null and the overall highest is the highest Open bid; for a bidder with
 * Hidden bids of their own, the highest hidden bid is their own highest. So no field answers "is
 * someone's hidden bid above X?" for a viewer who may not know it. (Returning the true maximum
 * with its amount blanked would leak who leads; returning null for every non-owner would hide
 * from bidders what they may see. `highestFieldsScope` says which rule applied.)
 *
 * Money is integer paise. Pages are zero-based (as the transactions list), LIMITS.bidPageSize
 * bids each, newest first.
 */

export type { BidPhase, BidType };

/** One bid as the read model keeps it (BidPlaced, joined with the bidder's avatar and phone). */
export type BidRecord = {
  readonly bidId: string;
  readonly adId: string;
  readonly bidderId: string;
  readonly username: string;
  readonly bidAlias: string;
  /** Integer paise. */
  readonly amount: number;
  readonly type: BidType;
  readonly phase: BidPhase;
  /** ISO-8601. */
  readonly placedAt: string;
  readonly profilepic?: string | null;
  readonly phone?: string | null;
};

/** Who is looking: the ad's owner, a logged-in member (userId), or a guest (neither). */
export type BidViewer = { readonly userId?: string; readonly isOwner: boolean };

/** Section 3's Bid, as this viewer may see it. Fields the viewer may not see are null. */
export type PublicBid = {
  readonly bidId: string;
  readonly item_id: string;
  /** The bidder's user id. */
  readonly postedBy: string | null;
  readonly postedByUsername: string | null;
  readonly bidAlias: string;
  /** Paise; null for another member's Hidden bid. */
  readonly bidamt: number | null;
  readonly type: BidType;
  readonly phase: BidPhase;
  readonly createdAt: string;
  readonly profilepic: string | null;
  readonly phone: string | null;
  /** The viewer placed it. */
  readonly isOwnBid: boolean;
};

export type HighestBid = {
  readonly amount: number;
  /** The bidder's username and user id: null unless the viewer is the owner or the bidder. */
  readonly username: string | null;
  readonly userId: string | null;
  readonly bidAlias: string;
};

export type BidSummary = {
  readonly overallHighestBidAmount: number | null;
  readonly overallHighestBidUsername: string | null;
  readonly overallHighestBidUserId: string | null;
  readonly overallHighestBidAlias: string | null;
  readonly highestOpenBidBeforeFinalCall: HighestBid | null;
  readonly highestHiddenBidBeforeFinalCall: HighestBid | null;
  readonly highestOpenBidAfterFinalCall: HighestBid | null;
  readonly highestHiddenBidAfterFinalCall: HighestBid | null;
  /** 'all' for the owner; 'visibleToViewer' for everyone else (see the file comment). */
  readonly highestFieldsScope: 'all' | 'visibleToViewer';
  /** Distinct bidders. */
  readonly noOfBuyers: number;
  readonly allBeforeBidsCount: number;
  readonly allAfterBidsCount: number;
  readonly loginUserBeforeBidsCount: number;
  readonly loginUserAfterBidsCount: number;
  /**
   * The alias the viewer bid under on this ad (their first bid's, which their later bids keep:
   * `aliasChangedFrom`); null for a guest and for a member who has not bid on it.
   */
  readonly loginUserBidAlias: string | null;
  /** Pages of the longer of the two lists; each list's own count is in `pageCounts`. */
  readonly pageCount: number;
  readonly pageCounts: { readonly beforeFinalCall: number; readonly afterFinalCall: number };
  /** Spelled so: the spec's field name. */
  readonly beoreFinalCallBids: readonly PublicBid[];
  readonly afterFinalCallBids: readonly PublicBid[];
  /** Whether the viewer's bid ranks first, were bidding to close now (bidResultFor). */
  readonly bidResult: BidResult | null;
};

/** Zero-based page of each list. */
export type BidPages = { readonly beforeFinalCall?: number; readonly afterFinalCall?: number };

const isOwnBid = (bid: BidRecord, viewer: BidViewer): boolean =>
  viewer.userId !== undefined && viewer.userId === bid.bidderId;

/** Whether this viewer may see who placed the bid (username, user id, avatar, phone). */
const seesBidder = (bid: BidRecord, viewer: BidViewer): boolean =>
  viewer.isOwner || isOwnBid(bid, viewer);

/** Whether this viewer may see the bid's amount. */
export const seesAmount = (bid: BidRecord, viewer: BidViewer): boolean =>
  bid.type === 'Open' || seesBidder(bid, viewer);

/** One bid as this viewer may see it: the same rule for lists and live (socket) messages. */
export const publicBidView = (bid: BidRecord, viewer: BidViewer): PublicBid => {
  const full = seesBidder(bid, viewer);
  return {
    bidId: bid.bidId,
    item_id: bid.adId,
    postedBy: full ? bid.bidderId : null,
    postedByUsername: full ? bid.username : null,
    bidAlias: bid.bidAlias,
    bidamt: seesAmount(bid, viewer) ? bid.amount : null,
    type: bid.type,
    phase: bid.phase,
    createdAt: bid.placedAt,
    profilepic: full ? (bid.profilepic ?? null) : null,
    phone: full ? (bid.phone ?? null) : null,
    isOwnBid: isOwnBid(bid, viewer),
  };
};

type Indexed = { readonly bid: BidRecord; readonly index: number };

/** Newest first; bids of the same instant in reverse arrival order. */
const newestFirst = (a: Indexed, b: Indexed): number =>
  Date.parse(b.bid.placedAt) - Date.parse(a.bid.placedAt) || b.index - a.index;

/** The highest of `bids` (in log order) by the ranking of ad.ranking.ts. */
const highest = (bids: readonly Indexed[]): BidRecord | null =>
  topBidOf(bids.map(({ bid }) => bid));

const highestView = (bid: BidRecord | null, viewer: BidViewer): HighestBid | null => {
  if (bid === null) return null;
  const full = seesBidder(bid, viewer);
  return {
    amount: bid.amount,
    username: full ? bid.username : null,
    userId: full ? bid.bidderId : null,
    bidAlias: bid.bidAlias,
  };
};

/**
 * Whether the viewer's bid ranks first of all (Hidden bids included; ad.ranking.ts), for a member
 * who bid and does not own the ad; null for anyone else. `bids` must hold the top-ranked bid.
 * Told only once bidding has closed (`bidResult` in bids.views.ts): before, a "not highest" would
 * give away that someone's Hidden bid is above theirs.
 */
export function bidResultFor(
  bids: readonly BidRecord[],
  viewer: BidViewer,
  viewerBids: number,
): BidResult | null {
  if (viewer.isOwner || viewer.userId === undefined || viewerBids === 0) return null;
  return topBidOf(bids)?.bidderId === viewer.userId ? 'highest' : 'notHighest';
}

/** Whether a bidder's bid won (once bidding has closed): see bidResultFor. */
export type BidResult = 'highest' | 'notHighest';

const pageOf = (list: readonly Indexed[], page: number, viewer: BidViewer): PublicBid[] => {
  const start = Math.max(0, Math.trunc(page)) * LIMITS.bidPageSize;
  return list.slice(start, start + LIMITS.bidPageSize).map(({ bid }) => publicBidView(bid, viewer));
};

export const bidSummaryFor = (
  bids: readonly BidRecord[],
  viewer: BidViewer,
  page: BidPages = {},
): BidSummary => {
  const all = bids.map((bid, index) => ({ bid, index }));
  const before = all.filter(({ bid }) => bid.phase === 'beforeFinalCall').sort(newestFirst);
  const after = all.filter(({ bid }) => bid.phase === 'afterFinalCall').sort(newestFirst);
  const visible = all.filter(({ bid }) => seesAmount(bid, viewer));
  const best = (phase: BidPhase, type: BidType) =>
    highestView(
      highest(visible.filter(({ bid }) => bid.phase === phase && bid.type === type)),
      viewer,
    );
  const overall = highestView(highest(visible), viewer);
  const mine = (list: readonly Indexed[]) => list.filter(({ bid }) => isOwnBid(bid, viewer)).length;
  const pageCounts = {
    beforeFinalCall: bidPagesOf(before.length),
    afterFinalCall: bidPagesOf(after.length),
  };
  return {
    overallHighestBidAmount: overall?.amount ?? null,
    overallHighestBidUsername: overall?.username ?? null,
    overallHighestBidUserId: overall?.userId ?? null,
    overallHighestBidAlias: overall?.bidAlias ?? null,
    highestOpenBidBeforeFinalCall: best('beforeFinalCall', 'Open'),
    highestHiddenBidBeforeFinalCall: best('beforeFinalCall', 'Hidden'),
    highestOpenBidAfterFinalCall: best('afterFinalCall', 'Open'),
    highestHiddenBidAfterFinalCall: best('afterFinalCall', 'Hidden'),
    highestFieldsScope: viewer.isOwner ? 'all' : 'visibleToViewer',
    noOfBuyers: new Set(bids.map((bid) => bid.bidderId)).size,
    allBeforeBidsCount: before.length,
    allAfterBidsCount: after.length,
    loginUserBeforeBidsCount: mine(before),
    loginUserAfterBidsCount: mine(after),
    loginUserBidAlias: bids.find((bid) => isOwnBid(bid, viewer))?.bidAlias ?? null,
    pageCount: Math.max(pageCounts.beforeFinalCall, pageCounts.afterFinalCall),
    pageCounts,
    beoreFinalCallBids: pageOf(before, page.beforeFinalCall ?? 0, viewer),
    afterFinalCallBids: pageOf(after, page.afterFinalCall ?? 0, viewer),
    bidResult: bidResultFor(bids, viewer, mine(all)),
  };
};
