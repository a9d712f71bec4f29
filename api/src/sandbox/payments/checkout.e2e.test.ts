import http from 'node:http';
import type { AddressInfo } from 'node:net';
import knex, { type Knex } from 'knex';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputThenAwait, launchBrowser } from '../../../../ops/src/testing/browser.ts';
import {
  clickInCheckout,
  closeSandboxCheckout,
  sandboxCheckout,
} from '../../../../ops/src/testing/sandboxCheckout.ts';
import { createTestDatabase, type TestDatabase } from '../../../../ops/src/testing/database.ts';
import { razorpayGateway } from '../../payments/gateway/razorpay.ts';
import { verifyCheckoutSignature } from '../../payments/gateway/signatures.ts';
import { startPaymentSandbox, type PaymentSandbox } from './server.ts';
import { startWebhookReceiver, type WebhookReceiver } from './webhookReceiver.ts';

/*
 * checkout.js in Chromium, loaded by a merchant page on another origin (127.0.0.1:<port> loads
 * it from localhost:<sandbox port>), exactly as the web app uses Razorpay's script.
 */

const keys = { keyId: 'rzp_test_browser', keySecret: 'browser-key-secret' };

const merchantPage = (scriptUrl: string) => `<!doctype html><html><head><meta charset="utf-8">
<title>Merchant</title><script src="${scriptUrl}"></script></head><body>
<button id="buy">Buy</button>
<script>
  window.results = { success: [], failures: [], dismissed: 0 };
  document.getElementById('buy').addEventListener('click', () => {
    const rzp = new Razorpay({
      key: ${JSON.stringify(keys.keyId)},
      order_id: new URLSearchParams(location.search).get('order'),
      name: 'Boli', description: 'Lifetime Subscription',
      prefill: { email: 'asha@example.in', contact: '+919876543210' },
      handler: (response) => window.results.success.push(response),
      modal: { ondismiss: () => (window.results.dismissed += 1) },
    });
    rzp.on('payment.failed', (response) => window.results.failures.push(response));
    rzp.open();
  });
</script></body></html>`;

