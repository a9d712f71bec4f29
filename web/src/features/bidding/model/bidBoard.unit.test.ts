import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LIMITS } from '@boli/engine/shared/limits';
import { aSummary } from '../api/bidViews.fixtures.ts';
import type { BidSummaryView, BidView } from '../api/bidViews.ts';
import {
  bidBoardOf,
  bidPageText,
  evolveBidBoard,
  initialBidBoard,
  mergeBidsIntoPage,
  pageCountOf,
  type BidBoard,
  type BidBoardEvent,
  withBidListParams,
} from './bidBoard.ts';

/** The api's positions are "commit.prepare"; these tests use whole commits. */
const at = (commit: number): string => `${commit}.0`;
const commitOf = (position: string | null): number => Number(position?.split('.')[0] ?? -1);

const bid = (position: number, over: Partial<BidView> = {}): BidView => ({
  _id: `bid-${position}`,
  bidAlias: 'KTRX',
  bidamt: 100 + position,
  type: 'Open',
  item_id: 'ad1',
  createdAt: new Date(Date.UTC(2024, 4, 1, 10, 0, position)).toISOString(),
  isAfterFinalCall: false,
  position: at(position),
  ...over,
});

const summary = (position: number, over: Partial<BidSummaryView> = {}): BidSummaryView =>
  aSummary({ position: at(position), ...over });

const run = (...events: BidBoardEvent[]): BidBoard =>
  events.reduce(evolveBidBoard, initialBidBoard);
const positions = (board: BidBoard) => board.bids.map((b) => commitOf(b.position));
const loaded = (position: number, bids: BidView[], over: Partial<BidSummaryView> = {}) =>
  ({
    type: 'pageLoaded',
    tab: 'beforeFinalCall',
    page: 1,
    summary: summary(position, { allBeforeBidsCount: bids.length, ...over }),
    bids,
  }) as const;

