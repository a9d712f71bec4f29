import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../shared/testing/deciderSpecification.ts';
import {
  at,
  BID_FEE_SUBJECT,
  capture,
  captured,
  createSubscription,
  metadata,
  ORDER_ID,
  orderCreated,
  PURCHASE_ID,
  subscriptionCreated,
  TOTAL,
} from './billing.fixtures.ts';
import type { PurchaseCommand } from './purchase.commands.ts';
import { purchaseDecider } from './purchase.decider.ts';
import type { PurchaseEvent } from './purchase.events.ts';
import { statusOf } from './purchase.state.ts';

const given = DeciderSpecification.for(purchaseDecider);

const failure = (paymentId: string, now = at(1)): PurchaseCommand => ({
  type: 'RecordPaymentFailure',
  data: {
    orderId: ORDER_ID,
    paymentId,
    method: 'card',
    errorCode: 'BAD_REQUEST_ERROR',
    errorDescription: 'Payment declined by the bank',
    source: 'webhook',
  },
  metadata: metadata(now),
});

const fulfil = (now = at(2)): PurchaseCommand => ({
  type: 'FulfilPurchase',
  data: { outcome: { type: 'subscriptionActivated', planId: 'lifetime', startsAt: now } },
  metadata: metadata(now),
});

const requestRefund = (paymentId = 'pay_1'): PurchaseCommand => ({
  type: 'RequestRefund',
  data: { paymentId, reason: 'biddingClosed', message: 'Bidding closed before your payment.' },
  metadata: metadata(at(2)),
});

const recordRefund = (paymentId = 'pay_1', refundId = 'rfnd_1'): PurchaseCommand => ({
  type: 'RecordRefund',
  data: { paymentId, refundId, amount: TOTAL },
  metadata: metadata(at(3)),
});

const expire = (now: string): PurchaseCommand => ({
  type: 'ExpirePurchase',
  data: {},
  metadata: metadata(now),
});

const ordered = [subscriptionCreated(), orderCreated()];

