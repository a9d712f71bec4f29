import { LIMITS } from '@boli/engine/shared/limits';
import { ApiError } from '../../../app/api/client.ts';
import type { ApiRequest } from '../../../app/session/useApi.ts';
import { bidBoardOf, type BidTab } from '../model/bidBoard.ts';
import { parseSummary, type BidSummaryView, type BidView } from './bidViews.ts';
import { isRecord } from '../../../lib/records.ts';

/* The calls of the bids api (contracts.md, "Bids"), through the session's `useApi().request`. */

/** The bids api numbers pages from 0 (api/src/routes/bid/schema.ts); the screen from 1. */
const FIRST_PAGE = 0;

function summaryOrFail(data: unknown): BidSummaryView {
  const summary = parseSummary(data);
  if (!summary) throw new ApiError(200, '');
  return summary;
}

type BidPageQuery = { itemId: string; tab: BidTab; page: number };

/** The call that reads one page of one tab, with the summary. `page` is 1-based. */
export function bidPageRequest({ itemId, tab, page }: BidPageQuery) {
  return {
    path: '/api/bid/bids/',
    query: {
      item_id: itemId,
      page: page - 1 + FIRST_PAGE,
      limit: LIMITS.bidPageSize,
      isAfterFinalCall: tab === 'afterFinalCall',
    },
  };
}

/**
 * The page of bids an ad's page at this address opens on (its tab and page in the address), to
 * ask for beside the ad rather than after it (`startEarly`): the bid area takes the answer.
 */
export const bidPageAhead = (itemId: string, search: URLSearchParams) =>
  bidPageRequest({ itemId, ...bidBoardOf(search) });

/** One page of one tab, with the summary: GET /api/bid/bids/. */
export async function fetchBidPage(
  request: ApiRequest,
  query: BidPageQuery,
  signal?: AbortSignal,
): Promise<{ summary: BidSummaryView; bids: BidView[] }> {
  const { path, query: params } = bidPageRequest(query);
  const data = await request<unknown>(path, { query: params, signal });
  const summary = summaryOrFail(data);
  const bids =
    query.tab === 'afterFinalCall' ? summary.afterFinalCallBids : summary.beoreFinalCallBids;
  return { summary, bids };
}

/** How many bids the ad has, before and after its final call (GET /api/bid/bids/). */
export async function fetchBidCount(
  request: ApiRequest,
  itemId: string,
  signal?: AbortSignal,
): Promise<number> {
  const { summary } = await fetchBidPage(
    request,
    { itemId, tab: 'beforeFinalCall', page: 1 },
    signal,
  );
  return summary.allBeforeBidsCount + summary.allAfterBidsCount;
}

export type PlaceBidBody = {
  postedBy: string;
  postedByUsername: string;
  bidAlias: string;
  bidamt: number;
  type: BidView['type'];
  item_id: string;
};

/** POST /api/bid/ → the summary; msg 'Bid Posted!'. The same key sent again places it once. */
export async function placeBid(
  request: ApiRequest,
  body: PlaceBidBody,
  idempotencyKey: string,
): Promise<BidSummaryView> {
  return summaryOrFail(await request<unknown>('/api/bid/', { json: body, idempotencyKey }));
}

/** POST /api/bid/finalCall → the summary; msg 'Done!'. */
export async function makeFinalCall(
  request: ApiRequest,
  itemId: string,
  finalCallDateTime: string,
): Promise<BidSummaryView> {
  return summaryOrFail(
    await request<unknown>('/api/bid/finalCall', { json: { item_id: itemId, finalCallDateTime } }),
  );
}

/** POST /api/bid/closeBid → the summary; msg 'Bid Closed!'. */
export async function closeBidding(request: ApiRequest, itemId: string): Promise<BidSummaryView> {
  return summaryOrFail(await request<unknown>('/api/bid/closeBid', { json: { item_id: itemId } }));
}

/**
 * The api no longer gives the ad to this viewer: withdrawn while the page was open (its owner
 * blocked). Not any 404: a new ad's bids may be a moment behind the ad itself.
 */
export const adGoneMeanwhile = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'AD_WITHDRAWN';

/** Where a refusal says to subscribe (403, data.subscribeAt), that path; else null. */
export function subscribeLink(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const at = isRecord(error.data) ? error.data.subscribeAt : undefined;
  return typeof at === 'string' && at.startsWith('/') ? at : null;
}
