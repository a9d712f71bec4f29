import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addBid, emptyBidBook, type BidBook, type BookedBid } from '@boli/engine/ads/ad.bidBook';
import { evolve, initialState } from '@boli/engine/ads/ad.state';
import { adPosted, at, bidPlaced, finalCallMade, OWNER } from '@boli/engine/ads/ad.fixtures';
import { bidSummaryFor, type BidViewer } from '../bidSummary/bidSummary.ts';
import {
  bidSummaryFromFold,
  listedBids,
  STRANGER_VIEWS_KEPT,
  summaryPartsFromBook,
} from './bids.fromFold.ts';
import { toBidView, type BidView } from './bids.views.ts';
import { assembleSummary } from './bids.summary.ts';

const BIDDERS = ['u-1', 'u-2', 'u-3'] as const;

/** Bids as a fold meets them: ties in amount and in time, both types, the phase switching once. */
const bidsArbitrary = fc
  .record({
    bids: fc.array(
      fc.record({
        bidder: fc.constantFrom(0, 1, 2),
        amount: fc.integer({ min: 1, max: 6 }),
        hidden: fc.boolean(),
        sameInstant: fc.boolean(),
      }),
      { maxLength: 40 },
    ),
    finalCallAt: fc.nat({ max: 40 }),
  })
  .map(({ bids, finalCallAt }) => {
    let minute = 0;
    return bids.map((g, n): BookedBid => {
      if (!g.sameInstant) minute++;
      return {
        adId: 'ad-1',
        bidId: `b${n}`,
        bidderId: BIDDERS[g.bidder]!,
        username: `user${g.bidder}`,
        bidAlias: `alias${g.bidder}`,
        amount: g.amount * 100_00,
        type: g.hidden ? 'Hidden' : 'Open',
        phase: n >= finalCallAt ? 'afterFinalCall' : 'beforeFinalCall',
        placedAt: at(minute),
        position: { commit: BigInt(100 + n), prepare: BigInt(n) },
      };
    });
  });

const viewers = fc.constantFrom<BidViewer>(
  { userId: 'u-1', isOwner: false },
  { userId: 'u-3', isOwner: false },
  { userId: 'u-9', isOwner: false },
  { isOwner: false },
);

const bookOf = (bids: readonly BookedBid[], from: BidBook = emptyBidBook()) =>
  bids.reduce(addBid, from);

const withoutPositions = (summary: ReturnType<typeof assembleSummary>) => {
  const strip = ({ position: _p, ...bid }: { position: string }) => bid;
  return {
    ...summary,
    beoreFinalCallBids: summary.beoreFinalCallBids.map(strip),
    afterFinalCallBids: summary.afterFinalCallBids.map(strip),
  };
};