describe('a live bid', () => {
  it('is the news to say aloud, as is a final call, each told apart from the one before', () => {
    const first = run(loaded(10, []), {
      type: 'bidPlaced',
      bid: bid(11),
      summary: null,
      position: at(11),
    });
    expect(first.news).toEqual({ seq: 1, bid: bid(11) });
    const called = evolveBidBoard(first, {
      type: 'finalCallMade',
      finalCallDateTime: '2026-12-01T04:30:00.000Z',
      position: at(12),
    });
    expect(called.news).toEqual({ seq: 2, finalCallDateTime: '2026-12-01T04:30:00.000Z' });
    // A page loaded is not news.
    expect(evolveBidBoard(called, loaded(12, [])).news).toBe(called.news);
  });

  it('appears at the top of the first page of its tab, which keeps 10 bids', () => {
    const page = Array.from({ length: LIMITS.bidPageSize }, (_, i) => bid(10 - i));
    const board = run(loaded(10, page), {
      type: 'bidPlaced',
      bid: bid(11),
      summary: summary(11, { allBeforeBidsCount: 11 }),
      position: at(11),
    });
    expect(positions(board)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(board.summary?.allBeforeBidsCount).toBe(11);
    expect(board.position).toBe(at(11));
  });

  it('does not enter a later page or the other tab', () => {
    const later = run(
      { type: 'pageChosen', page: 2 },
      { ...loaded(20, [bid(3)]), page: 2 },
      { type: 'bidPlaced', bid: bid(21), summary: null, position: at(21) },
    );
    expect(positions(later)).toEqual([3]);
    const otherTab = run(loaded(20, [bid(3)]), {
      type: 'bidPlaced',
      bid: bid(21, { isAfterFinalCall: true }),
      summary: null,
      position: at(21),
    });
    expect(positions(otherTab)).toEqual([3]);
    expect(otherTab.position).toBe(at(21));
  });

  it('shown twice (socket and missed list) is listed once', () => {
    const board = run(
      loaded(5, [bid(5)]),
      { type: 'bidPlaced', bid: bid(6), summary: null, position: at(6) },
      { type: 'joined', summary: summary(6), missed: [bid(6)], position: at(6) },
    );
    expect(positions(board)).toEqual([6, 5]);
  });
});

describe('answers arriving out of order', () => {
  it('an older page answer keeps the live bids that came after it', () => {
    const board = run(
      {
        type: 'bidPlaced',
        bid: bid(8),
        summary: summary(8, { allBeforeBidsCount: 3 }),
        position: at(8),
      },
      loaded(7, [bid(7), bid(6)], { allBeforeBidsCount: 2 }),
    );
    expect(positions(board)).toEqual([8, 7, 6]);
    expect(board.summary?.allBeforeBidsCount).toBe(3);
    expect(board.position).toBe(at(8));
  });

  it('an answer for a page no longer shown is dropped', () => {
    const board = run({ type: 'tabChosen', tab: 'afterFinalCall' }, loaded(7, [bid(7)]));
    expect(board.bids).toEqual([]);
    expect(board.loading).toBe(true);
  });

  it('the last position seen never goes back (it is what a reconnect asks from)', () => {
    const board = run(
      { type: 'joined', summary: summary(9), missed: [], position: at(9) },
      loaded(4, []),
      { type: 'summaryAnswered', summary: summary(3) },
    );
    expect(board.position).toBe(at(9));
    expect(board.summary?.position).toBe(at(9));
  });
});

describe('the final call and the close, live', () => {
  it('mark the summary without a reload', () => {
    const deadline = '2024-05-01T10:00:05.000Z';
    const called = run(loaded(4, [bid(4)]), {
      type: 'finalCallMade',
      finalCallDateTime: deadline,
      position: at(5),
    });
    expect(called.summary).toMatchObject({ finalCallMade: true, finalCallDateTime: deadline });
    const closed = evolveBidBoard(called, {
      type: 'biddingClosed',
      closedAt: deadline,
      closeReason: 'finalCallExpired',
      position: at(6),
    });
    expect(closed.summary).toMatchObject({
      bidOpen: false,
      closedAt: deadline,
      closeReason: 'finalCallExpired',
    });
    expect(closed.position).toBe(at(6));
    // Said once as it closes, not again when the close is heard again (a reconnect).
    expect(closed.news).toEqual({ seq: 2, closeReason: 'finalCallExpired' });
    const heardAgain = evolveBidBoard(closed, {
      type: 'biddingClosed',
      closedAt: deadline,
      closeReason: 'finalCallExpired',
      position: at(6),
    });
    expect(heardAgain.news).toBe(closed.news);
  });

  it('heard only from a bid refused as closed, is not undone by a refresh asked for before', () => {
    const refused = run(loaded(4, [bid(4)]), {
      type: 'biddingClosed',
      closedAt: null,
      closeReason: null,
      position: null,
    });
    expect(refused.summary).toMatchObject({ bidOpen: false, closedAt: null });
    const staleRefresh = evolveBidBoard(refused, loaded(4, [bid(4)]));
    expect(staleRefresh.summary?.bidOpen).toBe(false);
    const closedAt = '2024-05-01T10:00:09.000Z';
    const refreshed = evolveBidBoard(
      staleRefresh,
      loaded(5, [bid(4)], { bidOpen: false, closedAt, closeReason: 'closedEarlyByOwner' }),
    );
    expect(refreshed.summary).toMatchObject({ closedAt, closeReason: 'closedEarlyByOwner' });
  });
});

describe('the tab shown', () => {
  const after = (position: number) => bid(position, { isAfterFinalCall: true });
  const inFinalCall = (position: number, afterBids: BidView[]) =>
    summary(position, {
      finalCallMade: true,
      allBeforeBidsCount: 2,
      allAfterBidsCount: afterBids.length,
      afterFinalCallBids: afterBids,
    });

  it('is the one after the final call once bids came after it, until the viewer picks one', () => {
    const board = run(loaded(6, [bid(2), bid(1)], inFinalCall(6, [after(6), after(5)])));
    expect(board.tab).toBe('afterFinalCall');
    expect(positions(board)).toEqual([6, 5]);
    expect(board.loading).toBe(false); // its first page came with the summary

    const picked = run(
      loaded(6, [bid(2), bid(1)], inFinalCall(6, [after(6)])),
      { type: 'tabChosen', tab: 'beforeFinalCall' },
      { ...loaded(7, [bid(2), bid(1)], inFinalCall(7, [after(7), after(6)])) },
    );
    expect(picked.tab).toBe('beforeFinalCall');
    expect(positions(picked)).toEqual([2, 1]);
  });

  it('stays where the viewer is paging', () => {
    const board = run(
      { type: 'pageChosen', page: 2 },
      { ...loaded(7, [bid(1)], inFinalCall(7, [after(7)])), page: 2 },
    );
    expect(board.tab).toBe('beforeFinalCall');
    expect(positions(board)).toEqual([1]);
  });

  it('stays before the final call while no bid came after it', () => {
    const board = run(loaded(3, [bid(2), bid(1)], inFinalCall(3, [])));
    expect(board.tab).toBe('beforeFinalCall');
    expect(positions(board)).toEqual([2, 1]);
  });

  it('moves to the bids after the final call when the first of them arrives live', () => {
    const board = run(loaded(3, [bid(2), bid(1)], inFinalCall(3, [])), {
      type: 'bidPlaced',
      bid: after(4),
      summary: inFinalCall(4, [after(4)]),
      position: at(4),
    });
    expect(board.tab).toBe('afterFinalCall');
    expect(positions(board)).toEqual([4]);
  });
});

describe('a bid the viewer just posted', () => {
  it('shows from the POST answer’s summary even when no socket message came', () => {
    const board = run(loaded(4, [bid(4)]), {
      type: 'summaryAnswered',
      summary: summary(5, { beoreFinalCallBids: [bid(5), bid(4)], allBeforeBidsCount: 2 }),
    });
    expect(positions(board)).toEqual([5, 4]);
  });

  it('after the final call shows in that tab', () => {
    const mine = bid(5, { isAfterFinalCall: true });
    const board = run(loaded(4, [bid(4)], { finalCallMade: true }), {
      type: 'summaryAnswered',
      summary: summary(5, {
        finalCallMade: true,
        allBeforeBidsCount: 1,
        allAfterBidsCount: 1,
        beoreFinalCallBids: [bid(4)],
        afterFinalCallBids: [mine],
      }),
    });
    expect(board.tab).toBe('afterFinalCall');
    expect(positions(board)).toEqual([5]);
  });
});

describe('pages', () => {
  it('are counted per tab, 10 bids each', () => {
    const s = summary(1, { allBeforeBidsCount: 21, allAfterBidsCount: 10 });
    expect(pageCountOf(s, 'beforeFinalCall')).toBe(3);
    expect(pageCountOf(s, 'afterFinalCall')).toBe(1);
    expect(pageCountOf(null, 'afterFinalCall')).toBe(0);
  });
});

describe('merging live bids into the first page', () => {
  const bids = fc
    .uniqueArray(fc.integer({ min: 0, max: 200 }), { maxLength: 30 })
    .map((ps) => ps.map((p) => bid(p)));

  it('equals the newest 10 of all bids seen, whatever order they arrive in', () => {
    fc.assert(
      fc.property(bids, bids, (seen, incoming) => {
        // The shown page is as the server lists it: newest first, at most a page.
        const shown = [...seen]
          .sort((a, b) => commitOf(b.position) - commitOf(a.position))
          .slice(0, LIMITS.bidPageSize);
        const page = mergeBidsIntoPage(shown, incoming, { tab: 'beforeFinalCall', page: 1 });
        const all = new Set([...shown, ...incoming].map((b) => commitOf(b.position)));
        const expected = [...all].sort((a, b) => b - a).slice(0, LIMITS.bidPageSize);
        expect(page.map((b) => commitOf(b.position))).toEqual(expected);
      }),
    );
  });
});

describe('paging the bids', () => {
  it('says the page of how many, and of which tab; nothing with a single page', () => {
    expect(bidPageText('afterFinalCall', 2, 3)).toBe('Bids after the final call: page 2 of 3.');
    expect(bidPageText('beforeFinalCall', 5, 3)).toBe('Bids before the final call: page 3 of 3.');
    expect(bidPageText('beforeFinalCall', 1, 1)).toBe('');
  });
});

describe('the tab and page in the address', () => {
  const opened = (query: string) => bidBoardOf(new URLSearchParams(query));

  it('opens on the tab and page a link names, as picked', () => {
    expect(opened('bids=before&bidsPage=3')).toMatchObject({
      tab: 'beforeFinalCall',
      page: 3,
      tabPicked: true,
    });
    expect(opened('bids=after')).toMatchObject({ tab: 'afterFinalCall', page: 1, tabPicked: true });
  });

  it('opens as ever on a link without one, or with one it cannot read', () => {
    expect(opened('')).toEqual(initialBidBoard);
    expect(opened('bids=sideways&bidsPage=2')).toEqual(initialBidBoard);
    expect(opened('bids=after&bidsPage=-4')).toMatchObject({ page: 1 });
    expect(opened('bids=after&bidsPage=2.5')).toMatchObject({ page: 1 });
  });

  it('writes what was picked, and leaves the address’s other parameters alone', () => {
    const picked = { ...initialBidBoard, tab: 'afterFinalCall' as const, tabPicked: true, page: 2 };
    expect(withBidListParams(new URLSearchParams('ref=share'), picked).toString()).toBe(
      'ref=share&bids=after&bidsPage=2',
    );
    expect(
      withBidListParams(new URLSearchParams('bids=after&bidsPage=2'), {
        ...picked,
        tab: 'beforeFinalCall',
        page: 1,
      }).toString(),
    ).toBe('bids=before');
    // Not picked (following the newest bids): nothing in the address.
    expect(withBidListParams(new URLSearchParams('bids=after'), initialBidBoard).toString()).toBe(
      '',
    );
  });

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('beforeFinalCall' as const, 'afterFinalCall' as const),
        fc.integer({ min: 1, max: 500 }),
        (tab, page) => {
          const board = { ...initialBidBoard, tab, page, tabPicked: true };
          expect(bidBoardOf(withBidListParams(new URLSearchParams(), board))).toMatchObject({
            tab,
            page,
            tabPicked: true,
          });
        },
      ),
    );
  });
});
