import { describe, expect, it } from 'vitest';
import { AMOUNT, atGateway, recorded } from './gatewayCheck.fixtures.ts';
import { reconcilePeriod } from './periodReconciliation.ts';

describe('a period reconciled with the gateway', () => {
  it('agrees when both sides hold the same payments, and says what moved on each', () => {
    const result = reconcilePeriod({
      ours: [
        recorded(),
        recorded({
          payment_id: 'pay_2',
          purchase_id: 'p-2',
          status: 'refunded',
          refund_amount: 500_00,
        }),
        recorded({ payment_id: 'pay_3', purchase_id: 'p-3', status: 'failed', amount: null }),
      ],
      gateway: [
        atGateway(),
        atGateway({ paymentId: 'pay_2', status: 'refunded', amountRefunded: 500_00 }),
        atGateway({ paymentId: 'pay_3', status: 'failed' }),
      ],
    });
    expect(result).toMatchObject({ compared: 3, agreeing: 3, differences: [], agrees: true });
    // A failed attempt took nothing, whatever the gateway says it tried.
    expect(result.ours).toEqual({ received: 2 * AMOUNT, refunded: 500_00 });
    expect(result.gateway).toEqual(result.ours);
  });

  it('finds a capture only the gateway has, which no check of one purchase can', () => {
    const result = reconcilePeriod({
      ours: [recorded()],
      gateway: [atGateway(), atGateway({ paymentId: 'pay_9', orderId: 'order_9' })],
    });
    expect(result.agrees).toBe(false);
    expect(result.differences).toEqual([
      expect.objectContaining({
        paymentId: 'pay_9',
        orderId: 'order_9',
        purchaseId: null,
        ours: null,
        problems: ['captured at the gateway, not recorded by Boli'],
      }),
    ]);
    expect(result.gateway.received - result.ours.received).toBe(AMOUNT);
  });

  it("names Boli's purchase whose order a payment only the gateway has paid", () => {
    const result = reconcilePeriod({
      ours: [],
      gateway: [atGateway({ paymentId: 'pay_9', orderId: 'order_9' })],
      purchaseOfOrder: new Map([['order_9', 'p-9']]),
    });
    expect(result.differences).toEqual([
      expect.objectContaining({ paymentId: 'pay_9', purchaseId: 'p-9', ours: null }),
    ]);
  });

  it('finds a payment Boli recorded that the gateway does not know, with its purchase', () => {
    const result = reconcilePeriod({ ours: [recorded()], gateway: [] });
    expect(result.differences).toEqual([
      expect.objectContaining({
        paymentId: 'pay_1',
        purchaseId: 'p-1',
        gateway: null,
        problems: ['recorded by Boli, unknown to the gateway'],
      }),
    ]);
  });

  it('finds a refund the gateway made that Boli has not recorded', () => {
    const result = reconcilePeriod({
      ours: [recorded()],
      gateway: [atGateway({ status: 'refunded', amountRefunded: AMOUNT })],
    });
    expect(result).toMatchObject({ compared: 1, agreeing: 0 });
    expect(result.differences[0]!.problems).toEqual([
      'Boli says captured, the gateway says refunded',
      'refunded Rs. 0.00 here, Rs. 1,178.82 at the gateway',
    ]);
    expect(result.gateway.refunded - result.ours.refunded).toBe(AMOUNT);
  });

  it('leaves out a payment the gateway has only begun, which has no outcome yet', () => {
    const result = reconcilePeriod({
      ours: [recorded()],
      gateway: [atGateway(), atGateway({ paymentId: 'pay_5', status: 'created' })],
    });
    expect(result).toMatchObject({ compared: 1, agrees: true });
  });

  it('compares each payment once, however both sides came to hold it', () => {
    const result = reconcilePeriod({
      ours: [recorded(), recorded()],
      gateway: [atGateway(), atGateway()],
    });
    expect(result).toMatchObject({ compared: 1, agreeing: 1 });
    expect(result.ours.received).toBe(AMOUNT);
  });
});