describe('the bid summary from an ad’s fold', () => {
  it('equals the summary over every bid, for every viewer but the owner', () => {
    fc.assert(
      fc.property(bidsArbitrary, viewers, (bids, viewer) => {
        // The read model joins every bidder's avatar and phone; the fold knows the viewer's.
        const contact = (userId: string | undefined) => ({
          profilepic: `pic-${userId}`,
          phone: `98${userId}`,
        });
        const parts = summaryPartsFromBook(bookOf(bids), viewer.userId, contact(viewer.userId));
        expect(withoutPositions(assembleSummary(parts, viewer))).toEqual(
          bidSummaryFor(
            bids.map((bid) => ({ ...bid, ...contact(bid.bidderId) })),
            viewer,
          ),
        );
      }),
    );
  });

  it('lists the newest bids as each member sees them, shared views included', () => {
    fc.assert(
      fc.property(bidsArbitrary, fc.constantFrom('u-1', 'u-3', 'u-9'), (bids, userId) => {
        const viewer = { userId, isOwner: false };
        const contact = { profilepic: 'pic', phone: '9800000000' };
        const book = bookOf(bids);
        // Another member's answer first: the views it leaves behind must not leak into this one.
        listedBids(book, 'beforeFinalCall', 'u-2', contact);
        listedBids(book, 'afterFinalCall', 'u-2', contact);
        const expected = bidSummaryFor(
          bids.map((bid) => (bid.bidderId === userId ? { ...bid, ...contact } : bid)),
          viewer,
        );
        const strip = ({ position: _p, ...view }: BidView) => view;
        const asViews = (list: typeof expected.beoreFinalCallBids) =>
          list.map((bid) => strip(toBidView({ ...bid, position: '' })));
        expect(listedBids(book, 'beforeFinalCall', userId, contact).map(strip)).toEqual(
          asViews(expected.beoreFinalCallBids),
        );
        expect(listedBids(book, 'afterFinalCall', userId, contact).map(strip)).toEqual(
          asViews(expected.afterFinalCallBids),
        );
      }),
    );
  });

  /** The n-th ad's one bid, an Open bid of member u-1. */
  const nthAdsBid = (n: number): BookedBid => ({
    adId: `ad-${n}`,
    bidId: `b${n}`,
    bidderId: 'u-1',
    username: 'user1',
    bidAlias: 'alias1',
    amount: 100_00,
    type: 'Open',
    phase: 'beforeFinalCall',
    placedAt: at(0),
    position: { commit: BigInt(n), prepare: 0n },
  });

  it('keeps the views of the bids listed last, and makes a forgotten one again the same', () => {
    const contact = { profilepic: null, phone: null };
    const watched = bookOf([nthAdsBid(0)]);
    const [first] = listedBids(watched, 'beforeFinalCall', 'u-2', contact);
    expect(listedBids(watched, 'beforeFinalCall', 'u-3', contact)[0]).toBe(first);
    // As many other ads' bids listed since as views are kept: the first is forgotten.
    for (let n = 1; n <= STRANGER_VIEWS_KEPT; n++) {
      listedBids(bookOf([nthAdsBid(n)]), 'beforeFinalCall', 'u-2', contact);
    }
    const [again] = listedBids(watched, 'beforeFinalCall', 'u-2', contact);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });

  it('makes a kept view again once the bid it was made of is folded with its position', () => {
    const placed = { ...nthAdsBid(-1), position: { commit: 7n, prepare: 3n } };
    const contact = { profilepic: null, phone: null };
    const [before] = listedBids(
      bookOf([{ ...placed, position: undefined }]),
      'beforeFinalCall',
      'u-2',
      contact,
    );
    expect(before!.position).toBe('0.0');
    const [after] = listedBids(bookOf([placed]), 'beforeFinalCall', 'u-2', contact);
    expect(after!.position).toBe('7.3');
  });

  it('makes a kept view again once its very row is folded with its position', () => {
    // The command handler's way: a decision folded without its position, then again with it,
    // which rewrites the same row of the same log.
    const placed = { ...nthAdsBid(-2), position: { commit: 9n, prepare: 4n } };
    const contact = { profilepic: null, phone: null };
    const start = bookOf([]);
    const planned = addBid(start, { ...placed, position: undefined });
    expect(listedBids(planned, 'beforeFinalCall', 'u-2', contact)[0]!.position).toBe('0.0');
    const folded = addBid(start, placed);
    expect(folded.shared).toBe(planned.shared);
    expect(listedBids(folded, 'beforeFinalCall', 'u-2', contact)[0]!.position).toBe('9.4');
  });

  it('gives each listed bid the position of its event', () => {
    fc.assert(
      fc.property(bidsArbitrary, (bids) => {
        const parts = summaryPartsFromBook(bookOf(bids), undefined);
        for (const listed of [...parts.beforePage, ...parts.afterPage]) {
          const n = Number(listed.bidId.slice(1));
          expect(listed.position).toBe(`${100 + n}.${n}`);
        }
      }),
    );
  });

  it('is a value: a book keeps its bids when an older one is added to', () => {
    fc.assert(
      fc.property(bidsArbitrary, bidsArbitrary, fc.nat(), viewers, (bids, others, cut, viewer) => {
        const branchAt = bids.length === 0 ? 0 : cut % bids.length;
        const older = bookOf(bids.slice(0, branchAt));
        const newer = bookOf(bids.slice(branchAt), older);
        // Later bids of the branch: new ids, placed after every bid of `bids`.
        const branched = others.map((bid) => ({
          ...bid,
          bidId: `x${bid.bidId}`,
          placedAt: at(1_000 + Date.parse(bid.placedAt) / 60_000 - Date.parse(at(0)) / 60_000),
        }));
        const branch = bookOf(branched, older);
        const summary = (book: BidBook, list: readonly BookedBid[]) => {
          expect(
            withoutPositions(assembleSummary(summaryPartsFromBook(book, viewer.userId), viewer)),
          ).toEqual(bidSummaryFor(list, viewer));
        };
        summary(newer, bids);
        summary(older, bids.slice(0, branchAt));
        summary(branch, [...bids.slice(0, branchAt), ...branched]);
      }),
    );
  });

  it('follows a newer book when an older one is given the same bids again, without copying', () => {
    fc.assert(
      fc.property(bidsArbitrary, fc.nat(), viewers, (bids, cut, viewer) => {
        const branchAt = bids.length === 0 ? 0 : cut % bids.length;
        const older = bookOf(bids.slice(0, branchAt));
        // Planned without positions, then folded again with them (as the command handler does).
        const planned = bookOf(
          bids.slice(branchAt).map((bid) => ({ ...bid, position: undefined })),
          older,
        );
        const folded = bookOf(bids.slice(branchAt), older);
        expect(folded.shared).toBe(older.shared);
        expect(planned.shared).toBe(older.shared);
        const parts = summaryPartsFromBook(folded, viewer.userId);
        expect(withoutPositions(assembleSummary(parts, viewer))).toEqual(
          bidSummaryFor(bids, viewer),
        );
        for (const listed of [...parts.beforePage, ...parts.afterPage])
          expect(listed.position).not.toBe('0.0');
      }),
    );
  });

  it('answers with the state the ad is in, as the read model judges it', () => {
    const posted = evolve(initialState(), adPosted());
    const withBid = evolve(posted, bidPlaced());
    const withCall = evolve(withBid, finalCallMade(at(60)));
    const summary = bidSummaryFromFold({
      ad: withCall,
      viewerId: 'u-1',
      viewerContact: { profilepic: null, phone: null },
      now: new Date(at(61)),
      position: { commit: 7n, prepare: 3n },
    });
    expect(summary).toMatchObject({
      bidOpen: false,
      finalCallMade: true,
      closeReason: 'finalCallExpired',
      isOwner: false,
      position: '7.3',
    });
    expect(() =>
      bidSummaryFromFold({
        ad: withCall,
        viewerId: OWNER.userId,
        viewerContact: { profilepic: null, phone: null },
        now: new Date(at(1)),
        position: { commit: 7n, prepare: 3n },
      }),
    ).toThrow();
  });
});
