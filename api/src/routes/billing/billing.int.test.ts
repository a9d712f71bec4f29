import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';
import { purchaseStream } from '@boli/engine/billing/purchase.events';
import { accountStream } from '@boli/engine/accounts/account.events';
import { AD_MESSAGES } from '@boli/engine/ads/ad.messages';
import { MESSAGES } from '@boli/engine/shared/messages';
import { hasActiveEntitlement } from '@boli/projections/entitlements/entitlements.queries';
import { startApp, type TestApp } from '../../../../ops/src/testing/app.ts';
import {
  apiKit,
  eventually,
  type ApiKit,
  type TestMember,
} from '../../../../ops/src/testing/apiKit.ts';
import {
  failAtSandbox,
  payAtSandbox,
  purchaseListedWith,
  sandboxBehaviour,
} from '../../../../ops/src/testing/sandboxPayments.ts';
import { sweepBilling } from '../../../../ops/src/jobs/billingSweep.ts';
import { placeBid } from '../../../../ops/src/jobs/finalCallExpiry.fixtures.ts';
import { createLogger } from '../../logger.ts';
import { paymentGatewayOf } from '../../infrastructure.ts';
import { billingSettingsOf } from './billingDeps.ts';
import { webhookSignature } from '../../payments/gateway/signatures.ts';
import type { PurchaseInfo } from '../../payments/purchaseInfo.ts';
import type { Transaction } from '../../payments/transactions.ts';

/*
 * Issue #7 over HTTP against the sandbox gateway: subscribe, pay a bid fee, and every way the
 * news of a payment can arrive — the checkout callback, webhooks (twice, out of order, forged, for
 * an unknown order) and the reconciler — recording each capture exactly once.
 */

let app: TestApp;
let kit: ApiKit;

/** The gateway's own record of a payment, as Razorpay's API returns it. */
async function gatewayEntity(kind: 'payments' | 'orders', id: string) {
  const auth = Buffer.from(`${app.config.RAZORPAY_KEY_ID}:${app.config.RAZORPAY_KEY_SECRET}`);
  const response = await fetch(`${app.config.RAZORPAY_API_URL}/v1/${kind}/${id}`, {
    headers: { authorization: `Basic ${auth.toString('base64')}` },
  });
  return (await response.json()) as Record<string, unknown>;
}

