import { bidPagesOf, LIMITS } from '@boli/engine/shared/limits';
import type { CloseReason } from '@boli/engine/ads/ad.events';
import type { BidSummaryView, BidView } from '../api/bidViews.ts';
import type { LiveNews } from './liveNews.ts';
import { comparePositions, laterPosition, type Position } from './position.ts';

/*
 * What the bid area shows, and how answers and live messages change it. Every answer and message
 * carries the ad's event `position` it reflects, so an older answer never overwrites a newer one,
 * and a reconnecting socket asks only for the bids after the last position seen.
 *
 * The list shows one page (LIMITS.bidPageSize bids, newest first) of one tab. A live bid is put
 * into the first page of its tab; other pages catch up on the next refresh (section 4: every
 * 10 s), since a new bid shifts every later page by one.
 */

export type BidTab = 'beforeFinalCall' | 'afterFinalCall';

export type BidBoard = {
  summary: BidSummaryView | null;
  /** The last event position seen; null before anything arrived. */
  position: Position | null;
  tab: BidTab;
  /** The viewer picked the tab or a page; until then it follows the newest bids (followNewestBids). */
  tabPicked: boolean;
  /** 1-based. */
  page: number;
  bids: BidView[];
  /** The shown page has been asked for and not answered yet. */
  loading: boolean;
  /** Viewers on this ad, as the socket last said. */
  online: number | null;
  /** The last bid or final call that came live, to be said aloud (liveNews.ts). */
  news: LiveNews | null;
};

export type BidBoardEvent =
  | { type: 'tabChosen'; tab: BidTab }
  | { type: 'pageChosen'; page: number }
  /** An answer of GET /api/bid/bids/ for one page of one tab. */
  | { type: 'pageLoaded'; tab: BidTab; page: number; summary: BidSummaryView; bids: BidView[] }
  /** An answer of one of the owner's or bidder's own calls (POST bid, final call, close). */
  | { type: 'summaryAnswered'; summary: BidSummaryView }
  /** getBidResponse: the state on joining, and the bids missed since the last position. */
  | { type: 'joined'; summary: BidSummaryView; missed: BidView[]; position: Position | null }
  | { type: 'bidPlaced'; bid: BidView; summary: BidSummaryView | null; position: Position | null }
  | { type: 'finalCallMade'; finalCallDateTime: string; position: Position | null }
  /** Live, or a bid refused as closed (no position, no time: the summary asked for next has them). */
  | {
      type: 'biddingClosed';
      closedAt: string | null;
      closeReason: CloseReason | null;
      position: Position | null;
    }
  | { type: 'online'; count: number };

export const initialBidBoard: BidBoard = {
  summary: null,
  position: null,
  tab: 'beforeFinalCall',
  tabPicked: false,
  page: 1,
  bids: [],
  loading: true,
  online: null,
  news: null,
};

/** The tab and page in the ad page's address: `?bids=before&bidsPage=3`. */
const TAB_PARAM = 'bids';
const PAGE_PARAM = 'bidsPage';
const TAB_IN_ADDRESS: Record<BidTab, string> = {
  beforeFinalCall: 'before',
  afterFinalCall: 'after',
};

/**
 * The board a page opens with: the tab and page its address names (a reload, a link sent on),
 * as if picked; else the first page, following the newest bids.
 */
export function bidBoardOf(params: URLSearchParams): BidBoard {
  const tab = (Object.keys(TAB_IN_ADDRESS) as BidTab[]).find(
    (each) => TAB_IN_ADDRESS[each] === params.get(TAB_PARAM),
  );
  if (tab === undefined) return initialBidBoard;
  const page = Number(params.get(PAGE_PARAM) ?? 1);
  return {
    ...initialBidBoard,
    tab,
    tabPicked: true,
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
  };
}

/**
 * `params` with the board's tab and page, once the viewer picked them (the first page without a
 * page); the other parameters as they are.
 */
export function withBidListParams(params: URLSearchParams, board: BidBoard): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(TAB_PARAM);
  next.delete(PAGE_PARAM);
  if (!board.tabPicked) return next;
  next.set(TAB_PARAM, TAB_IN_ADDRESS[board.tab]);
  if (board.page > 1) next.set(PAGE_PARAM, String(board.page));
  return next;
}

export const tabOf = (bid: Pick<BidView, 'isAfterFinalCall'>): BidTab =>
  bid.isAfterFinalCall ? 'afterFinalCall' : 'beforeFinalCall';

/** Newest first: by position, then by time placed (for bids whose position is unknown). */
const newestFirst = (a: BidView, b: BidView): number =>
  comparePositions(b.position, a.position) || Date.parse(b.createdAt) - Date.parse(a.createdAt);

/**
 * A page with incoming bids merged in: only the first page of a tab takes new bids (of that tab),
 * a bid already shown is replaced by its newer copy, and the page keeps its size.
 */
export function mergeBidsIntoPage(
  shown: readonly BidView[],
  incoming: readonly BidView[],
  where: { tab: BidTab; page: number },
  pageSize: number = LIMITS.bidPageSize,
): BidView[] {
  const fresh = incoming.filter((bid) => tabOf(bid) === where.tab);
  if (where.page !== 1 || fresh.length === 0) return [...shown];
  const byId = new Map<string, BidView>();
  for (const bid of [...shown, ...fresh]) byId.set(bid._id, bid);
  return [...byId.values()].sort(newestFirst).slice(0, pageSize);
}

