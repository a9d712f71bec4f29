import {
  highestBid,
  logOrder,
  newestBids,
  newestIndices,
  aliasOnAd,
  ownBids,
  type BidBook,
  type BookedBid,
} from '@boli/engine/ads/ad.bidBook';
import type { BidLog } from '@boli/engine/ads/ad.bidLog';
import { BID_PHASES, type BidPhase } from '@boli/engine/ads/ad.events';
import { deadlineOf, type AdState } from '@boli/engine/ads/ad.state';
import { formatPosition, type GlobalPosition } from '@boli/engine/eventStore/eventStore';
import { BID_TYPES, LIMITS } from '@boli/engine/shared/limits';
import { setKeepingAtMost } from '@boli/engine/shared/boundedMap';
import { withAdded } from '@boli/engine/shared/objects';
import {
  assembleSummary,
  biddingStateAt,
  publicStoredBid,
  type StoredBid,
  type SummaryParts,
} from './bids.summary.ts';
import { toBidView, toSummaryView, type BidSummaryView, type BidView } from './bids.views.ts';

/*
 * The bid summary built from an ad's fold — the state the command handler decided a bid on and
 * folded it into — instead of read from the `bids` read model: what a bidder is answered with.
 * The fold holds every bid up to the bidder's own, so the answer is the read model's summary at
 * that bid's position, for the first page of each list. The parts are those the read model's
 * query gives (`SummaryParts`), and `assembleSummary` applies the one visibility rule to both.
 *
 * A bidder is never the ad's owner (`OWN_AD`), and only the owner sees other bidders' avatars
 * and phones: the bidder's own come with the request (the member it signed in).
 */

/** The avatar and phone of a member as the users read model keeps them. */
export type MemberContact = { readonly profilepic: string | null; readonly phone: string | null };

const NO_CONTACT: MemberContact = { profilepic: null, phone: null };

const storedBid = (bid: BookedBid, contact: MemberContact = NO_CONTACT): StoredBid => ({
  bidId: bid.bidId,
  adId: bid.adId,
  bidderId: bid.bidderId,
  username: bid.username,
  bidAlias: bid.bidAlias,
  amount: bid.amount,
  type: bid.type,
  phase: bid.phase,
  placedAt: bid.placedAt,
  profilepic: contact.profilepic,
  phone: contact.phone,
  position: positionText(bid),
});

/** The bid's position as the read model writes it; '0.0' before it is known. */
const positionText = (bid: BookedBid): string =>
  bid.position === undefined ? '0.0' : formatPosition(bid.position);

/** The parts of a summary but its two lists: the counts and the highest-bid candidates. */
type CountsAndCandidates = Omit<SummaryParts, 'beforePage' | 'afterPage'>;

function countsAndCandidates(
  book: BidBook,
  viewerId: string | undefined,
  contact: MemberContact,
): CountsAndCandidates {
  const mine = viewerId === undefined ? undefined : ownBids(book, viewerId);
  const candidates = new Map<string, BookedBid>();
  for (const phase of BID_PHASES) {
    for (const type of BID_TYPES) {
      const top = highestBid(book, phase, type);
      if (top) candidates.set(top.bidId, top);
    }
    const own = mine?.[phase].highestHidden;
    if (own) candidates.set(own.bidId, own);
  }
  return {
    beforeCount: book.beforeCount,
    afterCount: book.afterCount,
    noOfBuyers: book.bidders,
    mineBefore: mine?.beforeFinalCall.count ?? 0,
    mineAfter: mine?.afterFinalCall.count ?? 0,
    mineAlias: (viewerId === undefined ? undefined : aliasOnAd(book, viewerId)) ?? null,
    candidates: logOrder(book, [...candidates.values()]).map((bid) =>
      storedBid(bid, bid.bidderId === viewerId ? contact : NO_CONTACT),
    ),
  };
}

/**
 * What the read model's summary query answers for `viewerId` (a non-owner, whose avatar and phone
 * are `contact`: the read model joins them to every bid, but a viewer only sees their own), from
 * the book.
 */
