import type { CloseReason } from '@boli/engine/ads/ad.events';
import { bidPagesOf } from '@boli/engine/shared/limits';
import { withAdded } from '@boli/engine/shared/objects';
import {
  bidResultFor,
  bidSummaryFor,
  publicBidView,
  type BidRecord,
  type BidSummary,
  type BidViewer,
} from '../bidSummary/bidSummary.ts';

/*
 * The bid summary assembled from what the read model answers in a few index lookups (counts kept
 * per ad, one page of each list, the few bids that can be a viewer's "highest"), instead of every
 * bid of the ad. The visibility rule and the "highest" rule stay those of `bidSummary.ts`: the
 * highest fields are `bidSummaryFor` over the candidates, the lists go through `publicBidView`.
 */

/** A bid as the read model returns it: the record plus its global position ("commit.prepare"). */
export type StoredBid = BidRecord & { readonly position: string };

export type SummaryParts = {
  readonly beforeCount: number;
  readonly afterCount: number;
  readonly noOfBuyers: number;
  /** The viewer's own bids per phase (0 for a guest). */
  readonly mineBefore: number;
  readonly mineAfter: number;
  /** The alias of the viewer's first bid on the ad; null for a guest or before it. */
  readonly mineAlias: string | null;
  /**
   * For each (phase, type): its highest bid, and the viewer's own highest — a set that holds
   * the highest bid of every (phase, type) the viewer may see. In log order.
   */
  readonly candidates: readonly StoredBid[];
  readonly beforePage: readonly StoredBid[];
  readonly afterPage: readonly StoredBid[];
  /** Bids a page holds (LIMITS.bidPageSize unless a caller asked for fewer). */
  readonly pageSize?: number;
};

export type PublicStoredBid = ReturnType<typeof publicBidView> & { readonly position: string };

export type AssembledSummary = Omit<BidSummary, 'beoreFinalCallBids' | 'afterFinalCallBids'> & {
  readonly beoreFinalCallBids: readonly PublicStoredBid[];
  readonly afterFinalCallBids: readonly PublicStoredBid[];
};

export const publicStoredBid = (bid: StoredBid, viewer: BidViewer): PublicStoredBid =>
  withAdded(publicBidView(bid, viewer), { position: bid.position });

export function assembleSummary(parts: SummaryParts, viewer: BidViewer): AssembledSummary {
  const highest = bidSummaryFor(parts.candidates, viewer);
  const pageCounts = {
    beforeFinalCall: bidPagesOf(parts.beforeCount, parts.pageSize),
    afterFinalCall: bidPagesOf(parts.afterCount, parts.pageSize),
  };
  return {
    overallHighestBidAmount: highest.overallHighestBidAmount,
    overallHighestBidUsername: highest.overallHighestBidUsername,
    overallHighestBidUserId: highest.overallHighestBidUserId,
    overallHighestBidAlias: highest.overallHighestBidAlias,
    highestOpenBidBeforeFinalCall: highest.highestOpenBidBeforeFinalCall,
    highestHiddenBidBeforeFinalCall: highest.highestHiddenBidBeforeFinalCall,
    highestOpenBidAfterFinalCall: highest.highestOpenBidAfterFinalCall,
    highestHiddenBidAfterFinalCall: highest.highestHiddenBidAfterFinalCall,
    highestFieldsScope: highest.highestFieldsScope,
    noOfBuyers: parts.noOfBuyers,
    allBeforeBidsCount: parts.beforeCount,
    allAfterBidsCount: parts.afterCount,
    loginUserBeforeBidsCount: parts.mineBefore,
    loginUserAfterBidsCount: parts.mineAfter,
    loginUserBidAlias: parts.mineAlias,
    pageCount: Math.max(pageCounts.beforeFinalCall, pageCounts.afterFinalCall),
    pageCounts,
    beoreFinalCallBids: parts.beforePage.map((bid) => publicStoredBid(bid, viewer)),
    afterFinalCallBids: parts.afterPage.map((bid) => publicStoredBid(bid, viewer)),
    // The candidates hold each (phase, type)'s top bid, so the top-ranked of all.
    bidResult: bidResultFor(parts.candidates, viewer, parts.mineBefore + parts.mineAfter),
  };
}

/** An ad's bidding state as the read model keeps it. */
export type AdBidding = {
  readonly adId: string;
  readonly ownerId: string;
  readonly finalCallMade: boolean;
  /** ISO-8601; the final call's deadline. */
  readonly deadline: string | null;
  readonly closedAt: string | null;
  readonly closeReason: CloseReason | null;
};

export type BiddingState = {
  readonly bidOpen: boolean;
  readonly finalCallMade: boolean;
  readonly finalCallDateTime: string | null;
  readonly closedAt: string | null;
  readonly closeReason: CloseReason | null;
};

/**
 * The state at `now`, judged as the domain judges commands: once the deadline has come bidding
 * is over, even before the expiry timer records it — and it will record exactly this (closed at
 * the deadline, reason finalCallExpired).
 */
export function biddingStateAt(ad: AdBidding, now: Date): BiddingState {
  const expired =
    ad.closedAt === null && ad.deadline !== null && now.getTime() >= Date.parse(ad.deadline);
  const closedAt = ad.closedAt ?? (expired ? ad.deadline : null);
  return {
    bidOpen: closedAt === null,
    finalCallMade: ad.finalCallMade,
    finalCallDateTime: ad.deadline,
    closedAt,
    closeReason: ad.closeReason ?? (expired ? 'finalCallExpired' : null),
  };
}
