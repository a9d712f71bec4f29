import { randomUUID } from 'node:crypto';
import { Router } from '@koa/router';
import { MESSAGES } from '@boli/engine/shared/messages';
import { LIMITS } from '@boli/engine/shared/limits';
import { listPurchases } from '@boli/projections/billing/purchases.queries';
import { requireAuth } from '../../http/auth.ts';
import { activeMember } from '../../http/members.ts';
import { commandMetadata, idempotencyKeyOf } from '../../http/commands.ts';
import { success } from '../../http/envelope.ts';
import { parseInput } from '../../http/errors.ts';
import { judgeBidBeforePayment } from '../../payments/bidFee.ts';
import { purchaseIdFor, quoteFor, startPurchase } from '../../payments/checkout.ts';
import { quoteOf } from '../../payments/purchaseInfo.ts';
import { transactionOf } from '../../payments/transactions.ts';
import { bidAmountInPaise } from '../bid/schema.ts';
import {
  awaitPurchaseReadModels,
  BILLING_READ_MODELS,
  checkoutDeps,
  confirmCheckout,
  infoOf,
  type BillingInfra,
} from './billingDeps.ts';
import { bidFeeBody, bidFeePaymentBody, bidFeeQuoteQuery, pageQuery } from './schema.ts';

/**
 * Section 7's bid processing fee (/api/bidpay): a member without a subscription or trial pays a
 * fee for one bid; the bid is placed only once the payment is captured (docs/api/payments.md).
 */
export function bidpayRouter(infra: BillingInfra): Router {
  const router = new Router({ prefix: '/api/bidpay' });
  const auth = requireAuth(infra);
  const deps = checkoutDeps(infra);

  router.get(['/purchaseInfo', '/purchaseInfo/'], auth, async (ctx) => {
    parseInput(bidFeeQuoteQuery, ctx.query);
    const buyer = await activeMember(infra, ctx);
    const line = await quoteFor(deps, 'bidFee', buyer.state);
    ctx.body = success(quoteOf('bidFee', line.name, line));
  });

  router.post(['/add', '/add/'], auth, async (ctx) => {
    const body = parseInput(bidFeeBody, ctx.request.body ?? {}, MESSAGES.enterAllBidDetails);
    const buyer = await activeMember(infra, ctx);
    const purchaseId = purchaseIdFor(idempotencyKeyOf(ctx, `bidFee:${buyer.user_id}`));
    const bid = {
      userId: buyer.user_id,
      username: buyer.username,
      bidAlias: body.bidAlias ?? buyer.bid_alias,
      amount: bidAmountInPaise(body.bidamt),
      type: body.type ?? null,
    };
    const metadata = commandMetadata(ctx, { userId: buyer.user_id, role: 'member' });
    const { itemName } = await judgeBidBeforePayment(infra.store, body.item_id, {
      type: 'PlaceBid',
      data: { ...bid, bidId: randomUUID(), bidderEntitled: true },
      metadata,
    });
    const state = await startPurchase(deps, {
      purchaseId,
      buyer,
      subject: {
        kind: 'bidFee',
        adId: body.item_id,
        bidamt: bid.amount!,
        type: bid.type,
        bidAlias: bid.bidAlias,
        itemName,
      },
      productKey: 'bidFee',
      metadata,
    });
    ctx.body = success(infoOf(infra, state));
  });

  router.post(['/payment/success', '/payment/success/'], auth, async (ctx) => {
    const body = parseInput(bidFeePaymentBody, ctx.request.body ?? {});
    const info = await confirmCheckout(infra, {
      purchaseId: body.purchaseId,
      userId: ctx.state.auth!.userId,
      orderId: body.razorpay_order_id,
      paymentId: body.razorpay_payment_id,
      signature: body.razorpay_signature,
    });
    await awaitPurchaseReadModels(infra, info._id, [...BILLING_READ_MODELS, 'bids']);
    const placed = info.status === 'fulfilled';
    ctx.body = success(info, placed ? MESSAGES.bidPosted : (info.message ?? ''));
  });

  router.get(['/listPurchases', '/listPurchases/'], auth, async (ctx) => {
    const { page } = parseInput(pageQuery, ctx.query);
    const { rows, totalPages } = await listPurchases(infra.db, ctx.state.auth!.userId, {
      page,
      limit: LIMITS.transactionsPageSize,
      kinds: ['bidFee'],
    });
    ctx.body = success({ purchases: rows.map(transactionOf), totalPages });
  });

  return router;
}