describe('purchase decider', () => {
  describe('creating', () => {
    it('records the purchase with its lines and their totals', () =>
      given().when(createSubscription()).then(subscriptionCreated()));

    it('answers a retried creation with nothing', () =>
      given(subscriptionCreated()).when(createSubscription()).thenNothingHappened());

    it('refuses lines that do not add up', () => {
      const command = createSubscription() as Extract<PurchaseCommand, { type: 'CreatePurchase' }>;
      const [line] = command.data.lines;
      given()
        .when({
          ...command,
          data: { ...command.data, lines: [{ ...line!, total: line!.total + 1 }] },
        })
        .thenThrows('PURCHASE_LINES_INVALID');
    });

    it('taxes a buyer in another state with IGST', () =>
      given()
        .when(createSubscription('Kerala'))
        .thenState((state) => {
          expect(state.purchase?.totals.igst).toBe(17_982);
          expect(state.purchase?.totals.cgst).toBe(0);
        }));
  });

  describe('capture', () => {
    it('records a capture for the purchase order', () =>
      given(ordered).when(capture()).then(captured()));

    it('records one payment id once, however often it is reported', () =>
      given([...ordered, captured()])
        .when(capture('pay_1', { now: at(5) }))
        .thenNothingHappened());

    it('refuses a capture for another order', () =>
      given(ordered)
        .when(capture('pay_9', { orderId: 'order_forged' }))
        .thenThrows('ORDER_MISMATCH'));

    it('records a second payment of the same purchase as a duplicate, to refund', () =>
      given([...ordered, captured()])
        .when(capture('pay_2', { now: at(1) }))
        .then(captured('pay_2', { duplicate: true })));

    it('records a payment of another amount as a duplicate', () =>
      given(ordered)
        .when(capture('pay_1', { amount: TOTAL - 100 }))
        .then(captured('pay_1', { amount: TOTAL - 100, duplicate: true })));

    it('takes a capture after a failed attempt on the same order', () =>
      given([...ordered, { type: 'PaymentFailed', data: failedData('pay_0') }])
        .when(capture())
        .thenState((state) => expect(statusOf(state)).toBe('captured')));

    it('honours a capture that arrives after the purchase expired', () =>
      given([
        ...ordered,
        { type: 'PurchaseExpired', data: { purchaseId: PURCHASE_ID, expiredAt: at(61) } },
      ])
        .when(capture('pay_1', { now: at(62) }))
        .thenState((state) => expect(statusOf(state)).toBe('captured')));
  });

  describe('failure', () => {
    it('records a failed attempt', () =>
      given(ordered)
        .when(failure('pay_0'))
        .then({ type: 'PaymentFailed', data: failedData('pay_0') }));

    it('records a failed attempt whose word comes after another paid, and stays paid', () => {
      given([...ordered, captured()])
        .when(failure('pay_0'))
        .then({ type: 'PaymentFailed', data: failedData('pay_0') });
      given([...ordered, captured(), { type: 'PaymentFailed', data: failedData('pay_0') }])
        .when(fulfil())
        .thenState((state) => expect(statusOf(state)).toBe('fulfilled'));
      given([...ordered, captured(), fulfilledEvent()])
        .when(failure('pay_0'))
        .thenState((state) => expect(statusOf(state)).toBe('fulfilled'));
    });

    it('ignores a failure reported for a payment that was captured', () =>
      given([...ordered, captured()])
        .when(failure('pay_1'))
        .thenNothingHappened());
  });

  describe('fulfilment', () => {
    it('delivers a captured purchase once', () => {
      given([...ordered, captured()])
        .when(fulfil())
        .thenState((state) => expect(statusOf(state)).toBe('fulfilled'));
      given([...ordered, captured(), fulfilledEvent()])
        .when(fulfil())
        .thenNothingHappened();
    });

    it('refuses to deliver an unpaid purchase', () =>
      given(ordered).when(fulfil()).thenThrows('PURCHASE_COMMAND_NOT_ALLOWED'));
  });

  describe('refunds', () => {
    it('refunds a paid purchase that cannot be delivered, once', () => {
      given([...ordered, captured()])
        .when(requestRefund())
        .thenState((state) => expect(statusOf(state)).toBe('refundPending'));
      given([...ordered, captured(), refundRequested()])
        .when(requestRefund())
        .thenNothingHappened();
      given([...ordered, captured(), refundRequested()])
        .when(recordRefund())
        .thenState((state) => expect(statusOf(state)).toBe('refunded'));
      given([...ordered, captured(), refundRequested(), refunded()])
        .when(recordRefund())
        .thenNothingHappened();
    });

    it('names the ad a refunded bid fee was for, and no ad for any other purchase', () => {
      const created = subscriptionCreated();
      const bidFee: PurchaseEvent = {
        ...created,
        data: {
          ...created.data,
          kind: 'bidFee',
          subject: BID_FEE_SUBJECT,
        },
      };
      given([bidFee, orderCreated(), captured()])
        .when(requestRefund())
        .then(refundRequested({ itemName: 'Sitar' }));
      given([...ordered, captured()])
        .when(requestRefund())
        .then(refundRequested());
    });

    it('never refunds the payment of a delivered purchase by itself', () =>
      given([...ordered, captured(), fulfilledEvent()])
        .when(requestRefund())
        .thenThrows('PURCHASE_COMMAND_NOT_ALLOWED'));

    it('refunds a duplicate payment of a delivered purchase, which stays delivered', () =>
      given([...ordered, captured(), fulfilledEvent(), captured('pay_2', { duplicate: true })])
        .when(requestRefund('pay_2'))
        .thenState((state) => expect(statusOf(state)).toBe('fulfilled')));

    it('refuses to refund a payment it never captured', () =>
      given([...ordered, captured()])
        .when(requestRefund('pay_x'))
        .thenThrows('PAYMENT_NOT_CAPTURED'));
  });

  describe('expiry', () => {
    it('expires an unpaid purchase only once its time has passed', () => {
      given(ordered)
        .when(expire(at(59)))
        .thenThrows('PURCHASE_NOT_EXPIRED');
      given(ordered)
        .when(expire(at(60)))
        .then({ type: 'PurchaseExpired', data: { purchaseId: PURCHASE_ID, expiredAt: at(60) } });
    });

    it('never expires a paid purchase', () =>
      given([...ordered, captured()])
        .when(expire(at(90)))
        .thenThrows('PURCHASE_COMMAND_NOT_ALLOWED'));
  });

  it('property: however reports of payments repeat and interleave, each payment id is captured once and exactly one pays', () => {
    const report = fc.record({
      paymentId: fc.constantFrom('pay_a', 'pay_b', 'pay_c'),
      outcome: fc.constantFrom('captured', 'failed'),
    });
    fc.assert(
      fc.property(fc.array(report, { minLength: 1, maxLength: 30 }), (reports) => {
        let state = [...ordered].reduce(purchaseDecider.evolve, purchaseDecider.initialState());
        const log: PurchaseEvent[] = [];
        // A provider never reports one payment id both ways: the first report fixes its outcome.
        const outcomeOf = new Map<string, string>();
        for (const { paymentId, outcome } of reports) {
          if (!outcomeOf.has(paymentId)) outcomeOf.set(paymentId, outcome);
          const command =
            outcomeOf.get(paymentId) === 'captured' ? capture(paymentId) : failure(paymentId);
          const events = purchaseDecider.decide(command, state);
          events.forEach((event) => (state = purchaseDecider.evolve(state, event)));
          log.push(...events);
        }
        const captures = log.filter((event) => event.type === 'PaymentCaptured');
        const capturedIds = [...outcomeOf].filter(([, o]) => o === 'captured').map(([id]) => id);
        expect(captures.map((event) => event.data.paymentId).sort()).toEqual(capturedIds.sort());
        expect(captures.filter((event) => !event.data.duplicate).length).toBe(
          capturedIds.length > 0 ? 1 : 0,
        );
      }),
    );
  });
});

