import type { Context } from 'koa';
import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';
import { purchaseStream, type PurchaseSubject } from '@boli/engine/billing/purchase.events';
import type { PurchaseState } from '@boli/engine/billing/purchase.state';
import type { BillingSettings } from '@boli/engine/billing/quote';
import type { PurchaseKind } from '@boli/engine/billing/products';
import { LIMITS } from '@boli/engine/shared/limits';
import type { NewEventMetadata } from '@boli/engine/eventStore/eventStore';
import { waitForProjections } from '@boli/projections';
import { closedAdIds } from '@boli/projections/ads/ads.queries';
import {
  activeSubscriptions,
  adSpacesLastPaid,
  bidsPlacedByFees,
  listPurchases,
  type PurchaseRow,
} from '@boli/projections/billing/purchases.queries';
import { spaceEndsOfPurchases } from '@boli/projections/adspace/adspace.queries';
import type { UserRow } from '@boli/projections/users/users.evolve';
import { findUserById } from '@boli/projections/users/users.queries';
import { idempotencyKeyOf } from '../../http/commands.ts';
import { ApiError } from '../../http/errors.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import {
  purchaseIdFor,
  quoteFor,
  startPurchase,
  type CheckoutDeps,
} from '../../payments/checkout.ts';
import { verifyCheckoutSignature } from '../../payments/gateway/signatures.ts';
import {
  purchaseInfoOf,
  quoteOf,
  type PurchaseInfo,
  type Quote,
} from '../../payments/purchaseInfo.ts';
import { loadPurchase } from '../../payments/purchaseStore.ts';
import {
  adOfUnpaidBidFee,
  isUnpaidAdSpace,
  isUnpaidShareFee,
  isUnpaidSubscription,
  transactionOf,
  type UnneededContext,
} from '../../payments/transactions.ts';
import { recordGatewayPayment, settlePurchase } from '../../payments/settlement.ts';
import { GatewayError } from '../../payments/gateway/errors.ts';

export type BillingInfra = Pick<
  Infrastructure,
  'db' | 'store' | 'idempotency' | 'config' | 'logger' | 'gateway'
>;

/** Read models a purchase's answers and the next screens read. */
const BILLING_READ_MODELS = ['purchases', 'entitlements'] as const;

export const billingSettingsOf = (
  config: Pick<
    Infrastructure['config'],
    | 'SUPPLIER_NAME'
    | 'SUPPLIER_GSTIN'
    | 'SUPPLIER_STATE'
    | 'SUPPLIER_ADDRESS'
    | 'GST_RATE_BASIS_POINTS'
  >,
): BillingSettings => ({
  supplier: {
    name: config.SUPPLIER_NAME,
    gstin: config.SUPPLIER_GSTIN,
    state: config.SUPPLIER_STATE,
    address: config.SUPPLIER_ADDRESS,
  },
  rates: { gstBasisPoints: config.GST_RATE_BASIS_POINTS },
});

export const checkoutDeps = (infra: BillingInfra): CheckoutDeps => ({
  store: infra.store,
  db: infra.db,
  gateway: infra.gateway,
  logger: infra.logger,
  settings: billingSettingsOf(infra.config),
});

/** The member's own purchase (anyone else's is "not found", never "forbidden"). */
export async function ownPurchase(
  infra: BillingInfra,
  purchaseId: string,
  userId: string,
): Promise<PurchaseState> {
  const state = await loadPurchase(infra.store, purchaseId);
  if (state.purchase === null || state.purchase.buyer.userId !== userId) {
    throw new ApiError(404, BILLING_MESSAGES.purchaseNotFound, 'PURCHASE_NOT_FOUND');
  }
  return state;
}

/** Whether the member owns the lifetime plan already. */
export const ownsSubscription = async (
  infra: Pick<Infrastructure, 'db'>,
  userId: string,
): Promise<boolean> => (await activeSubscriptions(infra.db, userId)).length > 0;

