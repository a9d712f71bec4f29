import type { ApiEnvelopeRequest, ApiRequest } from '../../../app/session/useApi.ts';
import {
  confirmationOf,
  purchaseInfoOrFail,
  type Confirmation,
} from '../../../payments/api/paymentsApi.ts';
import { type CheckoutResponse, type PurchaseInfo } from '../../../payments/api/purchaseInfo.ts';
import { isRecord } from '../../../lib/records.ts';

/* The share bid calls (section 7, /api/buyShare; docs/api/shares.md). Amounts are rupees. */

export type ShareBidType = 'Open' | 'Hidden';

export type ShareBid = {
  _id: string;
  company: string;
  /** null: another member's Hidden bid. */
  bidamt: number | null;
  type: ShareBidType;
  createdAt: string;
  isOwnBid: boolean;
};

export type ShareBidPage = { bids: ShareBid[]; page: number; totalPages: number };

/** The body of `add` and of the post-share-bid call. */
export type ShareBidBody = {
  user_id: string;
  username: string;
  company: string;
  bidamt: number;
  type: ShareBidType;
};

/** What the share screens need of the member (GET /api/user). */
export type ShareMember = { hasPaidToBuyShare: boolean; bidAlias: string };

export function parseShareBid(value: unknown): ShareBid | null {
  if (!isRecord(value) || typeof value._id !== 'string') return null;
  return {
    _id: value._id,
    company: String(value.company ?? ''),
    bidamt: typeof value.bidamt === 'number' ? value.bidamt : null,
    type: value.type === 'Hidden' ? 'Hidden' : 'Open',
    createdAt: String(value.createdAt ?? ''),
    isOwnBid: value.isOwnBid === true,
  };
}

/** The list answer `{ data: ShareBid[], page, totalPages }` (section 7: data.data). */
export function parseShareBidPage(data: unknown): ShareBidPage {
  const record = isRecord(data) ? data : {};
  const rows = Array.isArray(record.data) ? record.data : [];
  return {
    bids: rows.map(parseShareBid).filter((bid): bid is ShareBid => bid !== null),
    page: typeof record.page === 'number' ? record.page : 0,
    totalPages: typeof record.totalPages === 'number' ? record.totalPages : 0,
  };
}

/** GET /api/buyShare/bids: everyone's bids, or with `mine` the member's previous bids. */
export async function fetchShareBids(
  request: ApiRequest,
  { page, mine }: { page: number; mine: boolean },
  signal?: AbortSignal,
): Promise<ShareBidPage> {
  return parseShareBidPage(
    await request<unknown>('/api/buyShare/bids', { query: { page, mine }, signal }),
  );
}

/** GET /api/user: whether the buy-share bid fee is paid, and the alias to start the form with. */
export async function fetchShareMember(
  request: ApiRequest,
  signal?: AbortSignal,
): Promise<ShareMember> {
  const data = await request<unknown>('/api/user', { signal });
  const record = isRecord(data) ? data : {};
  return {
    hasPaidToBuyShare: record.hasPaidToBuyShare === true,
    bidAlias: typeof record.bidAlias === 'string' ? record.bidAlias : '',
  };
}

/**
 * POST /api/buyShare/: posts a bid directly (the fee is paid); msg 'Bid Posted!'. The same
 * Idempotency-Key again (a retry after a lost answer) posts it once.
 */
export async function postShareBid(
  request: ApiRequest,
  bid: ShareBidBody,
  idempotencyKey: string,
): Promise<void> {
  await request<unknown>('/api/buyShare/', { json: bid, idempotencyKey });
}

/**
 * GET /api/buyShare/purchaseInfo?bidamt&company&type: the fee and its tax, once the bid it would
 * post is judged (refused as it would be posted: a company name another bidder uses, say).
 */
export async function quoteShareFee(
  request: ApiRequest,
  bid?: Pick<ShareBidBody, 'bidamt' | 'company' | 'type'>,
): Promise<PurchaseInfo> {
  const query = bid ? { bidamt: bid.bidamt, company: bid.company, type: bid.type } : {};
  return purchaseInfoOrFail(await request<unknown>('/api/buyShare/purchaseInfo', { query }));
}

/** POST /api/buyShare/add: the fee's purchase and its gateway order, carrying the bid. */
export async function addShareFee(request: ApiRequest, bid: ShareBidBody): Promise<PurchaseInfo> {
  return purchaseInfoOrFail(await request<unknown>('/api/buyShare/add', { json: bid }));
}

/** POST /api/buyShare/payment/success: msg 'Bid Posted!' once the bid is posted. */
export async function confirmShareFee(
  envelope: ApiEnvelopeRequest,
  purchaseId: string,
  response: CheckoutResponse,
): Promise<Confirmation> {
  return confirmationOf(
    await envelope<unknown>('/api/buyShare/payment/success', {
      json: { ...response, purchaseId },
    }),
  );
}