/** Delivers a webhook as Razorpay would, signed with `secret`. */
async function deliverWebhook(
  event: string,
  payload: Record<string, unknown>,
  options: { eventId?: string; secret?: string } = {},
) {
  const raw = JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: Object.keys(payload),
    payload,
    created_at: Math.floor(Date.now() / 1000),
  });
  const response = await fetch(`${app.baseUrl}/api/payments/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-razorpay-event-id': options.eventId ?? `evt_${randomUUID()}`,
      'x-razorpay-signature': webhookSignature(
        raw,
        options.secret ?? app.config.RAZORPAY_WEBHOOK_SECRET,
      ),
    },
    body: raw,
  });
  return response.status;
}

const captures = async (purchaseId: string) =>
  (await kit.store.readStream(purchaseStream(purchaseId))).filter(
    (event) => event.type === 'PaymentCaptured',
  );

async function purchaseStatus(member: TestMember, purchaseId: string) {
  const { body } = await kit.api(`/api/purchases/${purchaseId}`, { token: member.token });
  return body.data as PurchaseInfo;
}

/** The member pays a fee's order at the sandbox, and their browser reports it: the success call's answer. */
const payFee = async (buyer: TestMember, info: PurchaseInfo) =>
  kit.api('/api/bidpay/payment/success', {
    token: buyer.token,
    json: { ...(await payAtSandbox(app, info.razorpay_order_id!)), purchaseId: info._id },
  });

const startSubscription = async (member: TestMember, headers?: Record<string, string>) => {
  const { status, body } = await kit.api('/api/cart/add/lifetime/web', {
    token: member.token,
    ...(headers ? { headers } : {}),
  });
  expect(status).toBe(200);
  return body.data as PurchaseInfo & { cart_id: string };
};

const sweepDeps = () => ({
  db: kit.db,
  store: kit.store,
  gateway: paymentGatewayOf(app.config),
  logger: createLogger({ level: 'silent', name: 'test' }),
  settings: billingSettingsOf(app.config),
});

beforeAll(async () => {
  app = await startApp();
  kit = apiKit(app);
});

afterAll(async () => {
  await kit?.close();
  await app?.stop();
});

describe('subscribing', () => {
  it('shows the plan, takes the payment once, activates the lifetime subscription and invoices it', async () => {
    const asha = await kit.member('asha_subscriber', { entitled: false, state: 'Karnataka' });
    const entitlement = async () =>
      (await kit.api('/api/cart/subscription/entitlement', { token: asha.token })).body.data;
    expect(await entitlement()).toEqual({
      entitled: false,
      kind: null,
      endsAt: null,
      trialEndedAt: null,
    });
    const plans = await kit.api('/api/cart/subscription', { token: asha.token });
    expect(plans.body.data).toEqual([
      expect.objectContaining({
        _id: 'lifetime',
        name: 'Lifetime Subscription',
        price: 999,
        totalPriceAfterTax: 1178.82,
      }),
    ]);

    // The dialog's price breakup records nothing: no cart, no order, no transaction.
    const quote = await kit.api('/api/cart/subscription/purchaseInfo/lifetime', {
      token: asha.token,
    });
    expect(quote.status).toBe(200);
    expect(quote.body.data).toMatchObject({
      totalPrice: 999,
      taxSGSTPercent: 9,
      taxSGSTAmount: 89.91,
      totalPriceAfterTax: 1178.82,
      adjustedFinalPayment: 1178.82,
    });
    expect(quote.body.data).not.toHaveProperty('_id');
    const noCart = await kit.api('/api/cart/listTransactions?page=0', { token: asha.token });
    expect(noCart.body.data).toMatchObject({ purchases: [] });

    const info = await startSubscription(asha);
    expect(info).toMatchObject({
      totalPrice: 999,
      taxCGSTPercent: 9,
      taxSGSTPercent: 9,
      taxCGSTAmount: 89.91,
      taxSGSTAmount: 89.91,
      taxIGSTAmount: 0,
      totalPriceAfterTax: 1178.82,
      adjustedFinalPayment: 1178.82,
      status: 'ordered',
    });
    expect(info.checkout?.amount).toBe(117_882);
    expect(info.cart_id).toBe(info._id);
    // Listed before it is paid (once the read model has it), with when it lapses unless paid.
    const started = await eventually(async () => {
      const unpaid = await kit.api('/api/cart/listTransactions?page=0', { token: asha.token });
      return (unpaid.body.data as { purchases: Transaction[] }).purchases[0];
    });
    expect(started).toMatchObject({ _id: info._id, status: 'ordered', invoiceNumber: null });
    expect(Date.parse(started.payBy!)).toBeGreaterThan(Date.now());

    const paid = await payAtSandbox(app, info.razorpay_order_id!);
    const { status, body } = await kit.api('/api/cart/payment/', {
      token: asha.token,
      json: { ...paid, cart_id: info._id },
    });
    expect(status).toBe(200);
    expect(body.msg).toBe(BILLING_MESSAGES.paymentSuccessful);
    expect((body.data as PurchaseInfo).status).toBe('fulfilled');

    const active = await kit.api('/api/cart/subscription/list?status=active', {
      token: asha.token,
    });
    expect(active.body.data).toEqual([
      expect.objectContaining({ _id: info._id, name: 'Lifetime Subscription', status: 'active' }),
    ]);
    expect(
      await hasActiveEntitlement(kit.db, asha.userId, new Date(Date.now() + 400 * 86_400_000)),
    ).toBe(true);
    expect(await entitlement()).toEqual({
      entitled: true,
      kind: 'subscription',
      endsAt: null,
      trialEndedAt: null,
    });

    // The webhooks for the same payment (payment.captured, order.paid) change nothing.
    await eventually(
      async () =>
        (
          await kit
            .db('payment_webhook_inbox')
            .whereNotNull('processed_at')
            .whereRaw(`body LIKE ?`, [`%${paid.razorpay_payment_id}%`])
        ).length >= 2,
    );
    expect(await captures(info._id)).toHaveLength(1);

    const list = await kit.api('/api/cart/listTransactions?page=0', { token: asha.token });
    const { purchases, totalPages } = list.body.data as {
      purchases: Transaction[];
      totalPages: number;
    };
    expect(totalPages).toBe(1);
    expect(purchases[0]).toMatchObject({
      _id: info._id,
      kind: 'subscription',
      status: 'fulfilled',
      totalPriceAfterTax: 1178.82,
      invoiceNumber: expect.stringMatching(/^BL\/\d{2}-\d{2}\/\d{6}$/),
      invoiceUrl: `/api/invoices/${info._id}`,
      payBy: null,
    });

    const invoice = await fetch(`${app.baseUrl}/api/invoices/${info._id}`, {
      headers: { authorization: `Bearer ${asha.token}` },
    });
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await invoice.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const stranger = await kit.member('not_the_buyer');
    const refused = await kit.api(`/api/invoices/${info._id}`, { token: stranger.token });
    // Not told it is not issued yet: it is, and not theirs.
    expect({ status: refused.status, msg: refused.body.msg }).toEqual({
      status: 404,
      msg: BILLING_MESSAGES.invoiceNotFound,
    });
    // Support reads it, to settle a dispute about the payment.
    const support = await kit.member('support_for_asha', { roles: ['member', 'support'] });
    const forSupport = await fetch(`${app.baseUrl}/api/invoices/${info._id}`, {
      headers: { authorization: `Bearer ${support.token}` },
    });
    expect(forSupport.status).toBe(200);
    // …found from the member's profile: their purchases as their Transactions lists them.
    const listed = await kit.api(`/api/support/users/${asha.userId}/purchases?page=0`, {
      token: support.token,
    });
    expect(listed.status).toBe(200);
    expect((listed.body.data as { purchases: unknown[] }).purchases).toEqual([
      expect.objectContaining({ _id: info._id, invoiceUrl: `/api/invoices/${info._id}` }),
    ]);
    // Not for a member, nor for a member no one has.
    const byMember = `/api/support/users/${asha.userId}/purchases`;
    expect((await kit.api(byMember, { token: stranger.token })).status).toBe(403);
    const unknown = await kit.api('/api/support/users/no-such-member/purchases', {
      token: support.token,
    });
    expect(unknown.status).toBe(404);

    const again = await kit.api('/api/cart/add/lifetime/web', { token: asha.token });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(BILLING_MESSAGES.alreadySubscribed);
    const quoted = await kit.api('/api/cart/subscription/purchaseInfo/lifetime', {
      token: asha.token,
    });
    expect([quoted.status, quoted.body.msg]).toEqual([409, BILLING_MESSAGES.alreadySubscribed]);
    // By the cart's id, that cart.
    const cart = await kit.api(`/api/cart/subscription/purchaseInfo/${info._id}`, {
      token: asha.token,
    });
    expect(cart.body.data).toMatchObject({ _id: info._id, status: 'fulfilled' });
  });

  it('says a subscription left unpaid is not needed, with nothing to pay, once one is owned', async () => {
    const dev = await kit.member('dev_left_one', { entitled: false, state: 'Karnataka' });
    // Two tabs at once, before either purchase is recorded (one opened later pays the first).
    const [left, paidOne] = await Promise.all([startSubscription(dev), startSubscription(dev)]);
    const listed = async () =>
      (
        (await kit.api('/api/cart/listTransactions?page=0', { token: dev.token })).body.data as {
          purchases: Transaction[];
        }
      ).purchases;
    const before = await eventually(async () =>
      (await listed()).find((row) => row._id === left._id),
    );
    expect(before.payBy).not.toBeNull();

    const paid = await payAtSandbox(app, paidOne.razorpay_order_id!);
    const confirmed = await kit.api('/api/cart/payment/', {
      token: dev.token,
      json: { ...paid, cart_id: paidOne._id },
    });
    expect((confirmed.body.data as PurchaseInfo).status).toBe('fulfilled');
    const after = await eventually(async () => {
      const rows = await listed();
      return rows.find((row) => row._id === paidOne._id)?.status === 'fulfilled' ? rows : null;
    });
    expect(after.find((row) => row._id === left._id)).toMatchObject({
      status: 'ordered',
      payBy: null,
      message: BILLING_MESSAGES.unpaidSubscriptionNotNeeded,
    });
  });

  it('pays the purchase left open when the member checks out the same plan again', async () => {
    const dev = await kit.member('dev_again', { entitled: false, state: 'Karnataka' });
    const purchases = async () =>
      (
        (await kit.api('/api/cart/listTransactions?page=0', { token: dev.token })).body.data as {
          purchases: Transaction[];
        }
      ).purchases;
    const listedAs = (purchaseId: string, status: string) =>
      eventually(async () =>
        (await purchases()).find((row) => row._id === purchaseId && row.status === status),
      );
    const first = await startSubscription(dev);
    await listedAs(first._id, 'ordered');

    // The checkout was closed, and Proceed pressed again: the same purchase and order.
    const again = await startSubscription(dev);
    expect([again._id, again.razorpay_order_id]).toEqual([first._id, first.razorpay_order_id]);
    // A failed attempt leaves the order open: it is paid again, not a second purchase.
    await failAtSandbox(app, first.razorpay_order_id!);
    await listedAs(first._id, 'failed');
    const afterFailure = await startSubscription(dev);
    expect(afterFailure._id).toBe(first._id);

    const paid = await payAtSandbox(app, afterFailure.razorpay_order_id!);
    const confirmed = await kit.api('/api/cart/payment/', {
      token: dev.token,
      json: { ...paid, cart_id: afterFailure._id },
    });
    expect((confirmed.body.data as PurchaseInfo).status).toBe('fulfilled');
    expect((await purchases()).map((row) => row._id)).toEqual([first._id]);
  });

  it('refunds a second Lifetime Subscription paid from a checkout opened beside the first', async () => {
    const dev = await kit.member('dev_two_tabs', { entitled: false, state: 'Karnataka' });
    // Both tabs start at once, before either is recorded or paid: both pass the start's check.
    const [first, second] = await Promise.all([startSubscription(dev), startSubscription(dev)]);
    const pay = async (info: PurchaseInfo) => {
      const paid = await payAtSandbox(app, info.razorpay_order_id!);
      return kit.api('/api/cart/payment/', {
        token: dev.token,
        json: { ...paid, cart_id: info._id },
      });
    };
    expect((await pay(first)).body.msg).toBe(BILLING_MESSAGES.paymentSuccessful);
    const twice = await pay(second);
    expect(twice.status).toBe(200);
    expect(twice.body.msg).toBe(BILLING_MESSAGES.subscriptionRefundedAlreadyOwned);
    expect((twice.body.data as PurchaseInfo).status).toMatch(/^refund(Pending|ed)$/);

    const active = await kit.api('/api/cart/subscription/list?status=active', {
      token: dev.token,
    });
    expect((active.body.data as { _id: string }[]).map((row) => row._id)).toEqual([first._id]);
    // The gateway gives the second payment back.
    await eventually(async () => (await purchaseStatus(dev, second._id)).status === 'refunded');
    const refunded = (await kit.store.readStream(purchaseStream(second._id))).find(
      (event) => event.type === 'PaymentRefunded',
    );
    expect(refunded?.data).toMatchObject({ amount: 117_882 });

    // Its invoice is reversed by a credit note, which the member and auditors can download.
    const row = await eventually(
      async () => {
        const list = await kit.api('/api/cart/listTransactions?page=0', { token: dev.token });
        const rows = (list.body.data as { purchases: Transaction[] }).purchases;
        return rows.find((one) => one._id === second._id && one.creditNoteNumber);
      },
      { what: 'the refunded purchase had its credit note' },
    );
    expect(row.invoiceNumber).toMatch(/^BL\/\d{2}-\d{2}\/\d{6}$/);
    expect(row.creditNoteNumber).toMatch(/^CN\/\d{2}-\d{2}\/\d{6}$/);
    expect(row.creditNoteUrl).toBe(`/api/credit-notes/${second._id}`);
    const note = await fetch(`${app.baseUrl}${row.creditNoteUrl}`, {
      headers: { authorization: `Bearer ${dev.token}` },
    });
    expect(note.status).toBe(200);
    expect(note.headers.get('content-type')).toBe('application/pdf');
    expect(note.headers.get('content-disposition')).toContain(
      `${row.creditNoteNumber!.replaceAll('/', '-')}.pdf`,
    );
    expect((await note.arrayBuffer()).byteLength).toBeGreaterThan(1_000);
    // The purchase that was kept has none; nor may another member read this one.
    const kept = await fetch(`${app.baseUrl}/api/credit-notes/${first._id}`, {
      headers: { authorization: `Bearer ${dev.token}` },
    });
    expect(kept.status).toBe(404);
    expect(((await kept.json()) as { msg: string }).msg).toBe(BILLING_MESSAGES.creditNoteNotFound);
    const stranger = await kit.member('not_dev');
    const theirs = await fetch(`${app.baseUrl}${row.creditNoteUrl}`, {
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(theirs.status).toBe(404);
  });

  it('tells a member on the free trial when it ends', async () => {
    const ravi = await kit.member('ravi_on_trial');
    const { body } = await kit.api('/api/cart/subscription/entitlement', { token: ravi.token });
    const { entitled, kind, endsAt } = body.data as {
      entitled: boolean;
      kind: string;
      endsAt: string;
    };
    expect({ entitled, kind }).toEqual({ entitled: true, kind: 'trial' });
    const daysLeft = (Date.parse(endsAt) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(6.9);
    expect(daysLeft).toBeLessThanOrEqual(7);
  });

  it('tells a member whose free trial is over when it ended', async () => {
    const gita = await kit.member('gita_trial_over', { entitled: false });
    const day = 86_400_000;
    const endedAt = new Date(Date.now() - day).toISOString();
    const { lastPosition } = await kit.store.append(
      accountStream(gita.userId),
      [
        {
          type: 'TrialStarted',
          data: {
            userId: gita.userId,
            startsAt: new Date(Date.now() - 8 * day).toISOString(),
            endsAt: endedAt,
          },
          metadata: { eventId: randomUUID(), now: new Date(Date.now() - 8 * day).toISOString() },
        },
      ],
      'any',
    );
    await kit.caughtUp(['entitlements'], lastPosition);
    const { body } = await kit.api('/api/cart/subscription/entitlement', { token: gita.token });
    expect(body.data).toEqual({ entitled: false, kind: null, endsAt: null, trialEndedAt: endedAt });
  });

  it('charges IGST to a buyer in another state', async () => {
    const kiran = await kit.member('kiran_kerala', { entitled: false, state: 'Kerala' });
    const info = await startSubscription(kiran);
    expect(info).toMatchObject({
      taxCGSTAmount: 0,
      taxSGSTAmount: 0,
      taxIGSTPercent: 18,
      taxIGSTAmount: 179.82,
      totalPriceAfterTax: 1178.82,
    });
  });

  it('opens one purchase and one order for a double click with the same Idempotency-Key', async () => {
    const dev = await kit.member('dev_doubleclick', { entitled: false });
    const headers = { 'idempotency-key': randomUUID() };
    const [first, second] = await Promise.all([
      startSubscription(dev, headers),
      startSubscription(dev, headers),
    ]);
    expect(second._id).toBe(first._id);
    expect(second.razorpay_order_id).toBe(first.razorpay_order_id);
  });

  it('refuses an Idempotency-Key sent again with another purchase, keeping the first', async () => {
    const dev = await kit.member('dev_keyreused');
    const headers = { 'idempotency-key': randomUUID() };
    const start = (cycle: string) =>
      kit.api('/api/space/add/betweenPosts', { token: dev.token, headers, json: { cycle } });
    const monthly = await start('monthly');
    expect(monthly.status).toBe(200);
    const yearly = await start('yearly');
    expect(yearly.status).toBe(422);
    expect(yearly.body.msg).toBe('This Idempotency-Key was already used for a different request.');
    const again = await start('monthly');
    expect((again.body.data as PurchaseInfo)._id).toBe((monthly.body.data as PurchaseInfo)._id);
  });
});

describe('news of a payment', () => {
  it('Pay now on a purchase paid at the gateway but not heard of yet records it, not a second checkout', async () => {
    const late = await kit.member('late_news', { entitled: false });
    const info = await startSubscription(late);
    // Paid; the tab closed before its success call, and the webhook is late.
    await sandboxBehaviour(app, { dropWebhooks: true });
    try {
      await payAtSandbox(app, info.razorpay_order_id!);
      expect((await purchaseStatus(late, info._id)).status).toBe('ordered');
      const payable = await kit.api(`/api/purchases/${info._id}/payable`, { token: late.token });
      expect([payable.status, payable.body.code]).toEqual([409, 'PURCHASE_NOT_PAYABLE']);
      expect((await purchaseStatus(late, info._id)).status).toBe('fulfilled');
      expect(await captures(info._id)).toHaveLength(1);
    } finally {
      await sandboxBehaviour(app, { dropWebhooks: false });
    }
  });

  it('refuses a checkout callback whose signature does not verify, and records nothing', async () => {
    const forger = await kit.member('forger_one', { entitled: false });
    const info = await startSubscription(forger);
    await sandboxBehaviour(app, { dropWebhooks: true });
    const paid = await payAtSandbox(app, info.razorpay_order_id!);
    const { status, body } = await kit.api('/api/cart/payment/', {
      token: forger.token,
      json: { ...paid, razorpay_signature: 'f'.repeat(64), cart_id: info._id },
    });
    await sandboxBehaviour(app, { dropWebhooks: false });
    expect(status).toBe(400);
    expect(body.msg).toBe(BILLING_MESSAGES.paymentVerificationFailed);
    expect(await captures(info._id)).toHaveLength(0);
  });

  it('refuses a webhook with a forged signature without storing it', async () => {
    const eventId = `evt_${randomUUID()}`;
    const status = await deliverWebhook(
      'payment.captured',
      {},
      { eventId, secret: 'not-the-secret' },
    );
    expect(status).toBe(400);
    expect(await kit.db('payment_webhook_inbox').where({ event_id: eventId })).toHaveLength(0);
  });

  it('records one capture from duplicated and out-of-order webhooks', async () => {
    const late = await kit.member('late_webhooks', { entitled: false });
    const info = await startSubscription(late);
    await sandboxBehaviour(app, { dropWebhooks: true });
    const paid = await payAtSandbox(app, info.razorpay_order_id!);
    await sandboxBehaviour(app, { dropWebhooks: false });
    const payment = await gatewayEntity('payments', paid.razorpay_payment_id);
    const order = await gatewayEntity('orders', paid.razorpay_order_id);
    // order.paid first, then payment.captured twice under one id, then a stale payment.failed.
    expect(
      await deliverWebhook('order.paid', {
        order: { entity: order },
        payment: { entity: payment },
      }),
    ).toBe(200);
    const eventId = `evt_${randomUUID()}`;
    expect(
      await deliverWebhook('payment.captured', { payment: { entity: payment } }, { eventId }),
    ).toBe(200);
    expect(
      await deliverWebhook('payment.captured', { payment: { entity: payment } }, { eventId }),
    ).toBe(200);
    const failed = {
      ...payment,
      id: `pay_${randomUUID().slice(0, 14)}`,
      status: 'failed',
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'declined',
    };
    expect(await deliverWebhook('payment.failed', { payment: { entity: failed } })).toBe(200);

    await eventually(async () => (await purchaseStatus(late, info._id)).status === 'fulfilled');
    expect(await captures(info._id)).toHaveLength(1);
    expect(await kit.db('payment_webhook_inbox').where({ event_id: eventId })).toHaveLength(1);
  });

  it('stores a capture for an unknown order and records nothing', async () => {
    const eventId = `evt_${randomUUID()}`;
    const payment = {
      id: `pay_${randomUUID().slice(0, 14)}`,
      entity: 'payment',
      amount: 117_882,
      currency: 'INR',
      status: 'captured',
      order_id: 'order_nobodyknows',
      method: 'upi',
      captured: true,
      amount_refunded: 0,
      refund_status: null,
      error_code: null,
      error_description: null,
      email: 'x@example.in',
      contact: '+919812345678',
      created_at: Math.floor(Date.now() / 1000),
    };
    expect(
      await deliverWebhook('payment.captured', { payment: { entity: payment } }, { eventId }),
    ).toBe(200);
    const row = await eventually(async () => {
      const [stored] = await kit
        .db('payment_webhook_inbox')
        .where({ event_id: eventId })
        .whereNotNull('processed_at');
      return stored as { outcome: string } | undefined;
    });
    expect(row.outcome).toBe('unknownOrder');
  });

  it('settles a payment whose callback and webhooks never arrived, through the reconciler', async () => {
    const gone = await kit.member('closed_the_tab', { entitled: false });
    const info = await startSubscription(gone);
    await sandboxBehaviour(app, { dropWebhooks: true });
    await payAtSandbox(app, info.razorpay_order_id!);
    await sandboxBehaviour(app, { dropWebhooks: false });
    expect((await purchaseStatus(gone, info._id)).status).toBe('ordered');

    const inThreeMinutes = new Date(Date.now() + 3 * 60_000);
    await eventually(async () => {
      await sweepBilling(sweepDeps(), { now: inThreeMinutes, reconcilePending: true });
      return (await purchaseStatus(gone, info._id)).status === 'fulfilled';
    });
    expect(await captures(info._id)).toHaveLength(1);
  });

  it('expires a purchase nobody paid, after asking the gateway', async () => {
    const idle = await kit.member('never_paid', { entitled: false });
    const info = await startSubscription(idle);
    const inAnHour = new Date(Date.now() + 60 * 60_000);
    await eventually(async () => {
      await sweepBilling(sweepDeps(), { now: inAnHour, reconcilePending: true });
      return (await purchaseStatus(idle, info._id)).status === 'expired';
    });
  });
});

describe('products', () => {
  it('lists everything sold with its price before tax, with or without the trailing slash', async () => {
    for (const path of ['/api/product', '/api/product/', '/api/product/usertype?userType=member']) {
      const { status, body } = await kit.api(path);
      expect(status).toBe(200);
      expect(body.data).toEqual(
        expect.arrayContaining([
          {
            _id: 'subscription:lifetime',
            name: 'Lifetime Subscription',
            kind: 'subscription',
            price: 999,
          },
          {
            _id: 'adSpace:inStream:quarterly',
            name: 'Ad space: In stream, Quarterly',
            kind: 'adSpace',
            price: 9000,
          },
        ]),
      );
    }
  });

  it('leaves the web app served beside the api', async () => {
    const page = await fetch(`${app.baseUrl}/transactions`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });
});

describe('bid processing fee', () => {
  it('places the bid only once the fee is captured', async () => {
    const owner = await kit.member('fee_owner');
    const bidder = await kit.member('fee_bidder', { entitled: false });
    const adId = await kit.ad(owner, { itemName: 'Brass tabla pair' });

    const refused = await kit.api('/api/bid/', {
      token: bidder.token,
      json: { item_id: adId, bidamt: 1500, type: 'Open', bidAlias: 'bluekite' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(MESSAGES.pleaseSubscribe);

    const quote = await kit.api('/api/bidpay/purchaseInfo/?bidamt=1500', { token: bidder.token });
    expect(quote.body.data).toMatchObject({
      totalPrice: 49,
      taxCGSTAmount: 4.41,
      taxSGSTAmount: 4.41,
      totalPriceAfterTax: 57.82,
    });
    // An amount no bid could have is refused before any fee is quoted.
    const tooLarge = '9'.repeat(30);
    for (const bidamt of ['-1', '0', 'NaN', 'xxx', '1e309', tooLarge]) {
      const nonsense = await kit.api(`/api/bidpay/purchaseInfo/?bidamt=${bidamt}`, {
        token: bidder.token,
      });
      expect(nonsense.status, bidamt).toBe(400);
      expect(nonsense.body.msg, bidamt).toBe(
        bidamt === tooLarge ? MESSAGES.amountTooLarge : MESSAGES.enterAllBidDetails,
      );
    }

    // Refused as POST /api/bid/ refuses it, in the same words, naming the same field.
    const longAlias = await kit.api('/api/bidpay/add/', {
      token: bidder.token,
      json: { item_id: adId, bidamt: 1500, type: 'Open', bidAlias: 'Q'.repeat(101) },
    });
    expect(longAlias.status).toBe(400);
    expect(longAlias.body).toMatchObject({
      msg: MESSAGES.bidAliasTooLong,
      errors: [{ field: 'bidAlias', message: MESSAGES.bidAliasTooLong }],
    });

    const added = await kit.api('/api/bidpay/add/', {
      token: bidder.token,
      json: {
        item_id: adId,
        bidamt: 1500,
        type: 'Open',
        bidAlias: 'bluekite',
        postedBy: bidder.userId,
        postedByUsername: bidder.username,
      },
    });
    expect(added.status).toBe(200);
    const info = added.body.data as PurchaseInfo;
    const success = await payFee(bidder, info);
    expect(success.status).toBe(200);
    expect(success.body.msg).toBe(MESSAGES.bidPosted);

    const summary = await kit.api(`/api/bid/bids/?item_id=${adId}`, { token: owner.token });
    expect(summary.body.data).toMatchObject({
      overallHighestBidAmount: 1500,
      allBeforeBidsCount: 1,
    });

    const fees = await kit.api('/api/bidpay/listPurchases?page=0', { token: bidder.token });
    expect((fees.body.data as { purchases: Transaction[] }).purchases[0]).toMatchObject({
      _id: info._id,
      itemAdId: { _id: adId },
      status: 'fulfilled',
    });
    // The notice says which ad the bid is on: a member may pay several fees.
    await eventually(async () => {
      const notes = await kit.api('/api/notification', { token: bidder.token });
      return JSON.stringify(notes.body.data).includes(
        'Your bid processing fee was received and your bid on Brass tabla pair was placed.',
      );
    });
  });

  it('places a bid whose fee was paid twice (two tabs) once, and refunds the second fee', async () => {
    const owner = await kit.member('twin_owner');
    const bidder = await kit.member('twin_bidder', { entitled: false });
    const adId = await kit.ad(owner);
    const bid = { item_id: adId, bidamt: 1600, type: 'Open', bidAlias: 'bluekite' };
    // Both tabs start at once, before either purchase is recorded.
    const orders = await Promise.all(
      [0, 1].map(async () => {
        const added = await kit.api('/api/bidpay/add/', { token: bidder.token, json: bid });
        expect(added.status).toBe(200);
        return added.body.data as PurchaseInfo;
      }),
    );
    const answers = [];
    for (const info of orders) answers.push(await payFee(bidder, info));
    expect(answers[0]!.body.msg).toBe(MESSAGES.bidPosted);
    expect(JSON.stringify(answers[1]!.body)).toContain(
      BILLING_MESSAGES.bidFeeRefundedAlreadyPlaced,
    );
    const summary = await kit.api(`/api/bid/bids/?item_id=${adId}`, { token: owner.token });
    expect(summary.body.data).toMatchObject({ allBeforeBidsCount: 1 });

    // A fee for another amount places a bid of its own.
    const third = await kit.api('/api/bidpay/add/', {
      token: bidder.token,
      json: { ...bid, bidamt: 1700 },
    });
    const placed = await payFee(bidder, third.body.data as PurchaseInfo);
    expect(placed.body.msg).toBe(MESSAGES.bidPosted);
  });

  it('sells no fee to a member whose subscription or trial covers bidding', async () => {
    const owner = await kit.member('covered_owner');
    const bidder = await kit.member('covered_bidder');
    const adId = await kit.ad(owner);
    const added = await kit.api('/api/bidpay/add/', {
      token: bidder.token,
      json: { item_id: adId, bidamt: 1500, type: 'Open', bidAlias: 'bluekite' },
    });
    expect(added.status).toBe(409);
    expect(added.body.msg).toBe(BILLING_MESSAGES.bidFeeNotNeeded);
  });

  it('refuses to take a fee for a bid the ad would refuse', async () => {
    const owner = await kit.member('own_fee_owner', { entitled: false });
    const adId = await kit.ad(owner);
    const own = await kit.api('/api/bidpay/add/', {
      token: owner.token,
      json: { item_id: adId, bidamt: 1500, type: 'Open', bidAlias: 'bluekite' },
    });
    expect(own.status).toBe(403);
    expect(own.body.msg).toBe(MESSAGES.ownAdBid);

    // Nor for a bid on a blocked member's ad, from a page left open since before the block.
    const staff = await kit.member('fee_support', { roles: ['support'] });
    const bidder = await kit.member('withdrawn_fee_bidder', { entitled: false });
    await kit.api(`/api/support/users/${owner.userId}/block`, {
      token: staff.token,
      json: { reason: 'Fake listings' },
    });
    const withdrawn = await kit.api('/api/bidpay/add/', {
      token: bidder.token,
      json: { item_id: adId, bidamt: 1500, type: 'Open', bidAlias: 'bluekite' },
    });
    expect(withdrawn.status).toBe(404);
    expect(withdrawn.body.msg).toBe(AD_MESSAGES.adNotFound);
  });

  it('offers Pay now on an unpaid fee while its bid would be placed, and not once bidding closed', async () => {
    const owner = await kit.member('paynow_owner');
    const bidder = await kit.member('paynow_bidder', { entitled: false });
    const adId = await kit.ad(owner);
    const added = await kit.api('/api/bidpay/add/', {
      token: bidder.token,
      json: { item_id: adId, bidamt: 2500, type: 'Hidden', bidAlias: 'bluekite' },
    });
    const info = added.body.data as PurchaseInfo;
    // Its row in Transactions says which bid the fee places.
    const row = await eventually(async () => {
      const fees = await kit.api('/api/bidpay/listPurchases?page=0', { token: bidder.token });
      return (fees.body.data as { purchases: Transaction[] }).purchases[0];
    });
    expect(row).toMatchObject({
      _id: info._id,
      bid: { bidamt: 2500, type: 'Hidden', by: 'bluekite' },
      payBy: expect.any(String),
    });
    // The ad's page asks for that ad's fees alone (item_id): another ad's fee is not among them.
    const otherAdId = await kit.ad(owner);
    const other = await kit.api('/api/bidpay/add/', {
      token: bidder.token,
      json: { item_id: otherAdId, bidamt: 2600, type: 'Open', bidAlias: 'bluekite' },
    });
    expect(other.status).toBe(200);
    const feesOf = async (itemId: string) => {
      const listed = await kit.api(`/api/bidpay/listPurchases?page=0&item_id=${itemId}`, {
        token: bidder.token,
      });
      expect(listed.status).toBe(200);
      const ids = (listed.body.data as { purchases: Transaction[] }).purchases.map(
        (fee) => fee._id,
      );
      return ids.length > 0 && ids;
    };
    expect(await eventually(() => feesOf(adId))).toEqual([info._id]);
    expect(await eventually(() => feesOf(otherAdId))).toEqual([
      (other.body.data as PurchaseInfo)._id,
    ]);
    // Nor anybody else's.
    const ownFees = await kit.api(`/api/bidpay/listPurchases?page=0&item_id=${adId}`, {
      token: owner.token,
    });
    expect((ownFees.body.data as { purchases: Transaction[] }).purchases).toEqual([]);

    const payable = await kit.api(`/api/purchases/${info._id}/payable`, { token: bidder.token });
    expect(payable.status).toBe(200);
    expect((payable.body.data as PurchaseInfo).checkout?.order_id).toBe(info.razorpay_order_id);
    // Nobody else's purchase.
    const others = await kit.api(`/api/purchases/${info._id}/payable`, { token: owner.token });
    expect(others.status).toBe(404);

    const closed = await kit.api('/api/bid/closeBid', {
      token: owner.token,
      json: { item_id: adId },
    });
    expect(closed.status).toBe(200);
    const late = await kit.api(`/api/purchases/${info._id}/payable`, { token: bidder.token });
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe(MESSAGES.biddingClosed);
    // Both lists say the fee is not needed any more (once the ads read model has the close),
    // with nothing to pay.
    for (const list of ['/api/bidpay/listPurchases?page=0', '/api/cart/listTransactions?page=0']) {
      const notNeeded = BILLING_MESSAGES.unpaidBidFeeNotNeeded;
      const entry = await purchaseListedWith(kit, bidder, list, info._id, notNeeded);
      expect(entry.payBy).toBeNull();
    }
  });

  it('offers no Pay now on an unpaid fee whose bid another fee placed', async () => {
    const owner = await kit.member('placed_owner');
    const bidder = await kit.member('placed_bidder', { entitled: false });
    const adId = await kit.ad(owner);
    const fee = () =>
      kit.api('/api/bidpay/add/', {
        token: bidder.token,
        json: { item_id: adId, bidamt: 3100, type: 'Open', bidAlias: 'bluekite' },
      });
    // Two tabs start at once, before either purchase is recorded; the member pays the second.
    const [first, second] = (await Promise.all([fee(), fee()])).map(
      (started) => started.body.data as PurchaseInfo,
    ) as [PurchaseInfo, PurchaseInfo];
    const paid = await payAtSandbox(app, second.razorpay_order_id!);
    const confirmed = await kit.api('/api/bidpay/payment/success', {
      token: bidder.token,
      json: { ...paid, purchaseId: second._id },
    });
    expect((confirmed.body.data as PurchaseInfo).status).toBe('fulfilled');

    const payable = await kit.api(`/api/purchases/${first._id}/payable`, { token: bidder.token });
    expect(payable).toMatchObject({
      status: 409,
      body: { msg: BILLING_MESSAGES.unpaidBidFeePlaced, code: 'FEE_BID_PLACED' },
    });
    // Nor is a fee sold again for it (a third tab still offering the fee): it is the member's
    // newest bid, which the ad would keep once.
    expect(await fee()).toMatchObject({
      status: 409,
      body: { msg: BILLING_MESSAGES.bidFeeBidAlreadyPlaced, code: 'BID_ALREADY_PLACED' },
    });
    const entry = await purchaseListedWith(
      kit,
      bidder,
      '/api/bidpay/listPurchases?page=0',
      first._id,
      BILLING_MESSAGES.unpaidBidFeePlaced,
    );
    expect(entry.payBy).toBeNull();
  });

  it('sells no fee for the bid a member placed already, in their trial: it would be kept once', async () => {
    const owner = await kit.member('again_owner');
    const bidder = await kit.member('again_bidder', { entitled: false });
    const adId = await kit.ad(owner);
    // Placed the day before the trial ended (the bid's entitlement is the command's).
    await placeBid(kit.store, adId, 410_000, undefined, bidder); // paise: ₹4,100
    const fee = (bidamt: number) =>
      kit.api('/api/bidpay/add/', {
        token: bidder.token,
        json: { item_id: adId, bidamt, type: 'Open', bidAlias: bidder.bidAlias },
      });
    expect(await fee(4100)).toMatchObject({
      status: 409,
      body: { msg: BILLING_MESSAGES.bidFeeBidAlreadyPlaced, code: 'BID_ALREADY_PLACED' },
    });
    // A higher bid is a bid of its own, with its fee.
    expect((await fee(4200)).status).toBe(200);
  });

  it('refunds the fee, and says why, when bidding closed before the payment was confirmed', async () => {
    const owner = await kit.member('closing_owner');
    const bidder = await kit.member('too_late_bidder', { entitled: false });
    const adId = await kit.ad(owner, { itemName: 'Sheesham bookcase' });
    const added = await kit.api('/api/bidpay/add/', {
      token: bidder.token,
      json: { item_id: adId, bidamt: 2000, type: 'Hidden', bidAlias: 'bluekite' },
    });
    const info = added.body.data as PurchaseInfo;
    const closed = await kit.api('/api/bid/closeBid', {
      token: owner.token,
      json: { item_id: adId },
    });
    expect(closed.status).toBe(200);

    const paid = await payAtSandbox(app, info.razorpay_order_id!);
    const answer = await kit.api('/api/bidpay/payment/success', {
      token: bidder.token,
      json: { ...paid, purchaseId: info._id },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe(BILLING_MESSAGES.bidFeeRefundedBiddingClosed);
    expect((answer.body.data as PurchaseInfo).status).toBe('refunded');
    const payment = await gatewayEntity('payments', paid.razorpay_payment_id);
    expect(payment.amount_refunded).toBe(5_782);
    // The member is told, in their notifications too, with the ad the fee was for.
    await eventually(async () => {
      const notes = await kit.api('/api/notification', { token: bidder.token });
      return JSON.stringify(notes.body.data).includes(
        `Refund of ₹57.82 for your bid on Sheesham bookcase: ${BILLING_MESSAGES.bidFeeRefundedBiddingClosed}`,
      );
    });

    // Support finds both refusals in the ad's history: the paid bid the close refused, with what
    // the member was told, and a fee asked for once bidding had closed.
    const again = await kit.api('/api/bidpay/add/', {
      token: bidder.token,
      json: { item_id: adId, bidamt: 2100, type: 'Open', bidAlias: 'bluekite' },
    });
    expect(again.status).toBe(409);
    const staff = await kit.member('refusal_support', { roles: ['support'] });
    const history = await kit.api(`/api/support/ads/${adId}/history`, { token: staff.token });
    expect((history.body.data as { refusals: { bids: unknown[] } }).refusals.bids).toMatchObject([
      {
        bidderId: bidder.userId,
        amount: 2000,
        type: 'Hidden',
        code: 'BIDDING_CLOSED',
        message: BILLING_MESSAGES.bidFeeRefundedBiddingClosed,
      },
      { amount: 2100, code: 'BIDDING_CLOSED', message: MESSAGES.biddingClosed },
    ]);
  });
});