/** Whether the member has paid the buy-share bid fee (section 3's hasPaidToBuyShare). */
export const paidShareFee = async (
  infra: Pick<Infrastructure, 'db'>,
  userId: string,
): Promise<boolean> => (await findUserById(infra.db, userId))?.has_paid_to_buy_share ?? false;

/**
 * What the transactions lists need to tell which unpaid purchases of a page are not needed any
 * more (`transactionOf`): asked only when the page holds such a purchase.
 */
export async function unneededContext(
  infra: Pick<Infrastructure, 'db'>,
  userId: string,
  rows: readonly PurchaseRow[],
): Promise<UnneededContext> {
  const feeAds = rows.map(adOfUnpaidBidFee).filter((adId) => adId !== undefined);
  const [subscribed, shareFeePaid, closedAds, placedBids, adSpacesPaid] = await Promise.all([
    rows.some(isUnpaidSubscription) ? ownsSubscription(infra, userId) : false,
    rows.some(isUnpaidShareFee) ? paidShareFee(infra, userId) : false,
    closedAdIds(infra.db, feeAds, new Date()),
    bidsPlacedByFees(infra.db, userId, feeAds),
    rows.some(isUnpaidAdSpace) ? adSpacesLastPaid(infra.db, userId) : new Map<string, string>(),
  ]);
  return { subscribed, shareFeePaid, closedAds, placedBids, adSpacesPaid };
}

/**
 * One page of a member's purchases as Transactions lists them (`transactionOf`, newest first,
 * LIMITS.transactionsPageSize a page, of one kind or all): the member's own list, and support's
 * view of it (a member's invoices and credit notes, from their profile).
 */
export async function transactionsPage(
  infra: Pick<Infrastructure, 'db'>,
  userId: string,
  { page, type }: { page: number; type: 'all' | PurchaseKind },
) {
  const { rows, totalPages } = await listPurchases(infra.db, userId, {
    page,
    limit: LIMITS.transactionsPageSize,
    ...(type === 'all' ? {} : { kinds: [type] }),
  });
  const [spaceEnds, unneeded] = await Promise.all([
    spaceEndsOfPurchases(
      infra.db,
      rows.filter((row) => row.kind === 'adSpace').map((row) => row.purchase_id),
    ),
    unneededContext(infra, userId, rows),
  ]);
  return {
    purchases: rows.map((row) =>
      transactionOf(row, { expiresAt: spaceEnds.get(row.purchase_id) ?? null, ...unneeded }),
    ),
    totalPages,
  };
}

/** The lifetime plan is bought once: a member who has it is told so before any checkout. */
export async function refuseIfSubscribed(
  infra: Pick<Infrastructure, 'db'>,
  userId: string,
): Promise<void> {
  if (await ownsSubscription(infra, userId))
    throw new ApiError(409, BILLING_MESSAGES.alreadySubscribed, 'ALREADY_SUBSCRIBED');
}

export const infoOf = (infra: BillingInfra, state: PurchaseState): PurchaseInfo =>
  purchaseInfoOf(state, infra.config.RAZORPAY_KEY_ID);

/** A fee paid for one bid (/api/bidpay, /api/buyShare): the bid is placed once it is captured. */
export type BidFeeSubject = Extract<PurchaseSubject, { kind: 'bidFee' | 'shareFee' }>;

/** The purchaseInfo call of a bid fee: its price and tax for this member. */
export async function bidFeeQuote(
  infra: BillingInfra,
  buyer: UserRow,
  kind: BidFeeSubject['kind'],
): Promise<Quote> {
  const line = await quoteFor(checkoutDeps(infra), kind, buyer.state);
  return quoteOf(kind, line.name, line);
}

/**
 * The add call of a bid fee, once the bid has been judged: starts the member's purchase of the
 * fee. A retried request (same Idempotency-Key) finds the purchase it started.
 */
