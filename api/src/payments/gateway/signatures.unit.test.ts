import { describe, expect, it } from 'vitest';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils.js';
import {
  checkoutSignature,
  verifyCheckoutSignature,
  verifyWebhookSignature,
  webhookSignature,
} from './signatures.ts';

const keySecret = 'EnLs21M47BllR3X8PSFtjtbd';
const orderId = 'order_IEIaMR65cu6nz3';
const paymentId = 'pay_IH4NVgf4Dreq1l';
/** `printf 'order_IEIaMR65cu6nz3|pay_IH4NVgf4Dreq1l' | openssl dgst -sha256 -hmac <keySecret>` */
const knownCheckoutSignature = '0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f';

describe('checkout signature: hmac_sha256(order_id + "|" + razorpay_payment_id, key secret)', () => {
  it('matches the value computed independently with openssl', () => {
    expect(checkoutSignature(orderId, paymentId, keySecret)).toBe(knownCheckoutSignature);
  });

  it("agrees with the Razorpay SDK's own verification", () => {
    const signature = checkoutSignature(orderId, paymentId, keySecret);
    expect(
      validatePaymentVerification(
        { order_id: orderId, payment_id: paymentId },
        signature,
        keySecret,
      ),
    ).toBe(true);
  });

  it('accepts the genuine signature', () => {
    const signature = knownCheckoutSignature;
    expect(verifyCheckoutSignature({ orderId, paymentId, signature }, keySecret)).toBe(true);
  });

  it('refuses a signature for another payment, another secret, a truncated or empty one', () => {
    const other = checkoutSignature(orderId, 'pay_SomeoneElse0001', keySecret);
    const refused = [
      other,
      checkoutSignature(orderId, paymentId, 'another-secret'),
      knownCheckoutSignature.slice(0, -1),
      `${knownCheckoutSignature}0`,
      knownCheckoutSignature.toUpperCase(),
      '',
    ];
    for (const signature of refused) {
      expect(verifyCheckoutSignature({ orderId, paymentId, signature }, keySecret)).toBe(false);
    }
  });

  it('cannot be replayed by moving the separator between order and payment ids', () => {
    const signature = checkoutSignature('order_A', 'Bpay_C', keySecret);
    expect(
      verifyCheckoutSignature({ orderId: 'order_AB', paymentId: 'pay_C', signature }, keySecret),
    ).toBe(false);
  });
});

describe('webhook signature: hmac_sha256(raw body, webhook secret)', () => {
  it('matches RFC 4231 test case 2', () => {
    expect(webhookSignature('what do ya want for nothing?', 'Jefe')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
  });

  it('signs the bytes, so a Buffer and its UTF-8 string sign alike (₹ included)', () => {
    const body = '{"event":"payment.captured","note":"₹499"}';
    expect(webhookSignature(Buffer.from(body, 'utf8'), 's')).toBe(webhookSignature(body, 's'));
  });

  it('verifies the genuine body and refuses a body changed by one byte', () => {
    const body = Buffer.from('{"event":"payment.captured","amount":49900}');
    const signature = webhookSignature(body, 'hook-secret');
    expect(verifyWebhookSignature(body, signature, 'hook-secret')).toBe(true);
    const tampered = Buffer.from('{"event":"payment.captured","amount":49901}');
    expect(verifyWebhookSignature(tampered, signature, 'hook-secret')).toBe(false);
    expect(verifyWebhookSignature(body, signature, 'other-secret')).toBe(false);
    expect(verifyWebhookSignature(body, 'not-hex', 'hook-secret')).toBe(false);
  });
});
