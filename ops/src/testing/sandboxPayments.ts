import type { Transaction } from '@boli/api/payments/transactions';
import type { CheckoutResult } from '@boli/api/routes/billing/billingDeps';
import { eventually, type ApiKit, type TestMember } from './apiKit.ts';
import type { TestApp } from './app.ts';
import { payAtSandboxCheckout, postToSandbox } from '@boli/api/sandbox/payments/controlClient';

/*
 * A member paying through the sandbox gateway, step by step, as a customer without a browser:
 * the cart opens an order, the sandbox takes (or refuses) the money, and the checkout callback
 * confirms it. Each step throws, naming itself, when it is refused.
 */

/** The customer pays the order at the sandbox's checkout: what the checkout hands back. */
export async function payAtSandbox(app: TestApp, orderId: string): Promise<CheckoutResult> {
  const checkout = await payAtSandboxCheckout(app.config.RAZORPAY_API_URL, orderId, 'success');
  return checkout as CheckoutResult;
}

/** The customer's payment of the order fails at the sandbox (its webhook tells Boli). */
export async function failAtSandbox(app: TestApp, orderId: string): Promise<void> {
  await payAtSandboxCheckout(app.config.RAZORPAY_API_URL, orderId, 'failure');
}

/** Changes how the sandbox gateway behaves (e.g. `{ dropWebhooks: true }`). */
export async function sandboxBehaviour(app: TestApp, patch: Record<string, unknown>) {
  await postToSandbox(app.config.RAZORPAY_API_URL, '/sandbox/behaviour', patch);
}

/**
 * The purchase `purchaseId` as a purchases list (`list`: /api/cart/listTransactions,
 * /api/bidpay/listPurchases …) shows it to `member`, once it says `message` (the read models the
 * list reads catch up in a moment).
 */
export const purchaseListedWith = (
  kit: ApiKit,
  member: TestMember,
  list: string,
  purchaseId: string,
  message: string,
): Promise<Transaction> =>
  eventually(async () => {
    const rows = (await kit.api(list, { token: member.token })).body.data as {
      purchases: Transaction[];
    };
    const found = rows.purchases.find((purchase) => purchase._id === purchaseId);
    return found?.message === message ? found : null;
  });

/** A member puts the Lifetime Subscription in the cart: a purchase with an open order. */
export async function orderedSubscription(
  kit: ApiKit,
  buyer: TestMember,
): Promise<{ purchaseId: string; orderId: string }> {
  const added = await kit.api('/api/cart/add/lifetime/web', { token: buyer.token });
  if (added.status !== 200) throw new Error(`cart add: ${added.status} ${added.body.msg}`);
  const info = added.body.data as { _id: string; razorpay_order_id: string };
  return { purchaseId: info._id, orderId: info.razorpay_order_id };
}

/**
 * Two tabs put the Lifetime Subscription in the cart at once, before either purchase is
 * recorded: each opens a purchase of its own. (A cart opened once the first is recorded gets that
 * purchase again, `LIMITS.purchaseReuseMinutesLeft`.)
 */
export const subscriptionsOrderedSideBySide = (kit: ApiKit, buyer: TestMember) =>
  Promise.all([orderedSubscription(kit, buyer), orderedSubscription(kit, buyer)]);

/** The whole flow: ordered, paid at the gateway, confirmed by the checkout callback. */
export async function paidSubscription(
  app: TestApp,
  kit: ApiKit,
  buyer: TestMember,
): Promise<{ purchaseId: string; orderId: string; paymentId: string }> {
  const { purchaseId, orderId } = await orderedSubscription(kit, buyer);
  const checkout = await payAtSandbox(app, orderId);
  const confirmed = await kit.api('/api/cart/payment/', {
    token: buyer.token,
    json: { ...checkout, cart_id: purchaseId },
  });
  if (confirmed.status !== 200) {
    throw new Error(`payment callback: ${confirmed.status} ${confirmed.body.msg}`);
  }
  return { purchaseId, orderId, paymentId: checkout.razorpay_payment_id };
}