export async function startBidFeePurchase(
  infra: BillingInfra,
  ctx: Context,
  input: { buyer: UserRow; subject: BidFeeSubject; metadata: NewEventMetadata },
): Promise<PurchaseInfo> {
  const { buyer, subject, metadata } = input;
  const state = await startPurchase(checkoutDeps(infra), {
    purchaseId: purchaseIdFor(idempotencyKeyOf(ctx, `${subject.kind}:${buyer.user_id}`)),
    buyer,
    subject,
    productKey: subject.kind,
    metadata,
  });
  return infoOf(infra, state);
}

/** What the provider's checkout hands the success call (schema.ts `checkoutResult`). */
export type CheckoutResult = {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
};

/**
 * The success call of every checkout: confirms the member's payment of the purchase, then waits
 * until the billing read models and `readModels` (what the next screen reads) have its outcome.
 */
export async function confirmCheckout(
  infra: BillingInfra,
  input: { purchaseId: string; userId: string; checkout: CheckoutResult },
  readModels: readonly string[] = [],
): Promise<PurchaseInfo> {
  const info = await settleCheckout(infra, {
    purchaseId: input.purchaseId,
    userId: input.userId,
    orderId: input.checkout.razorpay_order_id,
    paymentId: input.checkout.razorpay_payment_id,
    signature: input.checkout.razorpay_signature,
  });
  await awaitPurchaseReadModels(infra, info._id, [...BILLING_READ_MODELS, ...readModels]);
  return info;
}

/**
 * The checkout's success call: the signature must prove the gateway issued this payment for this
 * order; the payment is then fetched from the gateway (the amount and status are the gateway's
 * word, not the browser's), recorded, and the purchase settled. When the gateway cannot be asked
 * just now, the answer says the payment is being confirmed; the webhook or the reconciler will
 * finish it.
 */
async function settleCheckout(
  infra: BillingInfra,
  input: {
    purchaseId: string;
    userId: string;
    orderId: string;
    paymentId: string;
    signature: string;
  },
): Promise<PurchaseInfo> {
  const state = await ownPurchase(infra, input.purchaseId, input.userId);
  const genuine =
    state.order?.orderId === input.orderId &&
    verifyCheckoutSignature(
      { orderId: input.orderId, paymentId: input.paymentId, signature: input.signature },
      infra.config.RAZORPAY_KEY_SECRET,
    );
  if (!genuine) {
    infra.logger.warn(
      { purchaseId: input.purchaseId, orderId: input.orderId, paymentId: input.paymentId },
      'checkout success with a signature that does not verify refused',
    );
    throw new ApiError(
      400,
      BILLING_MESSAGES.paymentVerificationFailed,
      'PAYMENT_VERIFICATION_FAILED',
    );
  }
  const deps = checkoutDeps(infra);
  try {
    const payment = await infra.gateway.fetchPayment(input.paymentId);
    if (payment.orderId !== input.orderId) {
      throw new ApiError(
        400,
        BILLING_MESSAGES.paymentVerificationFailed,
        'PAYMENT_VERIFICATION_FAILED',
      );
    }
    await recordGatewayPayment(deps, input.purchaseId, payment, 'checkout');
  } catch (error) {
    if (!(error instanceof GatewayError && error.retryable)) throw error;
    infra.logger.warn(
      { err: error, purchaseId: input.purchaseId },
      'gateway unreachable at checkout',
    );
    return infoOf(infra, await loadPurchase(infra.store, input.purchaseId));
  }
  const settled = await settlePurchase(deps, input.purchaseId);
  return infoOf(infra, settled);
}

/** Read-your-writes: the read models have every event of the purchase so far. */
async function awaitPurchaseReadModels(
  infra: BillingInfra,
  purchaseId: string,
  readModels: readonly string[],
): Promise<void> {
  const events = await infra.store.readStream(purchaseStream(purchaseId));
  const last = events.at(-1);
  if (last) await waitForProjections(infra.db, readModels, last.position);
}
