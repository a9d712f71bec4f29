import type { Router } from '@koa/router';
import { createRouter } from '../../http/router.ts';
import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';
import { LIFETIME_PLAN_ID, productName } from '@boli/engine/billing/products';
import { paiseToRupees } from '@boli/engine/shared/money';
import { activeSubscriptions } from '@boli/projections/billing/purchases.queries';
import {
  activeEntitlements,
  trialEndedAt,
} from '@boli/projections/entitlements/entitlements.queries';
import { requireAuth } from '../../http/auth.ts';
import { activeMember } from '../../http/members.ts';
import { commandMetadata, idempotencyKeyOf } from '../../http/commands.ts';
import { success } from '../../http/envelope.ts';
import { ApiError, parseInput } from '../../http/errors.ts';
import { pricesNow, purchaseIdFor, quoteFor, startPurchase } from '../../payments/checkout.ts';
import { quoteOf } from '../../payments/purchaseInfo.ts';
import {
  checkoutDeps,
  confirmCheckout,
  infoOf,
  ownPurchase,
  type BillingInfra,
  refuseIfSubscribed,
  transactionsPage,
} from './billingDeps.ts';
import { subscriptionListQuery, subscriptionPaymentBody, transactionsQuery } from './schema.ts';

/**
 * What the one plan gives (sections 1 and 6: a subscription is needed to bid and sell), and only
 * that: asking for a member's mobile number is every member's (section 6), not the plan's.
 */
export const LIFETIME_FEATURES = [
  'Post ads and sell',
  'Bid on any ad, Open or Hidden',
  'Pay once, never expires',
] as const;

const LIFETIME_PRODUCT = `subscription:${LIFETIME_PLAN_ID}` as const;

/**
 * Section 7's subscriptions and transactions under /api/cart (docs/api/payments.md): the plans,
 * starting a subscription purchase, its payment, the active subscription and the member's
 * transactions with their tax and invoices.
 */
export function cartRouter(infra: BillingInfra): Router {
  const router = createRouter({ prefix: '/api/cart' });
  const auth = requireAuth(infra);
  const deps = checkoutDeps(infra);

  router.get('/subscription', auth, async (ctx) => {
    const buyer = await activeMember(infra, ctx);
    const line = await quoteFor(deps, LIFETIME_PRODUCT, buyer.state);
    ctx.body = success([
      {
        _id: LIFETIME_PLAN_ID,
        name: productName(LIFETIME_PRODUCT),
        cycle: 'lifetime',
        price: paiseToRupees(line.price),
        totalPriceAfterTax: paiseToRupees(line.total),
        features: LIFETIME_FEATURES,
      },
    ]);
  });

  router.get('/add/:planId/web', auth, async (ctx) => {
    if (ctx.params.planId !== LIFETIME_PLAN_ID)
      throw new ApiError(404, BILLING_MESSAGES.planNotFound, 'PLAN_NOT_FOUND');
    const [buyer, , prices] = await Promise.all([
      activeMember(infra, ctx),
      refuseIfSubscribed(infra, ctx.state.auth!.userId),
      pricesNow(infra.db),
    ]);
    const state = await startPurchase(deps, {
      purchaseId: purchaseIdFor(idempotencyKeyOf(ctx, `subscription:${buyer.user_id}`)),
      buyer,
      subject: { kind: 'subscription', planId: LIFETIME_PLAN_ID },
      productKey: LIFETIME_PRODUCT,
      metadata: commandMetadata(ctx, { userId: buyer.user_id, role: 'member' }),
      prices,
    });
    const info = infoOf(infra, state);
    ctx.body = success({ ...info, cart_id: info._id });
  });

  /**
   * By a plan's id, that plan's price breakup, recording nothing (as /api/space/purchaseInfo/:id
   * quotes a space): the Make payment dialog shows it, and only Pay starts the cart. By a cart's
   * id, that cart.
   */
  router.get('/subscription/purchaseInfo/:id', auth, async (ctx) => {
    const id = ctx.params.id!;
    if (id !== LIFETIME_PLAN_ID) {
      ctx.body = success(infoOf(infra, await ownPurchase(infra, id, ctx.state.auth!.userId)));
      return;
    }
    const [buyer] = await Promise.all([
      activeMember(infra, ctx),
      refuseIfSubscribed(infra, ctx.state.auth!.userId),
    ]);
    const line = await quoteFor(deps, LIFETIME_PRODUCT, buyer.state);
    const quote = quoteOf('subscription', line.name, line);
    ctx.body = success({ ...quote, adjustedFinalPayment: quote.totalPriceAfterTax });
  });

  router.get(['/subscription/upgradeinfo', '/subscription/upgradeinfo/'], auth, async (ctx) => {
    const active = await activeSubscriptions(infra.db, ctx.state.auth!.userId);
    // The lifetime plan is the top plan: there is nothing to upgrade to.
    ctx.body = success({ active: active[0] ?? null, upgrades: [], adjustedFinalPayment: 0 });
  });
  router.get('/subscription/list', auth, async (ctx) => {
    const { status } = parseInput(subscriptionListQuery, ctx.query);
    const rows = await activeSubscriptions(infra.db, ctx.state.auth!.userId);
    ctx.body = success(
      rows.map((row) => ({
        _id: row.purchaseId,
        planId: LIFETIME_PLAN_ID,
        name: productName(LIFETIME_PRODUCT),
        startDate: row.startDate,
        status,
      })),
    );
  });

  /**
   * What lets the member bid and sell now (not in the spec's table): the lifetime subscription,
   * else the free trial with its end, else nothing — so the page can say when a trial ends; and,
   * with nothing, when the trial ended, if it did, so the page can say that it has.
   */
  router.get('/subscription/entitlement', auth, async (ctx) => {
    const { userId } = ctx.state.auth!;
    const now = new Date();
    const [best] = await activeEntitlements(infra.db, userId, now);
    ctx.body = success({
      entitled: best !== undefined,
      kind: best?.kind ?? null,
      endsAt: best?.endsAt ?? null,
      trialEndedAt: best === undefined ? await trialEndedAt(infra.db, userId, now) : null,
    });
  });

  router.post(['/payment', '/payment/'], auth, async (ctx) => {
    const body = parseInput(subscriptionPaymentBody, ctx.request.body ?? {});
    const info = await confirmCheckout(infra, {
      purchaseId: body.cart_id,
      userId: ctx.state.auth!.userId,
      checkout: body,
    });
    ctx.body = success(info, info.message ?? '');
  });

  router.get('/listTransactions', auth, async (ctx) => {
    const query = parseInput(transactionsQuery, ctx.query);
    ctx.body = success(await transactionsPage(infra, ctx.state.auth!.userId, query));
  });

  return router;
}
