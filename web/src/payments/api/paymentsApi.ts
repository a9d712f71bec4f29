import { ApiError, type Envelope } from '../../app/api/client.ts';
import type { ApiEnvelopeRequest, ApiRequest } from '../../app/session/useApi.ts';
import { parsePurchaseInfo, type CheckoutResponse, type PurchaseInfo } from './purchaseInfo.ts';
import { isRecord } from '../../lib/records.ts';

/*
 * The payment calls every paid thing shares (contracts-payments.md §3) and the bid processing
 * fee's own. Each takes the session's `useApi()` functions, so tokens and expiry are handled once.
 */

/** A success call's answer: where the purchase stands, and the server's msg ('Bid Posted!'). */
export type Confirmation = { info: PurchaseInfo; msg: string };

export function purchaseInfoOrFail(data: unknown): PurchaseInfo {
  const info = parsePurchaseInfo(data);
  if (!info) throw new ApiError(200, '');
  return info;
}

export function confirmationOf(envelope: Envelope<unknown>): Confirmation {
  return { info: purchaseInfoOrFail(envelope.data), msg: envelope.msg ?? '' };
}

export type PaymentConfig = { provider: string; keyId: string; checkoutScriptUrl: string };

/** GET /api/payments/config: which checkout script to load. */
export async function fetchPaymentConfig(request: ApiRequest): Promise<PaymentConfig> {
  const data = await request<unknown>('/api/payments/config');
  if (!isRecord(data) || typeof data.checkoutScriptUrl !== 'string') throw new ApiError(200, '');
  return {
    provider: String(data.provider ?? 'razorpay'),
    keyId: String(data.keyId ?? ''),
    checkoutScriptUrl: data.checkoutScriptUrl,
  };
}

/** GET /api/purchases/:id: where one of the member's purchases stands now. */
export async function fetchPurchase(
  envelope: ApiEnvelopeRequest,
  purchaseId: string,
): Promise<Confirmation> {
  return confirmationOf(
    await envelope<unknown>(`/api/purchases/${encodeURIComponent(purchaseId)}`),
  );
}

// ---------------------------------------------------------------------------------------------
// Bid processing fee (section 4: fetch purchase info for the amount, create the order, open
// checkout, send the success call, refresh)

/** The bid the fee is paid for: POST /api/bid/'s body, which POST /api/bidpay/add/ repeats. */
export type FeeBid = {
  postedBy: string;
  postedByUsername: string;
  bidAlias: string;
  bidamt: number;
  type: string;
  item_id: string;
};

/** GET /api/bidpay/purchaseInfo/?bidamt: the fee and its tax for a bid of that amount. */
export async function quoteBidFee(request: ApiRequest, bidamt: number): Promise<PurchaseInfo> {
  return purchaseInfoOrFail(
    await request<unknown>('/api/bidpay/purchaseInfo/', { query: { bidamt } }),
  );
}

/** POST /api/bidpay/add/: the purchase and its gateway order. */
export async function addBidFee(request: ApiRequest, bid: FeeBid): Promise<PurchaseInfo> {
  return purchaseInfoOrFail(await request<unknown>('/api/bidpay/add/', { json: bid }));
}

/** POST /api/bidpay/payment/success: msg 'Bid Posted!', or why the fee was refunded. */
export async function confirmBidFee(
  envelope: ApiEnvelopeRequest,
  purchaseId: string,
  response: CheckoutResponse,
): Promise<Confirmation> {
  return confirmationOf(
    await envelope<unknown>('/api/bidpay/payment/success', {
      json: { ...response, purchaseId },
    }),
  );
}
