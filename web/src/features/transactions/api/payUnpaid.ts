import type { PurchaseKind } from '@boli/engine/billing/products';
import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';
import { ApiError } from '../../../app/api/client.ts';
import type { ApiEnvelopeRequest } from '../../../app/session/useApi.ts';
import { confirmSpace } from '../../adspace/api/adspaceApi.ts';
import {
  confirmationOf,
  confirmBidFee,
  fetchPurchase,
  type Confirmation,
} from '../../../payments/api/paymentsApi.ts';
import {
  moneyMoved,
  type CheckoutResponse,
  type PurchaseInfo,
} from '../../../payments/api/purchaseInfo.ts';
import { confirmShareFee } from '../../shares/api/sharesApi.ts';
import { payCart } from '../../subscription/api/subscriptionApi.ts';
import type { Transaction } from './transactionsApi.ts';

/*
 * Pay now, from /transactions: a purchase started elsewhere whose checkout was closed unpaid is
 * paid on its own gateway order, then confirmed with its kind's own success call.
 */

type Confirm = (
  envelope: ApiEnvelopeRequest,
  purchaseId: string,
  response: CheckoutResponse,
) => Promise<Confirmation>;

/** Each kind of purchase's success call, as the screen that started it sends it. */
const CONFIRM_BY_KIND: Record<PurchaseKind, Confirm> = {
  subscription: payCart,
  bidFee: confirmBidFee,
  shareFee: confirmShareFee,
  adSpace: confirmSpace,
  // A won slot is paid on /api/space/payment/success too: its advtId is the purchase's id.
  adSlot: confirmSpace,
};

/**
 * GET /api/purchases/:id/payable: the purchase with its open order, once the server has judged
 * that what it buys can still be delivered; else its refusal (the order over: expired; 'Bidding
 * Closed' for a fee's bid; the plan owned already; an ad space bought since), which asking again
 * would not change. An
 * order over because it was paid (or refunded) since the list was shown is no refusal: the
 * purchase as it stands is the answer, and the payment is over as it is.
 */
export async function payablePurchase(
  envelope: ApiEnvelopeRequest,
  id: string,
): Promise<PurchaseInfo> {
  const path = `/api/purchases/${encodeURIComponent(id)}`;
  let answer: Awaited<ReturnType<typeof envelope<unknown>>>;
  try {
    answer = await envelope<unknown>(`${path}/payable`);
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'PURCHASE_NOT_PAYABLE') throw error;
    const { info } = await fetchPurchase(envelope, id);
    if (moneyMoved(info.status)) return info;
    throw error;
  }
  const info = confirmationOf(answer).info;
  if (!info.checkout) throw new ApiError(409, info.message ?? BILLING_MESSAGES.purchaseExpired);
  return info;
}

/** The success call of a purchase of `kind`, as the screen that started it sends it. */
export function confirmUnpaid(
  envelope: ApiEnvelopeRequest,
  kind: string,
  purchaseId: string,
  response: CheckoutResponse,
): Promise<Confirmation> {
  return CONFIRM_BY_KIND[kind as PurchaseKind](envelope, purchaseId, response);
}

/** Whether Pay now is offered: a purchase of a kind the app can confirm, started and unpaid. */
export const canPayNow = (row: Transaction): boolean =>
  row.payBy !== null && Object.hasOwn(CONFIRM_BY_KIND, row.kind);
