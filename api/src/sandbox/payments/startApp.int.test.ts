import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../../ops/src/testing/app.ts';
import { razorpayGateway } from '../../payments/gateway/razorpay.ts';

/** startApp() runs the payment sandbox and points the api's config at it, both ways. */
describe('the payment sandbox inside startApp()', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("serves checkout.js where the api's config says, and sends webhooks to the api", async () => {
    const { config } = app;
    const script = await fetch(config.RAZORPAY_CHECKOUT_SCRIPT_URL);
    expect(script.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(config.PAYMENT_WEBHOOK_URL).toBe(`${app.baseUrl}/api/payments/webhook`);

    const gateway = razorpayGateway({
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      apiUrl: config.RAZORPAY_API_URL,
    });
    const order = await gateway.createOrder({ amount: 10_000, receipt: 'wiring', notes: {} });
    const paid = await fetch(`${config.RAZORPAY_API_URL}/sandbox/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: order.orderId, outcome: 'failure' }),
    });
    expect(paid.status).toBe(200);

    // Whatever the api decides about an order it never made, it answers: the wire is connected.
    const deadline = Date.now() + 10_000;
    let sent: { url: string; lastResponseStatus: number | null }[] = [];
    while (Date.now() < deadline) {
      sent = (await (
        await fetch(`${config.RAZORPAY_API_URL}/sandbox/webhooks`)
      ).json()) as typeof sent;
      if (sent.some((w) => w.lastResponseStatus)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(sent[0]).toMatchObject({ url: config.PAYMENT_WEBHOOK_URL });
    expect(sent[0]!.lastResponseStatus).toBeGreaterThanOrEqual(200);
  });
});
