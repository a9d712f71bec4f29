import { describe, expect, it } from 'vitest';
import { parsePurchaseInfo, PURCHASE_STATUSES, settlementOf } from './purchaseInfo.ts';

describe('purchase info from the api', () => {
  it('reads the contract’s fields, with absent IGST lines as zero', () => {
    const info = parsePurchaseInfo({
      _id: 'b7e1',
      kind: 'subscription',
      name: 'Lifetime Subscription',
      status: 'ordered',
      totalPrice: 999,
      taxSGSTPercent: 9,
      taxCGSTPercent: 9,
      taxSGSTAmount: 89.91,
      taxCGSTAmount: 89.91,
      totalPriceAfterTax: 1178.82,
      razorpay_order_id: 'order_9',
      checkout: {
        key: 'rzp_test_boli_sandbox',
        amount: 117882,
        currency: 'INR',
        order_id: 'order_9',
        name: 'Boli',
        description: 'Lifetime Subscription',
        prefill: { name: 'Ravi Kumar', email: 'ravi@example.in', contact: '' },
      },
    });
    expect(info).toMatchObject({
      _id: 'b7e1',
      status: 'ordered',
      taxIGSTPercent: 0,
      taxIGSTAmount: 0,
      totalPriceAfterTax: 1178.82,
      checkout: { order_id: 'order_9', amount: 117882, prefill: { name: 'Ravi Kumar' } },
      adjustedFinalPayment: null,
    });
    expect(info?.checkout?.prefill).not.toHaveProperty('contact');
  });

  it('is not purchase info without a total', () => {
    expect(parsePurchaseInfo({ _id: 'x' })).toBeNull();
    expect(parsePurchaseInfo(null)).toBeNull();
  });

  it('is settled only when fulfilled, refunded, failed or expired', () => {
    expect(Object.fromEntries(PURCHASE_STATUSES.map((s) => [s, settlementOf(s)]))).toEqual({
      created: 'pending',
      ordered: 'pending',
      captured: 'pending',
      fulfilled: 'paid',
      refundPending: 'refunded',
      refunded: 'refunded',
      failed: 'failed',
      expired: 'failed',
    });
  });
});
