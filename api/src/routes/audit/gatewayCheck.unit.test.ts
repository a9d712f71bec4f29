import { describe, expect, it } from 'vitest';
import type { GatewayOrder, GatewayPayment } from '../../payments/gateway/port.ts';
import type { PurchasePaymentRow } from '@boli/projections/billing/purchases.queries';
import { compareWithGateway } from './gatewayCheck.ts';

const AMOUNT = 1178_82;
const order: GatewayOrder = {
  orderId: 'order_1',
  amount: AMOUNT,
  currency: 'INR',
  receipt: 'p-1',
  status: 'paid',
  notes: {},
};
const recorded = (overrides: Partial<PurchasePaymentRow> = {}): PurchasePaymentRow => ({
  payment_id: 'pay_1',
  purchase_id: 'p-1',
  order_id: 'order_1',
  amount: AMOUNT,
  method: 'upi',
  status: 'captured',
  duplicate: false,
  source: 'checkout',
  captured_at: '2026-11-21T10:01:00.000Z',
  failed_at: null,
  occurred_at: '2026-11-21T10:01:00.000Z',
  error_code: null,
  error_description: null,
  refund_reason: null,
  refund_requested_at: null,
  refund_id: null,
  refund_amount: null,
  refunded_at: null,
  ...overrides,
});
const atGateway = (overrides: Partial<GatewayPayment> = {}): GatewayPayment => ({
  paymentId: 'pay_1',
  orderId: 'order_1',
  amount: AMOUNT,
  status: 'captured',
  method: 'upi',
  errorCode: null,
  errorDescription: null,
  amountRefunded: 0,
  createdAt: '2026-11-21T10:01:00.000Z',
  ...overrides,
});
const compare = (
  ours: PurchasePaymentRow[],
  gatewayPayments: GatewayPayment[],
  gatewayOrder = order,
) =>
  compareWithGateway({
    expectedAmount: AMOUNT,
    orderIds: ['order_1'],
    ours,
    gatewayOrders: new Map([['order_1', gatewayOrder]]),
    gatewayPayments,
  });

describe("our payments beside the gateway's record", () => {
  it('agree when both sides know the same capture', () => {
    const comparison = compare([recorded()], [atGateway()]);
    expect(comparison.agrees).toBe(true);
    expect(comparison.payments).toEqual([
      {
        paymentId: 'pay_1',
        orderId: 'order_1',
        ours: { status: 'captured', amount: AMOUNT, method: 'upi', refunded: 0 },
        gateway: { status: 'captured', amount: AMOUNT, method: 'upi', refunded: 0 },
        problems: [],
      },
    ]);
  });

  it('agree on a failed payment and a refunded one', () => {
    const comparison = compare(
      [
        recorded({ payment_id: 'pay_0', status: 'failed', amount: null, method: null }),
        recorded({ status: 'refunded', refund_amount: AMOUNT }),
      ],
      [
        atGateway({ paymentId: 'pay_0', status: 'failed' }),
        atGateway({ status: 'refunded', amountRefunded: AMOUNT }),
      ],
    );
    expect(comparison.agrees).toBe(true);
  });

  it('flag a capture the gateway has and Boli never recorded', () => {
    const comparison = compare([], [atGateway()]);
    expect(comparison.agrees).toBe(false);
    expect(comparison.payments[0]!.problems).toEqual([
      'captured at the gateway, not recorded by Boli',
    ]);
  });

  it('flag a payment the gateway does not know, and an order it does not know', () => {
    const comparison = compareWithGateway({
      expectedAmount: AMOUNT,
      orderIds: ['order_1'],
      ours: [recorded()],
      gatewayOrders: new Map([['order_1', null]]),
      gatewayPayments: [],
    });
    expect(comparison.orders[0]!.problems).toEqual(['unknown to the gateway']);
    expect(comparison.payments[0]!.problems).toEqual(['recorded by Boli, unknown to the gateway']);
  });

  it('flag differing amounts, methods, outcomes and refunds', () => {
    const comparison = compare(
      [recorded()],
      [atGateway({ amount: 100, method: 'card', status: 'refunded', amountRefunded: 100 })],
      { ...order, amount: 100 },
    );
    expect(comparison.orders[0]!.problems).toEqual([
      'ordered Rs. 1,178.82, the gateway has Rs. 1.00',
    ]);
    expect(comparison.payments[0]!.problems).toEqual([
      'Boli says captured, the gateway says refunded',
      'amount Rs. 1,178.82 here, Rs. 1.00 at the gateway',
      'method upi here, card at the gateway',
      'refunded Rs. 0.00 here, Rs. 1.00 at the gateway',
    ]);
  });
});
