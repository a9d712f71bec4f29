import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError } from '../../../app/api/client.ts';
import type { ApiEnvelopeRequest } from '../../../app/session/useApi.ts';
import { canPayNow, confirmUnpaid, payablePurchase } from './payUnpaid.ts';
import { parseTransaction } from './transactionsApi.ts';

const CHECKOUT = {
  key: 'rzp_test',
  amount: 5782,
  currency: 'INR',
  order_id: 'order_1',
  name: 'Boli',
  description: 'Bid processing fee',
  prefill: { name: 'Asha Rao', email: 'asha@example.in', contact: '9876543210' },
};

const purchase = (status: string, extra: Record<string, unknown> = {}) => ({
  _id: 'p1',
  kind: 'bidFee',
  name: 'Bid processing fee',
  status,
  totalPrice: 49,
  totalPriceAfterTax: 57.82,
  taxSGSTPercent: 0,
  taxCGSTPercent: 0,
  taxIGSTPercent: 18,
  taxSGSTAmount: 0,
  taxCGSTAmount: 0,
  taxIGSTAmount: 8.82,
  adjustedFinalPayment: 57.82,
  razorpay_order_id: 'order_1',
  message: null,
  checkout: CHECKOUT,
  ...extra,
});

/** An envelope function answering `data` to every call, and the paths it was asked. */
function answering(data: unknown) {
  const asked: { path: string; json?: unknown }[] = [];
  const envelope = (async (path: string, options?: { json?: unknown }) => {
    asked.push({ path, json: options?.json });
    return { data, error: false, msg: '' };
  }) as ApiEnvelopeRequest;
  return { envelope, asked };
}

describe('Pay now on an unpaid purchase', () => {
  it('asks the server whether it can be paid now, and pays its own order', async () => {
    const { envelope, asked } = answering(purchase('ordered'));
    const info = await payablePurchase(envelope, 'p1');
    expect(info.checkout?.order_id).toBe('order_1');
    expect(asked.map((call) => call.path)).toEqual(['/api/purchases/p1/payable']);
  });

  it('passes on the server’s refusal, and refuses an answer without an order', async () => {
    const refusing = (async () => {
      throw new ApiError(409, MESSAGES.biddingClosed);
    }) as ApiEnvelopeRequest;
    await expect(payablePurchase(refusing, 'p1')).rejects.toThrow(MESSAGES.biddingClosed);
    const noOrder = payablePurchase(
      answering(purchase('created', { checkout: null })).envelope,
      'p1',
    );
    await expect(noOrder).rejects.toThrow(BILLING_MESSAGES.purchaseExpired);
    await expect(noOrder).rejects.toBeInstanceOf(ApiError);
  });

  it('answers with the purchase as it stands when it was paid since, and refuses an expired one', async () => {
    const over = (status: string) => {
      const asked: string[] = [];
      const envelope = (async (path: string) => {
        asked.push(path);
        if (path.endsWith('/payable'))
          throw new ApiError(409, 'Payment successful.', [], null, {
            code: 'PURCHASE_NOT_PAYABLE',
          });
        return { data: purchase(status, { checkout: null }), error: false, msg: '' };
      }) as ApiEnvelopeRequest;
      return { envelope, asked };
    };
    const paid = over('fulfilled');
    expect((await payablePurchase(paid.envelope, 'p1')).status).toBe('fulfilled');
    expect(paid.asked).toEqual(['/api/purchases/p1/payable', '/api/purchases/p1']);
    await expect(payablePurchase(over('expired').envelope, 'p1')).rejects.toThrow(
      'Payment successful.',
    );
  });

  it.each([
    ['subscription', '/api/cart/payment/', { cart_id: 'p1' }],
    ['bidFee', '/api/bidpay/payment/success', { purchaseId: 'p1' }],
    ['shareFee', '/api/buyShare/payment/success', { purchaseId: 'p1' }],
    ['adSpace', '/api/space/payment/success', { advtId: 'p1' }],
  ])('confirms a %s with its own success call', async (kind, path, id) => {
    const { envelope, asked } = answering(purchase('fulfilled'));
    const response = {
      razorpay_payment_id: 'pay_1',
      razorpay_order_id: 'order_1',
      razorpay_signature: 'sig',
    };
    await confirmUnpaid(envelope, kind, 'p1', response);
    expect(asked).toEqual([{ path, json: { ...response, ...id } }]);
  });

  it('is offered only for a purchase started and not paid', () => {
    const row = (payBy: string | null, kind = 'bidFee') =>
      parseTransaction({ _id: 'p1', kind, status: payBy ? 'ordered' : 'fulfilled', payBy });
    expect(canPayNow(row('2026-11-28T03:55:46.000Z'))).toBe(true);
    expect(canPayNow(row(null))).toBe(false);
    expect(canPayNow(row('2026-11-28T03:55:46.000Z', 'somethingElse'))).toBe(false);
  });
});
