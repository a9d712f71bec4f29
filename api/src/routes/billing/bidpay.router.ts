import { randomUUID } from 'node:crypto';
import type { Router } from '@koa/router';
import { createRouter } from '../../http/router.ts';
import { MESSAGES } from '@boli/engine/shared/messages';
import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';
import { LIMITS } from '@boli/engine/shared/limits';
import { DomainError } from '@boli/engine/shared/decider';
import { listPurchases } from '@boli/projections/billing/purchases.queries';
import { hasActiveEntitlement } from '@boli/projections/entitlements/entitlements.queries';
import { requireAuth } from '../../http/auth.ts';
import { activeMember, bidAliasOf } from '../../http/members.ts';
import { commandMetadata } from '../../http/commands.ts';
import { success } from '../../http/envelope.ts';
import { ApiError, parseInput } from '../../http/errors.ts';
import { judgeBidBeforePayment, refuseFeeBidPlaced } from '../../payments/bidFee.ts';
import { transactionOf } from '../../payments/transactions.ts';
import { keepRefusal, refuseOthersUsernameKept } from '../bid/keepRefusal.ts';
import { refusalOf } from '../../http/domainErrors.ts';
import { bidAmountFields, bidAmountInPaise } from '../bid/schema.ts';
import {
  bidFeeQuote,
  confirmCheckout,
  startBidFeePurchase,
  unneededContext,
  type BillingInfra,
} from './billingDeps.ts';
import { bidFeeBody, bidFeeListQuery, bidFeePaymentBody, bidFeeQuoteQuery } from './schema.ts';
import { inBidFormTerms } from '../bid/schema.ts';

/**
 * Section 7's bid processing fee (/api/bidpay): a member without a subscription or trial pays a
 * fee for one bid; the bid is placed only once the payment is captured (docs/api/payments.md).
 */
export function bidpayRouter(infra: BillingInfra): Router {
  const router = createRouter({ prefix: '/api/bidpay' });
  const auth = requireAuth(infra);

  router.get(['/purchaseInfo', '/purchaseInfo/'], auth, async (ctx) => {
    const query = parseInput(bidFeeQuoteQuery, ctx.query);
    // The fee is flat, whatever the bid; an amount sent is still read as the bid will read it, so
    // that one no bid could be placed with is refused before the fee is paid, not after.
    if (query.bidamt !== undefined && !((bidAmountInPaise(query.bidamt) ?? 0) > 0)) {
      throw new ApiError(400, MESSAGES.enterAllBidDetails, 'BID_DETAILS_MISSING');
    }
    const buyer = await activeMember(infra, ctx);
    ctx.body = success(await bidFeeQuote(infra, buyer, 'bidFee'));
  });

  router.post(['/add', '/add/'], auth, async (ctx) => {
    const body = parseInput(bidFeeBody, ctx.request.body ?? {}, MESSAGES.enterAllBidDetails);
    const buyer = await activeMember(infra, ctx);
    // A member whose subscription or trial covers bidding bids without a fee: none is sold.
    if (await hasActiveEntitlement(infra.db, buyer.user_id, new Date())) {
      throw new ApiError(409, BILLING_MESSAGES.bidFeeNotNeeded, 'BID_FEE_NOT_NEEDED');
    }
    const bid = {
      userId: buyer.user_id,
      username: buyer.username,
      bidAlias: bidAliasOf(body.bidAlias, buyer),
      ...bidAmountFields(body.bidamt),
      type: body.type ?? null,
    };
    const metadata = commandMetadata(ctx, { userId: buyer.user_id, role: 'member' });
    const command = {
      type: 'PlaceBid',
      data: { ...bid, bidId: randomUUID(), bidderEntitled: true },
      metadata,
    } as const;
    await refuseOthersUsernameKept(ctx, infra, body.item_id, command, buyer);
    const { itemName } = await judgeBidBeforePayment(infra, body.item_id, command).catch(
      async (error: unknown) => {
        // Refused before any fee is asked: kept for support like any refused bid.
        if (error instanceof DomainError) {
          await keepRefusal(ctx, infra.store, body.item_id, command, refusalOf(error));
        }
        throw inBidFormTerms(error);
      },
    );
    const subject = {
      kind: 'bidFee',
      adId: body.item_id,
      bidamt: bid.amount!,
      type: bid.type,
      bidAlias: bid.bidAlias,
      itemName,
    } as const;
    await refuseFeeBidPlaced(infra, buyer.user_id, subject);
    ctx.body = success(await startBidFeePurchase(infra, ctx, { buyer, subject, metadata }));
  });

  router.post(['/payment/success', '/payment/success/'], auth, async (ctx) => {
    const body = parseInput(bidFeePaymentBody, ctx.request.body ?? {});
    const info = await confirmCheckout(
      infra,
      { purchaseId: body.purchaseId, userId: ctx.state.auth!.userId, checkout: body },
      ['bids'],
    );
    const placed = info.status === 'fulfilled';
    ctx.body = success(info, placed ? MESSAGES.bidPosted : (info.message ?? ''));
  });

  router.get(['/listPurchases', '/listPurchases/'], auth, async (ctx) => {
    const { page, item_id } = parseInput(bidFeeListQuery, ctx.query);
    const { rows, totalPages } = await listPurchases(infra.db, ctx.state.auth!.userId, {
      page,
      limit: LIMITS.transactionsPageSize,
      kinds: ['bidFee'],
      ...(item_id === undefined ? {} : { adId: item_id }),
    });
    const unneeded = await unneededContext(infra, ctx.state.auth!.userId, rows);
    ctx.body = success({
      purchases: rows.map((row) => transactionOf(row, unneeded)),
      totalPages,
    });
  });

  return router;
}
