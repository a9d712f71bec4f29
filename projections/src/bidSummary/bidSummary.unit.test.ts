import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@boli/engine/shared/limits';
import {
  bidSummaryFor,
  publicBidView,
  type BidRecord,
  type BidResult,
  type BidSummary,
  type BidViewer,
  type HighestBid,
  type PublicBid,
} from './bidSummary.ts';

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const at = (minutes: number): string => new Date(T0 + minutes * 60_000).toISOString();

const OWNER: BidViewer = { userId: 'u-owner', isOwner: true };
const STRANGER: BidViewer = { userId: 'u-stranger', isOwner: false };
const GUEST: BidViewer = { isOwner: false };
const BIDDERS = ['u-1', 'u-2', 'u-3', 'u-4'] as const;

const bid = (over: Partial<BidRecord> & Pick<BidRecord, 'bidId'>): BidRecord => ({
  adId: 'ad-1',
  bidderId: 'u-1',
  username: 'meena_s',
  bidAlias: 'bluekite',
  amount: 10_000_00,
  type: 'Open',
  phase: 'beforeFinalCall',
  placedAt: at(0),
  profilepic: 'meena.png',
  phone: '9876543210',
  ...over,
});

describe('a bid as each viewer sees it (lists and live messages)', () => {
  const hidden = bid({ bidId: 'b1', type: 'Hidden', amount: 15_000_000 });

  it('shows the owner everything', () => {
    expect(publicBidView(hidden, OWNER)).toEqual({
      bidId: 'b1',
      item_id: 'ad-1',
      postedBy: 'u-1',
      postedByUsername: 'meena_s',
      bidAlias: 'bluekite',
      bidamt: 15_000_000,
      type: 'Hidden',
      phase: 'beforeFinalCall',
      createdAt: at(0),
      profilepic: 'meena.png',
      phone: '9876543210',
      isOwnBid: false,
    });
  });

  it('shows the bidder their own hidden amount', () => {
    expect(publicBidView(hidden, { userId: 'u-1', isOwner: false })).toMatchObject({
      bidamt: 15_000_000,
      postedByUsername: 'meena_s',
      isOwnBid: true,
    });
  });

  it('shows others the alias and type only, and an Open amount', () => {
    for (const viewer of [STRANGER, GUEST, { userId: 'u-2', isOwner: false }]) {
      expect(publicBidView(hidden, viewer)).toMatchObject({
        postedBy: null,
        postedByUsername: null,
        profilepic: null,
        phone: null,
        bidAlias: 'bluekite',
        bidamt: null,
        type: 'Hidden',
      });
      expect(publicBidView({ ...hidden, type: 'Open' }, viewer).bidamt).toBe(15_000_000);
    }
  });
});