/**
 * What paging says aloud, so a screen reader's user hears which bids are now listed: the page of
 * how many, and of which tab. Empty with a single page (nothing to page through).
 */
export function bidPageText(tab: BidTab, page: number, pageCount: number): string {
  if (pageCount <= 1) return '';
  const which = tab === 'beforeFinalCall' ? 'before' : 'after';
  return `Bids ${which} the final call: page ${Math.min(page, pageCount)} of ${pageCount}.`;
}

/** Pages of a tab, from its bid count. */
export function pageCountOf(summary: BidSummaryView | null, tab: BidTab): number {
  if (!summary) return 0;
  return bidPagesOf(
    tab === 'beforeFinalCall' ? summary.allBeforeBidsCount : summary.allAfterBidsCount,
  );
}

const saysClosed = (summary: BidSummaryView): boolean =>
  !summary.bidOpen || summary.closedAt !== null;

/**
 * The newer of two summaries (by position; on a tie, the one that arrived last). Bidding never
 * opens again, so a summary still open never replaces one that says closed: the page can know of
 * the close before any answer carries it (a bid refused as closed), and a refresh asked for
 * before then must not bring the bid form back.
 */
const newerSummary = (current: BidSummaryView | null, next: BidSummaryView): BidSummaryView => {
  if (!current) return next;
  if (saysClosed(current) && !saysClosed(next)) return current;
  return comparePositions(current.position, next.position) > 0 ? current : next;
};

/**
 * Until the viewer picks a tab, the list shows the one the newest bids are in: once any bid came
 * after the final call, that one. So a member who bids after the final call sees their bid
 * listed, and everyone opening an ad in its final call sees the bids that now count. The first
 * page of the tab comes with the summary, so it is shown as loaded: BidArea does not ask for it
 * again before the next refresh.
 */
function followNewestBids(board: BidBoard): BidBoard {
  const { summary } = board;
  if (board.tabPicked || board.tab === 'afterFinalCall' || !summary) return board;
  if (summary.allAfterBidsCount === 0) return board;
  const where = { tab: 'afterFinalCall', page: 1 } as const;
  return {
    ...board,
    ...where,
    bids: mergeBidsIntoPage(summary.afterFinalCallBids, board.bids, where),
    loading: false,
  };
}

export function evolveBidBoard(board: BidBoard, event: BidBoardEvent): BidBoard {
  return followNewestBids(evolveOnce(board, event));
}

function evolveOnce(board: BidBoard, event: BidBoardEvent): BidBoard {
  switch (event.type) {
    case 'tabChosen':
      return event.tab === board.tab
        ? { ...board, tabPicked: true }
        : { ...board, tab: event.tab, tabPicked: true, page: 1, bids: [], loading: true };
    case 'pageChosen': // paging through a tab is staying on it
      return event.page === board.page
        ? board
        : { ...board, tabPicked: true, page: event.page, bids: [], loading: true };
    case 'pageLoaded': {
      if (event.tab !== board.tab || event.page !== board.page) return board; // a stale answer
      // Live bids newer than this answer stay on the page.
      const newer = board.bids.filter(
        (bid) => comparePositions(bid.position, event.summary.position) > 0,
      );
      return {
        ...board,
        summary: newerSummary(board.summary, event.summary),
        position: laterPosition(board.position, event.summary.position),
        bids: mergeBidsIntoPage(event.bids, newer, board),
        loading: false,
      };
    }
    case 'summaryAnswered':
      // Its lists hold the first page of each tab: a bid just posted shows even without the socket.
      return {
        ...board,
        summary: newerSummary(board.summary, event.summary),
        position: laterPosition(board.position, event.summary.position),
        bids: mergeBidsIntoPage(
          board.bids,
          [...event.summary.beoreFinalCallBids, ...event.summary.afterFinalCallBids],
          board,
        ),
      };
    case 'joined':
      return {
        ...board,
        summary: newerSummary(board.summary, event.summary),
        position: laterPosition(
          laterPosition(board.position, event.position),
          event.summary.position,
        ),
        bids: mergeBidsIntoPage(board.bids, event.missed, board),
      };
    case 'bidPlaced':
      return {
        ...board,
        news: { seq: (board.news?.seq ?? 0) + 1, bid: event.bid },
        summary: event.summary ? newerSummary(board.summary, event.summary) : board.summary,
        position: laterPosition(board.position, event.position),
        bids: mergeBidsIntoPage(board.bids, [event.bid], board),
      };
    case 'finalCallMade':
      if (!board.summary) return board; // the summary that follows will carry it
      return {
        ...board,
        summary: {
          ...board.summary,
          finalCallMade: true,
          finalCallDateTime: event.finalCallDateTime,
        },
        news: { seq: (board.news?.seq ?? 0) + 1, finalCallDateTime: event.finalCallDateTime },
        position: laterPosition(board.position, event.position),
      };
    case 'biddingClosed':
      if (!board.summary) return board;
      return {
        ...board,
        // Said once, as it closes: a close heard again (a reconnect) is no news.
        news: board.summary.bidOpen
          ? { seq: (board.news?.seq ?? 0) + 1, closeReason: event.closeReason ?? null }
          : board.news,
        summary: {
          ...board.summary,
          bidOpen: false,
          closedAt: event.closedAt ?? board.summary.closedAt,
          closeReason: event.closeReason ?? board.summary.closeReason,
        },
        position: laterPosition(board.position, event.position),
      };
    case 'online':
      return { ...board, online: event.count };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
