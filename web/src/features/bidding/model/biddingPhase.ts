import { deadlineHasCome } from '@boli/engine/ads/finalCallDeadline';
import { formatDateTime, formatPrice } from '../../../lib/format.ts';
import type { PlaceBidBody } from '../api/bidsApi.ts';
import type { BidSummaryView } from '../api/bidViews.ts';

/*
 * Where an ad's bidding stands for the screen (section 4) and what each viewer may do then:
 * open → final call made (with a deadline) → closed, either early by the owner or because the
 * deadline passed. The deadline is judged on the viewer's clock, so 'Bidding Closed' shows the
 * moment it passes, before the server's expiry event arrives.
 */

export type BiddingPhase = 'open' | 'finalCall' | 'closed';

type BiddingState = Pick<
  BidSummaryView,
  'bidOpen' | 'finalCallMade' | 'finalCallDateTime' | 'closedAt'
>;

export function biddingPhase(state: BiddingState, nowMs: number): BiddingPhase {
  if (!state.bidOpen || state.closedAt) return 'closed';
  if (!state.finalCallMade) return 'open';
  return deadlineHasCome(state.finalCallDateTime, nowMs) ? 'closed' : 'finalCall';
}

/**
 * When, under 'Bid Closes in' or 'Bidding Closed', in India's time (lib/format.ts): the deadline, or how
 * and when bidding closed (before the server's close arrives, the deadline that just passed).
 */
export function biddingWhen(
  state: Pick<BidSummaryView, 'finalCallDateTime' | 'closedAt' | 'closeReason'>,
  phase: BiddingPhase,
): string | null {
  const { finalCallDateTime, closedAt, closeReason } = state;
  if (phase === 'finalCall' && finalCallDateTime) {
    return `Bidding closes on ${formatDateTime(finalCallDateTime)}`;
  }
  if (phase !== 'closed') return null;
  if (closeReason === 'closedEarlyByOwner' && closedAt) {
    return `Closed early by the owner on ${formatDateTime(closedAt)}`;
  }
  const ended = finalCallDateTime ?? closedAt;
  return ended ? `The final call ended on ${formatDateTime(ended)}` : null;
}

/** What bidding's close meant for this viewer, and where to go next (a profile), if anywhere. */
export type CloseResult = { line: string; link: { to: string; label: string } | null };

const profilePath = (userId: string): string => `/user_profile/${encodeURIComponent(userId)}`;

/**
 * Under 'Bidding Closed': to the owner, the winning bid and its bidder (the highest of all, which
 * the owner sees, by the one ranking: engine/src/ads/ad.ranking.ts), or that nobody bid; to a
 * member who bid, whether theirs won (the api's `bidResult`, Hidden bids included) and, if so,
 * what comes next — the winning bid is then the highest they can see, their own. Null for anyone
 * else. Shown only once bidding has closed.
 */
export function closeResultOf(
  summary: Pick<BidSummaryView, 'bidResult' | 'overallHighest'>,
  viewer: { isOwner: boolean; ownerId: string; userId?: string | undefined },
  currencyCode: string,
): CloseResult | null {
  const top = summary.overallHighest;
  const amount = top ? formatPrice(top.amount, currencyCode) : '';
  if (viewer.isOwner) {
    if (!top) return { line: 'Nobody bid on this ad.', link: null };
    const who = top.username ?? top.bidAlias ?? 'a bidder';
    return {
      line: `The winning bid: ${amount} by ${who}. Their phone number is beside their bids below.`,
      link: top.userId ? { to: profilePath(top.userId), label: `${who}’s profile` } : null,
    };
  }
  if (summary.bidResult === 'notHighest') {
    // The highest they can see is their own, yet another won: a Hidden bid, unseen, above it or
    // equal and placed first.
    const hiddenWon = top !== null && viewer.userId !== undefined && top.userId === viewer.userId;
    return {
      line: hiddenWon
        ? 'Yours is not the highest bid: a Hidden bid of the same or a higher amount won.'
        : 'Yours is not the highest bid.',
      link: null,
    };
  }
  if (summary.bidResult !== 'highest') return null;
  return {
    line: `Yours is the highest bid${top ? `, ${amount}` : ''}. The seller sees your name and phone number with it, to arrange the sale; to call them yourself, ask for their number (Show) on their profile.`,
    link: { to: profilePath(viewer.ownerId), label: 'Seller’s profile' },
  };
}

export type Viewer = {
  /** The logged-in member's id; undefined for a guest. */
  userId?: string;
  /** The ad's owner (AdView.postedBy). */
  ownerId: string;
};

/** Which parts of the bid area this viewer sees, and which buttons work. */
export type BidControls = {
  phase: BiddingPhase;
  isOwner: boolean;
  /** Non-owners (guests included: submitting asks them to log in) while bids are taken. */
  showBidForm: boolean;
  /** The owner, while bidding is open and no final call was made. */
  showFinalCall: boolean;
  /** Final Call needs at least one bid before the final call. */
  finalCallEnabled: boolean;
  /** The owner may close early while bidding is open or after the final call. */
  showCloseBid: boolean;
  /** 'Bid Closes in …' after a final call, until the deadline. */
  showCountdown: boolean;
};

export function bidControls(
  summary: BiddingState & Pick<BidSummaryView, 'isOwner' | 'allBeforeBidsCount'>,
  viewer: Viewer,
  nowMs: number,
): BidControls {
  const phase = biddingPhase(summary, nowMs);
  const isOwner =
    summary.isOwner || (viewer.userId !== undefined && viewer.userId === viewer.ownerId);
  return {
    phase,
    isOwner,
    showBidForm: !isOwner && phase !== 'closed',
    showFinalCall: isOwner && phase === 'open',
    finalCallEnabled: isOwner && phase === 'open' && summary.allBeforeBidsCount > 0,
    showCloseBid: isOwner && phase !== 'closed',
    showCountdown: phase === 'finalCall',
  };
}

/** A bid refused because bidding closed while it was on its way: what became of it. */
export const notPlacedText = (
  bid: Pick<PlaceBidBody, 'type' | 'bidamt'>,
  currencyCode = 'INR',
): string =>
  `Your ${bid.type} bid of ${formatPrice(bid.bidamt, currencyCode)} was not placed: bidding closed before it arrived.`;
