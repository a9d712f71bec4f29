import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';
import { statusOf, type PurchaseState } from '@boli/engine/billing/purchase.state';
import type { NewEventMetadata } from '@boli/engine/eventStore/eventStore';
import { adSpacesLastPaid } from '@boli/projections/billing/purchases.queries';
import { adSpaceKeyOfSubject, boughtSinceStarted } from '@boli/engine/billing/adSpaceBought.rules';
import { ApiError } from '../../http/errors.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { judgeShareBidBeforePayment } from '../shares/shareBids.ts';
import {
  checkoutDeps,
  paidShareFee,
  refuseIfSubscribed,
  type BillingInfra,
} from './billingDeps.ts';
import { reconcilePurchase } from '../../payments/settlement.ts';
import { judgeBidBeforePayment, refuseFeeBidPlaced } from '../../payments/bidFee.ts';
import { messageOf } from '../../payments/purchaseInfo.ts';
import { paidBidCommand, paidShareBidCommand } from '../../payments/fulfilment.ts';
import { slotOfferRefusal } from '../../payments/slotSale.ts';
import { SHARE_FEE_ALREADY_PAID } from '@boli/engine/shares/shareBid.rules';

/*
 * Pay now, from /transactions: before a purchase started earlier is paid on its open order, what
 * it buys is judged as it would be delivered now, so that nobody pays for what would at once be
 * refunded (a bid fee for an ad whose bidding has closed since, a plan bought meanwhile).
 */

/** Statuses whose gateway order is open for a checkout. */
const PAYABLE = new Set(['ordered', 'failed']);

/**
 * The purchase with the payments the gateway holds for its open order: one paid there that Boli
 * has not heard of yet (the tab closed before its success call, the webhook late) is recorded and
 * settled now, as the reconciler would in a few minutes, so Pay now says it is paid rather than
 * open a checkout on a paid order ('This order has already been paid', then 'Payment cancelled.
 * Nothing was charged.'). A gateway that cannot answer leaves the purchase as Boli has it.
 */
export async function withGatewayPayments(
  infra: BillingInfra,
  state: PurchaseState,
): Promise<PurchaseState> {
  if (state.order === null || !PAYABLE.has(statusOf(state))) return state;
  try {
    return await reconcilePurchase(checkoutDeps(infra), state.purchase!.purchaseId);
  } catch (error) {
    infra.logger.warn({ err: error }, 'Pay now: the gateway could not say whether it was paid');
    return state;
  }
}

/**
 * Throws why the purchase cannot be paid now: its order is over (409 with where it stands: paid,
 * expired), or what it buys would be refused (the bid's own refusal, 'Bidding Closed'; 409 a
 * fee's bid another fee placed; 409 the buy-share bid fee or the plan owned already; 409 an ad
 * space the member paid for since with another purchase). An ad space is otherwise judged when
 * its payment is confirmed (and refunded if the space was taken meanwhile).
 */
export async function judgePayableNow(
  infra: Pick<Infrastructure, 'store' | 'db'>,
  state: PurchaseState,
  metadata: NewEventMetadata,
): Promise<void> {
  const purchase = state.purchase!;
  // A won slot's offer that has passed on says so, not merely that its purchase expired.
  if (purchase.subject.kind === 'adSlot') {
    const refusal = await slotOfferRefusal(infra.store, {
      type: purchase.subject.spaceType,
      slotdate: purchase.subject.slotdate,
      bidId: purchase.subject.bidId,
    });
    if (refusal !== null) throw new ApiError(409, refusal, 'SLOT_OFFER_LAPSED');
  }
  if (state.order === null || !PAYABLE.has(statusOf(state))) {
    const where = messageOf(state) ?? BILLING_MESSAGES.purchaseExpired;
    throw new ApiError(409, where, 'PURCHASE_NOT_PAYABLE');
  }
  switch (purchase.subject.kind) {
    case 'bidFee': {
      await refuseFeeBidPlaced(infra, purchase.buyer.userId, purchase.subject);
      await judgeBidBeforePayment(infra, purchase.subject.adId, paidBidCommand(purchase, metadata));
      return;
    }
    case 'shareFee':
      // The fee is paid once: another attempt paid it since this one was started.
      if (await paidShareFee(infra, purchase.buyer.userId))
        throw new ApiError(409, BILLING_MESSAGES.unpaidShareFeeNotNeeded, SHARE_FEE_ALREADY_PAID);
      await judgeShareBidBeforePayment(
        infra.store,
        paidShareBidCommand(purchase, metadata).data,
        metadata,
      );
      return;
    case 'subscription':
      await refuseIfSubscribed(infra, purchase.buyer.userId);
      return;
    case 'adSpace': {
      // Bought since with another payment: this one would buy a second space by mistake.
      const paidAt = (await adSpacesLastPaid(infra.db, purchase.buyer.userId)).get(
        adSpaceKeyOfSubject(purchase.subject),
      );
      if (boughtSinceStarted(purchase.createdAt, paidAt))
        throw new ApiError(409, BILLING_MESSAGES.unpaidAdSpaceBought, 'AD_SPACE_BOUGHT');
      return;
    }
    case 'adSlot':
      return;
  }
}
