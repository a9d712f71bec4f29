import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * Razorpay signs two things with HMAC-SHA256, hex encoded:
 * - the checkout result the browser hands back: `order_id|payment_id` with the key secret;
 * - each webhook: the raw request body, byte for byte, with the webhook secret.
 * Both are compared in constant time so a forger learns nothing from how long a refusal takes.
 */

const hmacHex = (data: Buffer | string, secret: string): string =>
  createHmac('sha256', secret).update(data).digest('hex');

/** Constant-time equality of two hex strings; unequal lengths are refused before comparing. */
function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

export function checkoutSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacHex(`${orderId}|${paymentId}`, keySecret);
}

export function verifyCheckoutSignature(
  input: { orderId: string; paymentId: string; signature: string },
  keySecret: string,
): boolean {
  return sameHex(checkoutSignature(input.orderId, input.paymentId, keySecret), input.signature);
}

export function webhookSignature(rawBody: Buffer | string, webhookSecret: string): string {
  return hmacHex(rawBody, webhookSecret);
}

export function verifyWebhookSignature(
  rawBody: Buffer | string,
  signature: string,
  webhookSecret: string,
): boolean {
  return sameHex(webhookSignature(rawBody, webhookSecret), signature);
}
