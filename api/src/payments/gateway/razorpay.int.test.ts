import { createServer, type Server } from 'node:http';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../ops/src/testing/database.ts';
import { startPaymentSandbox, type PaymentSandbox } from '../../sandbox/payments/server.ts';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../sandbox/payments/webhookReceiver.ts';
import { GatewayError } from './errors.ts';
import type { PaymentGateway } from './port.ts';
import { razorpayGateway } from './razorpay.ts';
import { verifyCheckoutSignature, verifyWebhookSignature } from './signatures.ts';
import { parseWebhook } from './webhooks.ts';

const keys = { keyId: 'rzp_test_int', keySecret: 'int-key-secret' };
const webhookSecret = 'int-webhook-secret';

/** What `/sandbox/pay` answers: checkout's success fields, or checkout's `error` on failure. */
type CheckoutAnswer = {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
  error?: { code: string; description: string; metadata: { order_id: string; payment_id: string } };
};

describe('the Razorpay adapter against the sandbox gateway', () => {
  let database: TestDatabase;
  let db: Knex;
  let receiver: WebhookReceiver;
  let sandbox: PaymentSandbox;
  let gateway: PaymentGateway;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
    receiver = await startWebhookReceiver();
    sandbox = await startPaymentSandbox({
      db,
      port: 0,
      ...keys,
      webhookSecret,
      webhookUrl: receiver.url,
      webhookRetryBaseMs: 50,
    });
    gateway = razorpayGateway({ ...keys, apiUrl: sandbox.url });
  });
  afterAll(async () => {
    await sandbox.close();
    await receiver.close();
    await db.destroy();
    await database.drop();
  });
  beforeEach(async () => {
    await control('/sandbox/reset', {});
  });

  async function control(path: string, body: unknown): Promise<unknown> {
    const response = await fetch(`${sandbox.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return response.json();
  }

  const newOrder = (amount = 118_000) =>
    gateway.createOrder({
      amount,
      receipt: `p-${Math.random()}`.slice(0, 20),
      notes: { kind: 'bidFee' },
    });

  const payOrder = (orderId: string, outcome: 'success' | 'failure' = 'success') =>
    control('/sandbox/pay', {
      order_id: orderId,
      method: 'upi',
      outcome,
    }) as Promise<CheckoutAnswer>;

  const eventsFor = (orderId: string) => (w: { rawBody: string }) => w.rawBody.includes(orderId);

  it('creates an order in paise, with its receipt and notes, and fetches it back', async () => {
    const order = await gateway.createOrder({
      amount: 118_000,
      receipt: 'purchase-1',
      notes: { purchaseId: 'purchase-1' },
    });
    expect(order).toEqual({
      orderId: expect.stringMatching(/^order_\w{14}$/),
      amount: 118_000,
      currency: 'INR',
      receipt: 'purchase-1',
      status: 'created',
      notes: { purchaseId: 'purchase-1' },
    });
    expect(await gateway.fetchOrder(order.orderId)).toEqual(order);
    expect(await gateway.fetchOrderPayments(order.orderId)).toEqual([]);
  });

  it('a paid order is paid, its captured payment is listed and fetched, the signature verifies', async () => {
    const order = await newOrder();
    const paid = await payOrder(order.orderId);
    expect(paid.razorpay_order_id).toBe(order.orderId);
    expect(
      verifyCheckoutSignature(
        {
          orderId: order.orderId,
          paymentId: paid.razorpay_payment_id,
          signature: paid.razorpay_signature,
        },
        keys.keySecret,
      ),
    ).toBe(true);
    expect(await gateway.fetchOrder(order.orderId)).toMatchObject({ status: 'paid' });
    const payment = await gateway.fetchPayment(paid.razorpay_payment_id);
    expect(payment).toMatchObject({
      paymentId: paid.razorpay_payment_id,
      orderId: order.orderId,
      amount: 118_000,
      status: 'captured',
      method: 'upi',
      errorCode: null,
      amountRefunded: 0,
    });
    expect(Date.parse(payment.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await gateway.fetchOrderPayments(order.orderId)).toEqual([payment]);
  });

  it("lists a period's payments a page at a time, newest first, the period's end left out", async () => {
    const order = await newOrder();
    // 130 payments a second apart, in a year no other test pays in: more than one page (100).
    const start = Date.parse('2001-01-01T00:00:00Z');
    const at = (index: number) => new Date(start + index * 1000);
    await db('sandbox_gateway_payments').insert(
      Array.from({ length: 130 }, (_, index) => ({
        id: `pay_listed${String(index).padStart(3, '0')}`,
        order_id: order.orderId,
        amount: 118_000,
        currency: 'INR',
        status: 'captured',
        method: 'upi',
        created_at: at(index),
      })),
    );
    const listed = await gateway.paymentsCreated({ from: at(0), to: at(130) }, 1_000);
    expect(listed.more).toBe(false);
    expect(listed.payments.map((payment) => payment.paymentId)).toEqual(
      Array.from(
        { length: 130 },
        (_, index) => `pay_listed${String(129 - index).padStart(3, '0')}`,
      ),
    );
    expect(listed.payments[0]).toMatchObject({ orderId: order.orderId, status: 'captured' });
    // [from, to): a payment made at `to` is the next period's; one within from's second, before it.
    const inner = await gateway.paymentsCreated(
      { from: new Date(at(0).getTime() + 500), to: at(129) },
      1_000,
    );
    expect(inner.payments.map((payment) => payment.paymentId).sort()).toEqual(
      Array.from({ length: 128 }, (_, index) => `pay_listed${String(index + 1).padStart(3, '0')}`),
    );
    // At most 120: the second page is cut short, and the answer says more exist.
    const capped = await gateway.paymentsCreated({ from: at(0), to: at(130) }, 120);
    expect(capped.payments).toHaveLength(120);
    expect(capped.more).toBe(true);
    expect(await gateway.paymentsCreated({ from: at(-60), to: at(0) }, 10)).toEqual({
      payments: [],
      more: false,
    });
  });

  it('refunds once per receipt however often it is asked, and refuses to refund more than was paid', async () => {
    const order = await newOrder(50_000);
    const { razorpay_payment_id: paymentId } = await payOrder(order.orderId);
    const input = { amount: 20_000, receipt: 'refund-1', notes: { reason: 'bidding closed' } };
    const first = await gateway.refund(paymentId, input);
    const again = await gateway.refund(paymentId, input);
    expect(first).toEqual({
      refundId: expect.stringMatching(/^rfnd_/),
      paymentId,
      amount: 20_000,
      status: 'processed',
    });
    expect(again).toEqual(first);
    expect(await gateway.fetchPayment(paymentId)).toMatchObject({
      amountRefunded: 20_000,
      status: 'captured',
    });

    const tooMuch = gateway.refund(paymentId, { amount: 30_001, receipt: 'refund-2', notes: {} });
    await expect(tooMuch).rejects.toBeInstanceOf(GatewayError);
    await expect(tooMuch).rejects.toMatchObject({ status: 400, code: 'BAD_REQUEST_ERROR' });

    await gateway.refund(paymentId, { amount: 30_000, receipt: 'refund-3', notes: {} });
    expect(await gateway.fetchPayment(paymentId)).toMatchObject({
      amountRefunded: 50_000,
      status: 'refunded',
    });
  });

  it('delivers signed payment.captured and order.paid webhooks that parse', async () => {
    const order = await newOrder();
    const { razorpay_payment_id: paymentId } = await payOrder(order.orderId);
    const hooks = await receiver.waitFor(eventsFor(order.orderId), 2);
    for (const hook of hooks) {
      expect(verifyWebhookSignature(hook.rawBody, hook.signature, webhookSecret)).toBe(true);
      expect(verifyWebhookSignature(hook.rawBody, hook.signature, 'forged')).toBe(false);
    }
    const parsed = hooks.map((hook) => parseWebhook(hook.rawBody, hook.eventId));
    expect(parsed.map((p) => p.type).sort()).toEqual(['order.paid', 'payment.captured']);
    for (const webhook of parsed) {
      expect(webhook).toMatchObject({
        payment: { paymentId, orderId: order.orderId, amount: 118_000 },
      });
    }
    expect(new Set(parsed.map((p) => p.eventId)).size).toBe(2);
  });

  it('with webhookCopies 2 each webhook arrives twice with the same event id', async () => {
    await control('/sandbox/behaviour', { webhookCopies: 2 });
    const order = await newOrder();
    await payOrder(order.orderId);
    const hooks = await receiver.waitFor(eventsFor(order.orderId), 4);
    const captured = hooks.filter((hook) => hook.event === 'payment.captured');
    expect(captured).toHaveLength(2);
    expect(captured[0]!.eventId).toBe(captured[1]!.eventId);
    expect(captured[0]!.rawBody).toBe(captured[1]!.rawBody);
  });

  it('a failed payment leaves the order attempted and sends payment.failed', async () => {
    const order = await newOrder();
    const answer = await payOrder(order.orderId, 'failure');
    expect(answer.error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      metadata: { order_id: order.orderId },
    });
    const [hook] = await receiver.waitFor(eventsFor(order.orderId));
    const webhook = parseWebhook(hook!.rawBody, hook!.eventId);
    expect(webhook).toMatchObject({
      type: 'payment.failed',
      payment: { orderId: order.orderId, status: 'failed', errorCode: 'BAD_REQUEST_ERROR' },
    });
    expect(await gateway.fetchOrder(order.orderId)).toMatchObject({ status: 'attempted' });
    const refund = gateway.refund(answer.error!.metadata.payment_id, {
      amount: 100,
      receipt: 'r',
      notes: {},
    });
    await expect(refund).rejects.toMatchObject({ status: 400 });
  });

  it('failNextPayments makes the next payment fail even when the customer pays', async () => {
    await control('/sandbox/behaviour', { failNextPayments: 1 });
    const order = await newOrder();
    expect((await payOrder(order.orderId)).error).toBeDefined();
    const second = await payOrder(order.orderId);
    expect(second.razorpay_payment_id).toMatch(/^pay_/);
    const payments = await gateway.fetchOrderPayments(order.orderId);
    expect(payments.map((p) => p.status).sort()).toEqual(['captured', 'failed']);
  });

  it('turns refusals into GatewayErrors: unknown ids, wrong keys, an unreachable gateway', async () => {
    await expect(gateway.fetchOrder('order_doesNotExist00')).rejects.toMatchObject({
      status: 400,
      code: 'BAD_REQUEST_ERROR',
      description: 'The id provided does not exist',
    });
    const wrongKey = razorpayGateway({ keyId: keys.keyId, keySecret: 'nope', apiUrl: sandbox.url });
    await expect(wrongKey.fetchOrder('order_x')).rejects.toMatchObject({ status: 401 });
    await expect(
      gateway.createOrder({ amount: 99, receipt: 'r', notes: {} }),
    ).rejects.toMatchObject({ status: 400, code: 'BAD_REQUEST_ERROR' });
    const nowhere = razorpayGateway({ ...keys, apiUrl: 'http://127.0.0.1:1' });
    const unreachable = nowhere.fetchOrder('order_x');
    await expect(unreachable).rejects.toBeInstanceOf(GatewayError);
    await expect(unreachable).rejects.toMatchObject({ status: 0, retryable: true });
  });
});

describe("the Razorpay adapter's connections", () => {
  /** A gateway that keeps connections a minute, and answers each call after `answerMs`. */
  async function gatewayServer(answerMs: number) {
    const closedAt: number[] = [];
    const server: Server = createServer((_request, response) => {
      setTimeout(() => {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'No.' } }));
      }, answerMs);
    });
    server.keepAliveTimeout = 60_000;
    server.on('connection', (socket) => {
      socket.on('close', () => closedAt.push(Date.now()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    return { url: `http://127.0.0.1:${port}`, server, closedAt };
  }
  const closeServer = (server: Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });

  it('closes a connection left idle before a server would, so no call goes out on a closing one', async () => {
    const { url, server, closedAt } = await gatewayServer(0);
    try {
      const gateway = razorpayGateway({ ...keys, apiUrl: url, idleConnectionMs: 200 });
      await expect(gateway.fetchPayment('pay_idle')).rejects.toMatchObject({ status: 404 });
      const answered = Date.now();
      // The server would keep it a minute: only the adapter closes it, once idle 200 ms.
      await vi.waitFor(() => expect(closedAt).toHaveLength(1), { timeout: 5_000 });
      expect(closedAt[0]! - answered).toBeGreaterThanOrEqual(150);
    } finally {
      await closeServer(server);
    }
  });

  it('waits out an answer slower than the idle time on a connection in use', async () => {
    const { url, server, closedAt } = await gatewayServer(600);
    try {
      const gateway = razorpayGateway({ ...keys, apiUrl: url, idleConnectionMs: 200 });
      await expect(gateway.fetchPayment('pay_slow')).rejects.toMatchObject({
        status: 404,
        description: 'No.',
      });
      // Again, on the connection kept: a call under way is not an idle connection.
      await expect(gateway.fetchPayment('pay_slow')).rejects.toMatchObject({ status: 404 });
      expect(closedAt).toHaveLength(0);
    } finally {
      await closeServer(server);
    }
  });
});