function failedData(paymentId: string) {
  return {
    purchaseId: PURCHASE_ID,
    orderId: ORDER_ID,
    paymentId,
    method: 'card',
    errorCode: 'BAD_REQUEST_ERROR',
    errorDescription: 'Payment declined by the bank',
    failedAt: at(1),
    source: 'webhook' as const,
  };
}

function fulfilledEvent(): PurchaseEvent {
  return {
    type: 'PurchaseFulfilled',
    data: {
      purchaseId: PURCHASE_ID,
      userId: 'u-asha',
      kind: 'subscription',
      outcome: { type: 'subscriptionActivated', planId: 'lifetime', startsAt: at(2) },
      fulfilledAt: at(2),
    },
  };
}

function refundRequested(fee: { itemName?: string } = {}): PurchaseEvent {
  return {
    type: 'RefundRequested',
    data: {
      purchaseId: PURCHASE_ID,
      userId: 'u-asha',
      paymentId: 'pay_1',
      amount: TOTAL,
      reason: 'biddingClosed',
      message: 'Bidding closed before your payment.',
      requestedAt: at(2),
      ...fee,
    },
  };
}

function refunded(): PurchaseEvent {
  return {
    type: 'PaymentRefunded',
    data: {
      purchaseId: PURCHASE_ID,
      userId: 'u-asha',
      paymentId: 'pay_1',
      refundId: 'rfnd_1',
      amount: TOTAL,
      refundedAt: at(3),
    },
  };
}

describe('creating with its order', () => {
  const withOrder = (amount = TOTAL): PurchaseCommand => {
    const command = createSubscription() as Extract<PurchaseCommand, { type: 'CreatePurchase' }>;
    return {
      ...command,
      data: { ...command.data, order: { orderId: ORDER_ID, amount, currency: 'INR' } },
    };
  };

  it('records the purchase and its provider order in one decision', () =>
    given().when(withOrder()).then([subscriptionCreated(), orderCreated()]));

  it('refuses an order for another amount than the total', () =>
    given()
      .when(withOrder(TOTAL + 1))
      .thenThrows('ORDER_AMOUNT_MISMATCH'));
});
