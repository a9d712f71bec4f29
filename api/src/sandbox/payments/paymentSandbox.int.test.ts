import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../ops/src/testing/database.ts';
import { razorpayGateway } from '../../payments/gateway/razorpay.ts';
import { parseWebhook } from '../../payments/gateway/webhooks.ts';
import { startPaymentSandbox, type PaymentSandbox } from './server.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhookReceiver.ts';

const keys = { keyId: 'rzp_test_sandbox', keySecret: 'sandbox-key-secret' };
const webhookSecret = 'sandbox-webhook-secret';

describe('the sandbox payment gateway', () => {
  let database: TestDatabase;
  let db: Knex;
  let receiver: WebhookReceiver;
  let sandbox: PaymentSandbox;

  const start = () =>
    startPaymentSandbox({
      db,
      port: 0,
      ...keys,
      webhookSecret,
      webhookUrl: receiver.url,
      webhookRetryBaseMs: 50,
    });
  const gateway = () => razorpayGateway({ ...keys, apiUrl: sandbox.url });

  beforeAll(async () => {
    database = await createTestDatabase();
    db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
    receiver = await startWebhookReceiver();
    sandbox = await start();
  });
  afterAll(async () => {
    await sandbox.close();
    await receiver.close();
    await db.destroy();
    await database.drop();
  });
  beforeEach(async () => {
    receiver.refuseNext(0);
    await post('/sandbox/reset', {});
  });

  const post = (path: string, body: unknown) =>
    fetch(`${sandbox.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const newOrder = (amount = 118_000) =>
    gateway().createOrder({ amount, receipt: 'r-1', notes: {} });
  const webhooksOf = async (orderId: string) => {
    const all = (await (await fetch(`${sandbox.url}/sandbox/webhooks`)).json()) as {
      eventId: string;
      event: string;
      status: string;
      attempts: number;
    }[];
    const events = receiver.received.filter((w) => w.rawBody.includes(orderId));
    return { all, events };
  };

  it('serves checkout.js as JavaScript that defines window.Razorpay', async () => {
    const response = await fetch(`${sandbox.url}/v1/checkout.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
    const script = await response.text();
    expect(script).toContain('window.Razorpay = Razorpay');
    expect(script).toContain('event.origin !== sandboxOrigin');
  });

  it('the checkout page shows the amount in rupees, UPI or Card, Pay and Fail this payment', async () => {
    const order = await newOrder(118_050);
    const query = new URLSearchParams({
      order_id: order.orderId,
      key_id: keys.keyId,
      name: 'Boli',
      description: 'Lifetime <Subscription>',
      origin: 'http://localhost:3000',
    });
    const response = await fetch(`${sandbox.url}/checkout?${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain('₹1,180.50');
    expect(html).toContain('Lifetime &lt;Subscription&gt;');
    expect(html).toMatch(/<button[^>]*id="pay"[^>]*>Pay<\/button>/);
    expect(html).toMatch(/<button[^>]*id="fail"[^>]*>Fail this payment<\/button>/);
    expect(html).toMatch(/value="upi" checked> UPI/);
    expect(html).toContain('value="card"> Card');
    expect(html).toContain('"parentOrigin":"http://localhost:3000"');
    expect(html).toContain('#5f2f9d');

    const missing = await fetch(`${sandbox.url}/checkout?order_id=order_nothingHere000`);
    expect(missing.status).toBe(404);
  });

  it("checkout's own pay endpoint needs the merchant's key id", async () => {
    const order = await newOrder();
    const wrong = await post('/checkout/pay', {
      order_id: order.orderId,
      key_id: 'rzp_test_someone_else',
    });
    expect(wrong.status).toBe(401);
    const right = await post('/checkout/pay', { order_id: order.orderId, key_id: keys.keyId });
    expect(await right.json()).toMatchObject({ razorpay_order_id: order.orderId });
  });

  it('the API refuses calls without the key secret', async () => {
    const response = await fetch(`${sandbox.url}/v1/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 10_000, currency: 'INR' }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR' } });
  });

  it('two payments of one order at once: one is captured, the other refused', async () => {
    const order = await newOrder();
    const answers = await Promise.all([
      post('/sandbox/pay', { order_id: order.orderId }),
      post('/sandbox/pay', { order_id: order.orderId }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const payments = await gateway().fetchOrderPayments(order.orderId);
    expect(payments.map((p) => p.status)).toEqual(['captured']);
  });

  it('retries a refused webhook with backoff until it is accepted', async () => {
    const order = await newOrder();
    // This order's only: a webhook of an earlier test still on its way would take a refusal.
    receiver.refuseNext(2, 503, (rawBody) => rawBody.includes(order.orderId));
    await post('/sandbox/pay', { order_id: order.orderId, outcome: 'failure' });
    const [hook] = await receiver.waitFor((w) => w.rawBody.includes(order.orderId));
    expect(hook!.event).toBe('payment.failed');
    // The sandbox marks it delivered just after the receiver has answered.
    await expect
      .poll(async () =>
        (await webhooksOf(order.orderId)).all.find((w) => w.eventId === hook!.eventId),
      )
      .toMatchObject({ status: 'delivered', attempts: 3 });
  });

  it('drops webhooks when told to, and delays them when told to', async () => {
    await post('/sandbox/behaviour', { dropWebhooks: true });
    const dropped = await newOrder();
    await post('/sandbox/pay', { order_id: dropped.orderId });

    await post('/sandbox/behaviour', { dropWebhooks: false, webhookDelayMs: 800 });
    const delayed = await newOrder();
    const paidAt = Date.now();
    await post('/sandbox/pay', { order_id: delayed.orderId });
    await receiver.waitFor((w) => w.rawBody.includes(delayed.orderId), 2);
    expect(Date.now() - paidAt).toBeGreaterThanOrEqual(700);

    const { all, events } = await webhooksOf(dropped.orderId);
    expect(events).toEqual([]);
    expect(
      all
        .filter((w) => w.status === 'dropped')
        .map((w) => w.event)
        .sort(),
    ).toEqual(['order.paid', 'payment.captured']);
  });

  it('sends refund.processed with the refund and the payment', async () => {
    const order = await newOrder(20_000);
    const paid = (await (await post('/sandbox/pay', { order_id: order.orderId })).json()) as {
      razorpay_payment_id: string;
    };
    await gateway().refund(paid.razorpay_payment_id, { amount: 5_000, receipt: 'x', notes: {} });
    const [hook] = await receiver.waitFor(
      (w) => w.event === 'refund.processed' && w.rawBody.includes(paid.razorpay_payment_id),
    );
    expect(parseWebhook(hook!.rawBody, hook!.eventId)).toMatchObject({
      type: 'refund.processed',
      refund: { paymentId: paid.razorpay_payment_id, amount: 5_000, status: 'processed' },
      payment: { amountRefunded: 5_000, status: 'captured' },
    });
  });

  it('a restart loses nothing: orders, behaviour and webhooks still owed', async () => {
    await post('/sandbox/behaviour', { webhookDelayMs: 1_500, failNextPayments: 0 });
    const order = await newOrder();
    await post('/sandbox/pay', { order_id: order.orderId });
    await post('/sandbox/behaviour', { failNextPayments: 1 });
    await sandbox.close();
    expect(receiver.received.filter((w) => w.rawBody.includes(order.orderId))).toEqual([]);

    sandbox = await start();
    expect(await gateway().fetchOrder(order.orderId)).toMatchObject({ status: 'paid' });
    const behaviour = await (await fetch(`${sandbox.url}/sandbox/behaviour`)).json();
    expect(behaviour).toMatchObject({ failNextPayments: 1, webhookDelayMs: 1_500 });
    const hooks = await receiver.waitFor((w) => w.rawBody.includes(order.orderId), 2);
    expect(hooks.map((w) => w.event).sort()).toEqual(['order.paid', 'payment.captured']);
  });
});
