import type { Router } from '@koa/router';
import { createRouter } from '../../http/router.ts';
import type { Context } from 'koa';
import { shareBidsDecider } from '@boli/engine/shares/shareBid.decider';
import { shareBidsStream, type ShareBidType } from '@boli/engine/shares/shareBid.events';
import { SHARE_FEE_ALREADY_PAID } from '@boli/engine/shares/shareBid.rules';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { listPurchases } from '@boli/projections/billing/purchases.queries';
import { listShareBids } from '@boli/projections/shares/shareBids.queries';
import { requireAuth } from '../../http/auth.ts';
import { commandMetadata, execute, idempotencyKeyOf } from '../../http/commands.ts';
import { success } from '../../http/envelope.ts';
import { ApiError, parseInput } from '../../http/errors.ts';
import { activeMember } from '../../http/members.ts';
import { transactionOf } from '../../payments/transactions.ts';
import {
  bidFeeQuote,
  confirmCheckout,
  startBidFeePurchase,
  type BillingInfra,
  unneededContext,
} from '../billing/billingDeps.ts';
import {
  shareBidBody,
  shareBidListQuery,
  shareFeePaymentBody,
  shareFeeQuoteQuery,
} from './schema.ts';
import { judgeShareBidBeforePayment, shareBidOf } from './shareBids.ts';
import { companyNameOf } from '@boli/engine/shared/companyName';

/** Read models the share bid answers read. */
const SHARE_READ_MODELS = ['share_bids', 'users'] as const;

/**
 * Section 7's share bids (/api/buyShare, docs/api/shares.md): the bids list, the buy-share bid
 * fee (quote → add → checkout → success, which posts the bid the fee was paid with) and, once
 * the fee is paid, posting bids directly.
 */
export function sharesRouter(infra: BillingInfra): Router {
  const router = createRouter({ prefix: '/api/buyShare' });
  const auth = requireAuth(infra);

  const bidList = async (ctx: Context, page: number, mine = false) =>
    listShareBids(infra.db, {
      viewerId: ctx.state.auth!.userId,
      page,
      limit: LIMITS.bidPageSize,
      mine,
    });

  router.get(['/', '/bids', '/bids/'], auth, async (ctx) => {
    const query = parseInput(shareBidListQuery, ctx.query);
    const list = await bidList(ctx, query.page, query.mine);
    ctx.body = success(list, list.data.length === 0 ? MESSAGES.noBidsPosted : '');
  });

  router.get(['/purchaseInfo', '/purchaseInfo/'], auth, async (ctx) => {
    const query = parseInput(shareFeeQuoteQuery, ctx.query);
    const buyer = await activeMember(infra, ctx);
    if (query.company !== undefined) {
      // A page that has not heard of the fee paid (in another tab) posts the bid directly instead.
      if (buyer.has_paid_to_buy_share) throw shareFeeAlreadyPaid();
      const metadata = commandMetadata(ctx, { userId: buyer.user_id, role: 'member' });
      await judgeShareBidBeforePayment(infra.store, shareBidOf(ctx, buyer, query), metadata);
    }
    ctx.body = success(await bidFeeQuote(infra, buyer, 'shareFee'));
  });

  router.post(['/add', '/add/'], auth, async (ctx) => {
    const body = parseInput(shareBidBody, ctx.request.body ?? {}, MESSAGES.enterAllBidDetails);
    const buyer = await activeMember(infra, ctx);
    if (buyer.has_paid_to_buy_share) throw shareFeeAlreadyPaid();
    const bid = shareBidOf(ctx, buyer, body);
    const metadata = commandMetadata(ctx, { userId: buyer.user_id, role: 'member' });
    await judgeShareBidBeforePayment(infra.store, bid, metadata);
    const subject = {
      kind: 'shareFee',
      // As the bid will keep it, so that the purchase names the company as the bid does.
      company: companyNameOf(bid.company),
      // Judged just above: a positive amount and an Open or Hidden type.
      bidamt: bid.amount!,
      type: bid.type as ShareBidType,
    } as const;
    ctx.body = success(await startBidFeePurchase(infra, ctx, { buyer, subject, metadata }));
  });

  router.post(['/payment/success', '/payment/success/'], auth, async (ctx) => {
    const body = parseInput(shareFeePaymentBody, ctx.request.body ?? {});
    const info = await confirmCheckout(
      infra,
      { purchaseId: body.purchaseId, userId: ctx.state.auth!.userId, checkout: body },
      SHARE_READ_MODELS,
    );
    const posted = info.status === 'fulfilled';
    ctx.body = success(info, posted ? MESSAGES.bidPosted : (info.message ?? ''));
  });

  router.get(['/listPurchases', '/listPurchases/'], auth, async (ctx) => {
    const { page } = parseInput(shareBidListQuery, ctx.query);
    const { rows, totalPages } = await listPurchases(infra.db, ctx.state.auth!.userId, {
      page,
      limit: LIMITS.transactionsPageSize,
      kinds: ['shareFee'],
    });
    const unneeded = await unneededContext(infra, ctx.state.auth!.userId, rows);
    ctx.body = success({
      purchases: rows.map((row) => transactionOf(row, unneeded)),
      totalPages,
    });
  });

  /** The post-share-bid call: for a member who has paid the fee; else 403 asking for it. */
  router.post(['/', '/postBid', '/postBid/'], auth, async (ctx) => {
    const body = parseInput(shareBidBody, ctx.request.body ?? {}, MESSAGES.enterAllBidDetails);
    const bidder = await activeMember(infra, ctx);
    const bid = shareBidOf(ctx, bidder, body);
    const key = idempotencyKeyOf(ctx, bidder.user_id);
    await execute(infra, {
      streamId: shareBidsStream(bid.company),
      decider: shareBidsDecider,
      command: {
        type: 'PlaceShareBid',
        data: { ...bid, feePaid: bidder.has_paid_to_buy_share },
        metadata: commandMetadata(ctx, { userId: bidder.user_id, role: 'member' }),
      },
      readModels: ['share_bids'],
      ...(key ? { idempotencyKey: key } : {}),
    });
    ctx.body = success(await bidList(ctx, 0), MESSAGES.bidPosted);
  });

  return router;
}

/** The fee asked of a member who has paid it: their bids are posted directly. */
const shareFeeAlreadyPaid = () =>
  new ApiError(409, MESSAGES.shareFeeAlreadyPaid, SHARE_FEE_ALREADY_PAID);
