import { describe, expect, it } from 'vitest';
import type { GatewayOrder, GatewayPayment } from '../../payments/gateway/port.ts';
import type { PurchasePaymentRow } from '@boli/projections/billing/purchases.queries';
import { compareWithGateway } from './gatewayCheck.ts';
import { AMOUNT, atGateway, recorded } from './gatewayCheck.fixtures.ts';

const order: GatewayOrder = {
  orderId: 'order_1',
  amount: AMOUNT,
  currency: 'INR',
  receipt: 'p-1',
  status: 'paid',
  notes: {},
};
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