export function summaryPartsFromBook(
  book: BidBook,
  viewerId: string | undefined,
  contact: MemberContact = NO_CONTACT,
): SummaryParts {
  const stored = (bid: BookedBid) =>
    storedBid(bid, bid.bidderId === viewerId ? contact : NO_CONTACT);
  return withAdded(countsAndCandidates(book, viewerId, contact), {
    beforePage: newestBids(book, 'beforeFinalCall', LIMITS.bidPageSize).map(stored),
    afterPage: newestBids(book, 'afterFinalCall', LIMITS.bidPageSize).map(stored),
  });
}

const STRANGER = { isOwner: false } as const;

/**
 * How many bids' stranger views are kept: the newest page of both phases of 1,000 ads bid on at
 * once. A bid is listed while it is among its ad's newest, so the views of the last bids listed
 * are the ones asked for again; older ones are made anew if an ad that rarely sees a bid lists
 * them. Every object kept is marked by each full collection of the api's heap, during which the
 * marking threads take a core from the rest: 50,000 views with the bids they were made of were a
 * quarter of the heap's objects, and the collections' stalls set `bids.p99_ms`.
 */
export const STRANGER_VIEWS_KEPT = 20_000;
/**
 * The bid as written, by log, index and revision (`BidLog.revision`: a bid is folded without its
 * position before it is folded with it) → the view. Named so, a kept view is found without making
 * the bid of its row again (its instant's text, its position's), which cost more than the view.
 */
const strangerViews = new Map<string, BidView>();

/** What a member who did not place it sees of the bid at `index`: the same for every such member. */
function strangerView(log: BidLog, index: number): BidView {
  const key = `${log.id} ${index} ${log.revision(index)}`;
  const kept = strangerViews.get(key);
  if (kept !== undefined) return kept;
  const view = toBidView(publicStoredBid(storedBid(log.bid(index)), STRANGER));
  setKeepingAtMost(strangerViews, key, view, STRANGER_VIEWS_KEPT);
  return view;
}

/**
 * The first page of a phase's list as `viewerId` (a non-owner) sees it: their own bids in full,
 * every other bid as any member who did not place it sees it — built once per bid and shared by
 * every answer that lists it, since a busy ad's newest bids are listed in every answer.
 */
export function listedBids(
  book: BidBook,
  phase: BidPhase,
  viewerId: string,
  contact: MemberContact,
): BidView[] {
  const log = book.shared;
  return newestIndices(book, phase, LIMITS.bidPageSize).map((index) =>
    log.bidderId(index) === viewerId
      ? toBidView(
          publicStoredBid(storedBid(log.bid(index), contact), { userId: viewerId, isOwner: false }),
        )
      : strangerView(log, index),
  );
}

/** An instant as the read model gives it back (`toISOString`), whatever form the event kept. */
const isoOrNull = (instant: string | null): string | null =>
  instant === null ? null : new Date(instant).toISOString();

/**
 * Section 3's bid summary for a member who bid on the ad, as of the fold `ad` (which holds their
 * bid), judged at `now`; `position` is that of the fold's last event.
 */
export function bidSummaryFromFold(input: {
  readonly ad: AdState;
  readonly viewerId: string;
  readonly viewerContact: MemberContact;
  readonly now: Date;
  readonly position: GlobalPosition;
}): BidSummaryView {
  const { ad, viewerId } = input;
  if (viewerId === ad.postedBy) throw new Error('the owner is answered from the read model');
  const viewer = { userId: viewerId, isOwner: false };
  const deadline = isoOrNull(deadlineOf(ad));
  // The lists come from `listedBids`.
  const parts = countsAndCandidates(ad.bids, viewerId, input.viewerContact);
  const summary = toSummaryView({
    adId: ad.adId,
    summary: assembleSummary(withAdded(parts, { beforePage: [], afterPage: [] }), viewer),
    state: biddingStateAt(
      {
        adId: ad.adId,
        ownerId: ad.postedBy,
        finalCallMade: deadline !== null,
        deadline,
        closedAt: isoOrNull(ad.closedAt),
        closeReason: ad.closedReason,
      },
      input.now,
    ),
    isOwner: false,
    position: formatPosition(input.position),
  });
  return {
    ...summary,
    beoreFinalCallBids: listedBids(ad.bids, 'beforeFinalCall', viewerId, input.viewerContact),
    afterFinalCallBids: listedBids(ad.bids, 'afterFinalCall', viewerId, input.viewerContact),
  };
}