describe('checkout.js on a merchant page of another origin', () => {
  let database: TestDatabase;
  let db: Knex;
  let receiver: WebhookReceiver;
  let sandbox: PaymentSandbox;
  let merchant: http.Server;
  let merchantUrl: string;
  let browser: Browser;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
    receiver = await startWebhookReceiver();
    sandbox = await startPaymentSandbox({
      db,
      port: 0,
      ...keys,
      webhookSecret: 'browser-webhook-secret',
      webhookUrl: receiver.url,
    });
    const scriptUrl = `http://localhost:${sandbox.port}/v1/checkout.js`;
    merchant = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(merchantPage(scriptUrl));
    });
    await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
    merchantUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}/`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    merchant?.closeAllConnections();
    merchant?.close();
    await sandbox?.close();
    await receiver?.close();
    await db?.destroy();
    await database?.drop();
  });

  type Results = { success: Record<string, string>[]; failures: unknown[]; dismissed: number };
  const results = (page: Page) =>
    page.evaluate(() => (globalThis as unknown as { results: Results }).results);

  async function openCheckout(amount: number) {
    const order = await razorpayGateway({ ...keys, apiUrl: sandbox.url }).createOrder({
      amount,
      receipt: 'browser',
      notes: {},
    });
    const page = await browser.newPage();
    await page.goto(`${merchantUrl}?order=${order.orderId}`);
    await page.getByRole('button', { name: 'Buy' }).click();
    const checkout = sandboxCheckout(page);
    return { order, page, checkout };
  }

  it('a failure is reported and checkout stays open; then Pay hands back a signature that verifies', async () => {
    const { order, page, checkout } = await openCheckout(118_000);
    expect(await checkout.getByText('₹1,180').textContent()).toBe('₹1,180');

    await clickInCheckout(page, 'Fail this payment');
    await page.waitForFunction(
      () => (globalThis as unknown as { results: Results }).results.failures.length === 1,
    );
    const [failure] = (await results(page)).failures as {
      error: { metadata: { order_id: string } };
    }[];
    expect(failure!.error.metadata.order_id).toBe(order.orderId);
    await checkout
      .getByRole('status')
      .getByText(/Payment failed/)
      .waitFor();

    await checkout.getByRole('radio', { name: 'Card' }).check();
    await clickInCheckout(page, 'Pay');
    await page.waitForFunction(
      () => (globalThis as unknown as { results: Results }).results.success.length === 1,
    );
    const [success] = (await results(page)).success;
    expect(success!.razorpay_order_id).toBe(order.orderId);
    expect(
      verifyCheckoutSignature(
        {
          orderId: success!.razorpay_order_id!,
          paymentId: success!.razorpay_payment_id!,
          signature: success!.razorpay_signature!,
        },
        keys.keySecret,
      ),
    ).toBe(true);
    expect(await page.locator('iframe').count()).toBe(0);
    const payment = await razorpayGateway({ ...keys, apiUrl: sandbox.url }).fetchPayment(
      success!.razorpay_payment_id!,
    );
    expect(payment).toMatchObject({ method: 'card', status: 'captured' });

    // Opened again, the paid order's checkout says so and offers nothing to click.
    await page.getByRole('button', { name: 'Buy' }).click();
    await checkout.getByText('This order has already been paid.').waitFor();
    expect(await checkout.getByRole('button', { name: 'Pay', exact: true }).isDisabled()).toBe(
      true,
    );
    expect(await checkout.getByRole('button', { name: 'Fail this payment' }).isDisabled()).toBe(
      true,
    );
    await page.close();
  });

  it('ignores look-alike messages from any other origin, and Close calls ondismiss', async () => {
    const { page, checkout } = await openCheckout(50_000);
    await checkout.getByRole('button', { name: 'Pay', exact: true }).waitFor();
    await page.evaluate(() =>
      (globalThis as unknown as { postMessage(data: unknown, origin: string): void }).postMessage(
        {
          source: 'boli-sandbox-checkout',
          type: 'success',
          response: { razorpay_payment_id: 'pay_forged', razorpay_signature: 'x' },
        },
        '*',
      ),
    );
    await page.waitForTimeout(200);
    expect((await results(page)).success).toEqual([]);

    // Close removes the checkout's iframe, the frame the click landed in.
    await closeSandboxCheckout(page);
    await page.waitForFunction(
      () => (globalThis as unknown as { results: Results }).results.dismissed === 1,
    );
    expect(await page.locator('iframe').count()).toBe(0);
    await page.close();
  });

  it('closes on the browser’s Back as on Close, and takes its history entry out when closed so', async () => {
    const { page, checkout } = await openCheckout(50_000);
    await checkout.getByRole('button', { name: 'Pay', exact: true }).waitFor();
    type Entries = { history: { length: number; state: Record<string, unknown> | null } };
    const entries = () => page.evaluate(() => (globalThis as unknown as Entries).history.length);
    const opened = await entries();
    await page.goBack();
    await page.waitForFunction(
      () => (globalThis as unknown as { results: Results }).results.dismissed === 1,
    );
    expect(await page.locator('iframe').count()).toBe(0);
    // The merchant's page is still the one shown: Back closed the checkout, not the page.
    expect(await page.getByRole('button', { name: 'Buy' }).isVisible()).toBe(true);

    // Closed by its Close, the checkout's entry goes: the next Back is the page's own.
    await page.getByRole('button', { name: 'Buy' }).click();
    await checkout.getByRole('button', { name: 'Pay', exact: true }).waitFor();
    expect(await entries()).toBe(opened);
    await closeSandboxCheckout(page);
    await page.waitForFunction(
      () => (globalThis as unknown as { results: Results }).results.dismissed === 2,
    );
    await expect
      .poll(() =>
        page.evaluate(() => (globalThis as unknown as Entries).history.state?.boliSandboxCheckout),
      )
      .toBeUndefined();
    await page.close();
  });

  it('opened from the keyboard, takes the focus, keeps Tab inside and closes on Escape', async () => {
    const order = await razorpayGateway({ ...keys, apiUrl: sandbox.url }).createOrder({
      amount: 50_000,
      receipt: 'keyboard',
      notes: {},
    });
    const page = await browser.newPage();
    await page.goto(`${merchantUrl}?order=${order.orderId}`);
    // Polled by the clock, not by animation frames, which a page in the background may not get.
    const soon = { timeout: 15_000, polling: 50 };
    const dismissed = (times: number) =>
      page.waitForFunction(`window.results.dismissed === ${times}`, undefined, soon);
    const frameFocused = "document.activeElement?.tagName === 'IFRAME'";
    // A key that moves the focus into the checkout's frame, or removes that frame, may never be
    // acknowledged by Chromium: see inputThenAwait.
    const press = (key: string, effect: () => Promise<unknown>) =>
      inputThenAwait(() => page.keyboard.press(key), effect);
    await page.getByRole('button', { name: 'Buy' }).focus();
    await press('Enter', () => page.waitForFunction(frameFocused, undefined, soon));
    // The checkout's own document, once loaded: the iframe may be focused before it is.
    const element = await page.waitForSelector('iframe[name="boli-sandbox-checkout"]', soon);
    const frame = await element.contentFrame();
    if (!frame) throw new Error('the checkout iframe has no frame');
    await frame.waitForLoadState('load', soon);
    // In the page's own words (this file is typechecked without the DOM's types). Waited for,
    // with a timeout: a key press is answered before the focus has moved.
    const focusOn = (name: string) => () =>
      frame.waitForFunction(
        `(() => {
          const at = document.activeElement;
          const name =
            at?.getAttribute('aria-label') || at?.textContent?.trim() || at?.getAttribute('value');
          return name === ${JSON.stringify(name)};
        })()`,
        undefined,
        soon,
      );
    await focusOn('upi')();
    await press('Tab', focusOn('Pay'));
    await press('Tab', focusOn('Fail this payment'));
    await press('Tab', focusOn('Close checkout'));
    await press('Shift+Tab', focusOn('Fail this payment'));
    await press('Escape', () => dismissed(1));
    expect(await page.locator('iframe').count()).toBe(0);

    // Escape on the merchant's page, the focus outside the checkout, closes it too.
    await page.getByRole('button', { name: 'Buy' }).click();
    await page.waitForFunction(frameFocused, undefined, soon);
    await page.evaluate(`(() => {
      document.activeElement?.blur();
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    })()`);
    await dismissed(2);
    await page.close();
  });
});