describe('the bid summary, by example', () => {
  const bids = [
    bid({ bidId: 'b1', amount: 12_000_000, placedAt: at(1) }),
    bid({
      bidId: 'b2',
      bidderId: 'u-2',
      username: 'arjun_p',
      bidAlias: 'tiger',
      amount: 20_000_000,
      type: 'Hidden',
      placedAt: at(2),
    }),
    bid({
      bidId: 'b3',
      bidderId: 'u-2',
      username: 'arjun_p',
      bidAlias: 'tiger',
      amount: 13_000_000,
      placedAt: at(3),
      phase: 'afterFinalCall',
    }),
  ];

  it('gives the owner the true highest, with the bidder', () => {
    const summary = bidSummaryFor(bids, OWNER);
    expect(summary).toMatchObject({
      overallHighestBidAmount: 20_000_000,
      overallHighestBidUsername: 'arjun_p',
      overallHighestBidUserId: 'u-2',
      highestHiddenBidBeforeFinalCall: { amount: 20_000_000, username: 'arjun_p', userId: 'u-2' },
      highestOpenBidBeforeFinalCall: { amount: 12_000_000, username: 'meena_s' },
      highestOpenBidAfterFinalCall: { amount: 13_000_000 },
      highestHiddenBidAfterFinalCall: null,
      highestFieldsScope: 'all',
      noOfBuyers: 2,
      allBeforeBidsCount: 2,
      allAfterBidsCount: 1,
      loginUserBeforeBidsCount: 0,
      pageCount: 1,
    });
    expect(summary.beoreFinalCallBids.map((b) => b.bidId)).toEqual(['b2', 'b1']);
  });

  it('gives a stranger the highest of what they may see, by alias, and no hidden amount', () => {
    const summary = bidSummaryFor(bids, STRANGER);
    expect(summary).toMatchObject({
      overallHighestBidAmount: 13_000_000,
      overallHighestBidUsername: null,
      overallHighestBidUserId: null,
      overallHighestBidAlias: 'tiger',
      highestHiddenBidBeforeFinalCall: null,
      highestFieldsScope: 'visibleToViewer',
    });
    expect(JSON.stringify(summary)).not.toContain('20000000');
  });

  it('counts the bidder’s own bids and pages the lists', () => {
    const many = Array.from({ length: LIMITS.bidPageSize + 3 }, (_, i) =>
      bid({ bidId: `m${i}`, amount: 1_000_000 + i, placedAt: at(i) }),
    );
    const summary = bidSummaryFor(many, { userId: 'u-1', isOwner: false }, { beforeFinalCall: 1 });
    expect(summary.loginUserBeforeBidsCount).toBe(LIMITS.bidPageSize + 3);
    expect(summary.pageCount).toBe(2);
    expect(summary.beoreFinalCallBids.map((b) => b.bidId)).toEqual(['m2', 'm1', 'm0']);
  });

  it('is empty for an ad without bids', () => {
    expect(bidSummaryFor([], GUEST)).toMatchObject({
      overallHighestBidAmount: null,
      noOfBuyers: 0,
      pageCount: 0,
      beoreFinalCallBids: [],
      afterFinalCallBids: [],
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Brute force: the same summary, computed the plain way, for comparison.

const canSeeAmount = (b: BidRecord, v: BidViewer): boolean =>
  v.isOwner || b.type === 'Open' || (v.userId !== undefined && b.bidderId === v.userId);
const canSeeBidder = (b: BidRecord, v: BidViewer): boolean =>
  v.isOwner || (v.userId !== undefined && b.bidderId === v.userId);

const bruteHighest = (
  bids: readonly BidRecord[],
  viewer: BidViewer,
  keep: (b: BidRecord) => boolean,
): HighestBid | null => {
  const ranked = bids
    .map((b, i) => ({ b, i }))
    .filter(({ b }) => keep(b) && canSeeAmount(b, viewer));
  ranked.sort(
    (x, y) =>
      y.b.amount - x.b.amount || Date.parse(x.b.placedAt) - Date.parse(y.b.placedAt) || x.i - y.i,
  );
  const top = ranked[0];
  if (top === undefined) return null;
  const seen = canSeeBidder(top.b, viewer);
  return {
    amount: top.b.amount,
    username: seen ? top.b.username : null,
    userId: seen ? top.b.bidderId : null,
    bidAlias: top.b.bidAlias,
  };
};

const bruteList = (
  bids: readonly BidRecord[],
  viewer: BidViewer,
  phase: BidRecord['phase'],
  page: number,
): PublicBid[] => {
  const inPhase = bids.map((b, i) => ({ b, i })).filter(({ b }) => b.phase === phase);
  inPhase.sort((x, y) => Date.parse(x.b.placedAt) - Date.parse(y.b.placedAt) || x.i - y.i);
  inPhase.reverse();
  const out: PublicBid[] = [];
  for (let k = page * LIMITS.bidPageSize; k < (page + 1) * LIMITS.bidPageSize; k += 1) {
    const entry = inPhase[k];
    if (entry === undefined) break;
    const { b } = entry;
    const seen = canSeeBidder(b, viewer);
    out.push({
      bidId: b.bidId,
      item_id: b.adId,
      postedBy: seen ? b.bidderId : null,
      postedByUsername: seen ? b.username : null,
      bidAlias: b.bidAlias,
      bidamt: canSeeAmount(b, viewer) ? b.amount : null,
      type: b.type,
      phase: b.phase,
      createdAt: b.placedAt,
      profilepic: seen ? (b.profilepic ?? null) : null,
      phone: seen ? (b.phone ?? null) : null,
      isOwnBid: viewer.userId !== undefined && b.bidderId === viewer.userId,
    });
  }
  return out;
};

const bruteSummary = (
  bids: readonly BidRecord[],
  viewer: BidViewer,
  pages: { beforeFinalCall: number; afterFinalCall: number },
): BidSummary => {
  const count = (pred: (b: BidRecord) => boolean) => bids.filter(pred).length;
  const mine = (b: BidRecord) => viewer.userId !== undefined && b.bidderId === viewer.userId;
  const before = count((b) => b.phase === 'beforeFinalCall');
  const after = count((b) => b.phase === 'afterFinalCall');
  const buyers: string[] = [];
  for (const b of bids) if (!buyers.includes(b.bidderId)) buyers.push(b.bidderId);
  const overall = bruteHighest(bids, viewer, () => true);
  const pageCounts = {
    beforeFinalCall: Math.ceil(before / LIMITS.bidPageSize),
    afterFinalCall: Math.ceil(after / LIMITS.bidPageSize),
  };
  return {
    overallHighestBidAmount: overall === null ? null : overall.amount,
    overallHighestBidUsername: overall === null ? null : overall.username,
    overallHighestBidUserId: overall === null ? null : overall.userId,
    overallHighestBidAlias: overall === null ? null : overall.bidAlias,
    highestOpenBidBeforeFinalCall: bruteHighest(
      bids,
      viewer,
      (b) => b.phase === 'beforeFinalCall' && b.type === 'Open',
    ),
    highestHiddenBidBeforeFinalCall: bruteHighest(
      bids,
      viewer,
      (b) => b.phase === 'beforeFinalCall' && b.type === 'Hidden',
    ),
    highestOpenBidAfterFinalCall: bruteHighest(
      bids,
      viewer,
      (b) => b.phase === 'afterFinalCall' && b.type === 'Open',
    ),
    highestHiddenBidAfterFinalCall: bruteHighest(
      bids,
      viewer,
      (b) => b.phase === 'afterFinalCall' && b.type === 'Hidden',
    ),
    highestFieldsScope: viewer.isOwner ? 'all' : 'visibleToViewer',
    noOfBuyers: buyers.length,
    allBeforeBidsCount: before,
    allAfterBidsCount: after,
    loginUserBeforeBidsCount: count((b) => mine(b) && b.phase === 'beforeFinalCall'),
    loginUserAfterBidsCount: count((b) => mine(b) && b.phase === 'afterFinalCall'),
    // The first own bid's alias: a bidder's later bids keep it (aliasChangedFrom).
    loginUserBidAlias: bids.filter(mine)[0]?.bidAlias ?? null,
    pageCount: Math.max(pageCounts.beforeFinalCall, pageCounts.afterFinalCall),
    pageCounts,
    beoreFinalCallBids: bruteList(bids, viewer, 'beforeFinalCall', pages.beforeFinalCall),
    afterFinalCallBids: bruteList(bids, viewer, 'afterFinalCall', pages.afterFinalCall),
    bidResult: bruteResult(bids, viewer),
  };
};

/** The viewer's result: the bid of the largest amount wins, the earliest of equal ones. */
const bruteResult = (bids: readonly BidRecord[], viewer: BidViewer): BidResult | null => {
  if (viewer.isOwner || !bids.some((b) => b.bidderId === viewer.userId)) return null;
  const top = Math.max(...bids.map((b) => b.amount));
  const first = bids
    .filter((b) => b.amount === top)
    .sort((a, b) => Date.parse(a.placedAt) - Date.parse(b.placedAt))[0]!;
  return first.bidderId === viewer.userId ? 'highest' : 'notHighest';
};

/*
 * Amounts are distinct and at least 8 digits long, so an amount found in the serialised output
 * can only be that bid's amount (no count, page number or timestamp has an 8-digit run).
 */
const bidsArbitrary: fc.Arbitrary<BidRecord[]> = fc
  .uniqueArray(fc.integer({ min: 10_000_000, max: 99_999_999 }), { maxLength: 35 })
  .chain((amounts) =>
    fc.tuple(
      ...amounts.map((amount, i) =>
        fc
          .record({
            bidder: fc.integer({ min: 0, max: BIDDERS.length - 1 }),
            type: fc.constantFrom('Open' as const, 'Hidden' as const),
            phase: fc.constantFrom('beforeFinalCall' as const, 'afterFinalCall' as const),
            minute: fc.integer({ min: 0, max: 8 }), // few instants: ties in time are common
            profilepic: fc.option(fc.constant('pic.png'), { nil: undefined }),
          })
          .map(({ bidder, type, phase, minute, profilepic }): BidRecord => ({
            bidId: `b${i}`,
            adId: 'ad-1',
            bidderId: BIDDERS[bidder] ?? 'u-1',
            username: `user${bidder}`,
            bidAlias: `alias${bidder}`,
            amount,
            type,
            phase,
            placedAt: at(minute),
            phone: `98765${bidder}0000`,
            ...(profilepic === undefined ? {} : { profilepic }),
          })),
      ),
    ),
  );

const everyViewer: BidViewer[] = [
  OWNER,
  ...BIDDERS.map((userId) => ({ userId, isOwner: false })),
  STRANGER,
  GUEST,
];

describe('the bid summary, by property', () => {
  it('equals a brute-force recomputation, for every viewer and page', () => {
    fc.assert(
      fc.property(
        bidsArbitrary,
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        (bids, beforeFinalCall, afterFinalCall) => {
          const pages = { beforeFinalCall, afterFinalCall };
          for (const viewer of everyViewer) {
            expect(bidSummaryFor(bids, viewer, pages)).toEqual(bruteSummary(bids, viewer, pages));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never shows a non-owner another member’s hidden amount, anywhere', () => {
    fc.assert(
      fc.property(bidsArbitrary, fc.integer({ min: 0, max: 3 }), (bids, page) => {
        for (const viewer of everyViewer.filter((v) => !v.isOwner)) {
          const output = JSON.stringify([
            bidSummaryFor(bids, viewer, { beforeFinalCall: page, afterFinalCall: page }),
            bids.map((b) => publicBidView(b, viewer)),
          ]);
          for (const b of bids) {
            const secret = b.type === 'Hidden' && b.bidderId !== viewer.userId;
            const shown = new RegExp(`(?<!\\d)${b.amount}(?!\\d)`).test(output);
            if (secret) expect(shown, `${b.bidId} leaked to ${viewer.userId}`).toBe(false);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('shows the owner every amount (the search above can find what is there)', () => {
    fc.assert(
      fc.property(bidsArbitrary, (bids) => {
        const output = JSON.stringify(bids.map((b) => publicBidView(b, OWNER)));
        for (const b of bids) expect(output).toContain(String(b.amount));
      }),
    );
  });
});
