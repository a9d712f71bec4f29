import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@boli/engine/shared/limits';
import { bidSummaryFor, type BidViewer } from '../bidSummary/bidSummary.ts';
import { assembleSummary, biddingStateAt, type StoredBid } from './bids.summary.ts';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const USERS = ['u-owner', 'u-1', 'u-2', 'u-3'] as const;

/** Newest first by position, as the read model pages. */
const newestFirst = (bids: StoredBid[]) => [...bids].reverse();

/** What the read model's queries answer, computed here over the whole list. */
function partsFor(bids: StoredBid[], viewer: BidViewer, page: number) {
  const top = (list: StoredBid[]) =>
    [...list].sort(
      (a, b) => b.amount - a.amount || Date.parse(a.placedAt) - Date.parse(b.placedAt),
    )[0];
  const candidates = new Set<StoredBid>();
  for (const phase of ['beforeFinalCall', 'afterFinalCall'] as const) {
    for (const type of ['Open', 'Hidden'] as const) {
      const best = top(bids.filter((b) => b.phase === phase && b.type === type));
      if (best) candidates.add(best);
    }
    const own = top(
      bids.filter((b) => b.phase === phase && b.type === 'Hidden' && b.bidderId === viewer.userId),
    );
    if (own && !viewer.isOwner) candidates.add(own);
  }
  const of = (phase: string) => newestFirst(bids.filter((b) => b.phase === phase));
  const slice = (list: StoredBid[]) =>
    list.slice(page * LIMITS.bidPageSize, (page + 1) * LIMITS.bidPageSize);
  const mine = (phase: string) =>
    bids.filter((b) => b.phase === phase && b.bidderId === viewer.userId).length;
  return {
    beforeCount: of('beforeFinalCall').length,
    afterCount: of('afterFinalCall').length,
    noOfBuyers: new Set(bids.map((b) => b.bidderId)).size,
    mineBefore: mine('beforeFinalCall'),
    mineAfter: mine('afterFinalCall'),
    mineAlias: bids.find((b) => b.bidderId === viewer.userId)?.bidAlias ?? null,
    candidates: bids.filter((b) => candidates.has(b)),
    beforePage: slice(of('beforeFinalCall')),
    afterPage: slice(of('afterFinalCall')),
  };
}

const bidsArbitrary = fc
  .array(
    fc.record({
      bidder: fc.constantFrom(1, 2, 3),
      amount: fc.integer({ min: 1, max: 8 }),
      hidden: fc.boolean(),
      after: fc.boolean(),
    }),
    { maxLength: 45 },
  )
  .map((list) =>
    list.map((g, n): StoredBid => ({
      bidId: `b${n}`,
      adId: 'ad-1',
      bidderId: USERS[g.bidder]!,
      username: `user${g.bidder}`,
      bidAlias: `alias${g.bidder}`,
      amount: g.amount * 100_00,
      type: g.hidden ? 'Hidden' : 'Open',
      phase: g.after ? 'afterFinalCall' : 'beforeFinalCall',
      placedAt: at(n),
      position: `${100 + n}.${n}`,
    })),
  );

describe('a summary assembled from a few lookups', () => {
  it('equals the summary over every bid, for every viewer and page', () => {
    fc.assert(
      fc.property(
        bidsArbitrary,
        fc.constantFrom<BidViewer>(
          { userId: 'u-owner', isOwner: true },
          { userId: 'u-1', isOwner: false },
          { userId: 'u-9', isOwner: false },
          { isOwner: false },
        ),
        fc.integer({ min: 0, max: 4 }),
        (bids, viewer, page) => {
          const assembled = assembleSummary(partsFor(bids, viewer, page), viewer);
          const strip = ({ position: _p, ...bid }: { position: string }) => bid;
          expect({
            ...assembled,
            beoreFinalCallBids: assembled.beoreFinalCallBids.map(strip),
            afterFinalCallBids: assembled.afterFinalCallBids.map(strip),
          }).toEqual(bidSummaryFor(bids, viewer, { beforeFinalCall: page, afterFinalCall: page }));
        },
      ),
    );
  });
});

describe('the bidding state at an instant', () => {
  const ad = {
    adId: 'ad-1',
    ownerId: 'u-owner',
    finalCallMade: true,
    deadline: at(60),
    closedAt: null,
    closeReason: null,
  };

  it('is open until the deadline', () => {
    expect(biddingStateAt(ad, new Date(at(59)))).toEqual({
      bidOpen: true,
      finalCallMade: true,
      finalCallDateTime: at(60),
      closedAt: null,
      closeReason: null,
    });
  });

  it('is closed at the deadline, as the expiry timer will record it', () => {
    expect(biddingStateAt(ad, new Date(at(60)))).toMatchObject({
      bidOpen: false,
      closedAt: at(60),
      closeReason: 'finalCallExpired',
    });
  });

  it('keeps an early close as recorded', () => {
    const closed = { ...ad, closedAt: at(30), closeReason: 'closedEarlyByOwner' as const };
    expect(biddingStateAt(closed, new Date(at(90)))).toMatchObject({
      bidOpen: false,
      closedAt: at(30),
      closeReason: 'closedEarlyByOwner',
    });
  });
});
