import { describe, expect, it } from 'vitest';
import { parseWebhook } from './webhooks.ts';

/** A payment entity as Razorpay's webhooks carry it (documented fields, trimmed). */
const payment = {
  id: 'pay_DESlfW9H8K9uqM',
  entity: 'payment',
  amount: 118000,
  currency: 'INR',
  status: 'captured',
  order_id: 'order_DESlLckIVRkHWj',
  invoice_id: null,
  international: false,
  method: 'upi',
  amount_refunded: 0,
  refund_status: null,
  captured: true,
  description: null,
  vpa: 'gaurav.kumar@exampleupi',
  email: 'gaurav.kumar@example.com',
  contact: '+919000090000',
  notes: [],
  fee: 2832,
  tax: 432,
  error_code: null,
  error_description: null,
  created_at: 1567674599,
};

const order = {
  id: 'order_DESlLckIVRkHWj',
  entity: 'order',
  amount: 118000,
  amount_paid: 118000,
  amount_due: 0,
  currency: 'INR',
  receipt: 'purchase-42',
  offer_id: null,
  status: 'paid',
  attempts: 1,
  notes: { purchaseId: '42' },
  created_at: 1567674581,
};

const body = (event: string, payload: Record<string, unknown>) =>
  JSON.stringify({
    entity: 'event',
    account_id: 'acc_BFQ7uQEaa7j2z7',
    event,
    contains: Object.keys(payload),
    payload: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, { entity: v }])),
    created_at: 1567674606,
  });

describe('parsing Razorpay webhooks', () => {
  it('payment.captured carries the payment in paise, with its order id', () => {
    const parsed = parseWebhook(body('payment.captured', { payment }), 'evt_1');
    expect(parsed).toEqual({
      eventId: 'evt_1',
      type: 'payment.captured',
      createdAt: '2019-09-05T09:10:06.000Z',
      payment: {
        paymentId: 'pay_DESlfW9H8K9uqM',
        orderId: 'order_DESlLckIVRkHWj',
        amount: 118000,
        status: 'captured',
        method: 'upi',
        errorCode: null,
        errorDescription: null,
        amountRefunded: 0,
        createdAt: '2019-09-05T09:09:59.000Z',
      },
    });
  });

  it('payment.failed carries the error code and description', () => {
    const failed = {
      ...payment,
      status: 'failed',
      captured: false,
      error_code: 'BAD_REQUEST_ERROR',
      error_description: 'Payment failed',
    };
    const parsed = parseWebhook(Buffer.from(body('payment.failed', { payment: failed })), 'e');
    expect(parsed).toMatchObject({
      type: 'payment.failed',
      payment: { status: 'failed', errorCode: 'BAD_REQUEST_ERROR' },
    });
  });

  it('order.paid carries the order (receipt, notes) and the payment', () => {
    const parsed = parseWebhook(body('order.paid', { payment, order }), 'evt_2');
    expect(parsed).toMatchObject({
      type: 'order.paid',
      order: {
        orderId: order.id,
        receipt: 'purchase-42',
        status: 'paid',
        notes: { purchaseId: '42' },
      },
      payment: { paymentId: payment.id },
    });
  });

  it('refund.processed carries the refund, and the payment when sent', () => {
    const refund = {
      id: 'rfnd_FP8QHiV938haTz',
      entity: 'refund',
      amount: 50000,
      currency: 'INR',
      payment_id: payment.id,
      notes: [],
      receipt: 'refund-42',
      status: 'processed',
      created_at: 1567674700,
    };
    expect(parseWebhook(body('refund.processed', { refund }), 'evt_3')).toMatchObject({
      type: 'refund.processed',
      refund: { refundId: refund.id, paymentId: payment.id, amount: 50000, status: 'processed' },
      payment: null,
    });
    const withPayment = parseWebhook(
      body('refund.processed', { refund, payment: { ...payment, amount_refunded: 50000 } }),
      'evt_4',
    );
    expect(withPayment).toMatchObject({ payment: { amountRefunded: 50000 } });
  });

  it('events Boli does not act on come back as other', () => {
    expect(parseWebhook(body('payment.authorized', { payment }), 'evt_5')).toEqual({
      eventId: 'evt_5',
      type: 'other',
      event: 'payment.authorized',
      createdAt: '2019-09-05T09:10:06.000Z',
    });
  });

  it('without the event id header, the same body always gets the same id', () => {
    const raw = body('payment.captured', { payment });
    const first = parseWebhook(raw, undefined);
    expect(first.eventId).toMatch(/^body_[0-9a-f]{64}$/);
    expect(parseWebhook(raw, '').eventId).toBe(first.eventId);
  });

  it('throws on a body that is not JSON, or a known event with a malformed entity', () => {
    expect(() => parseWebhook('not json', 'e')).toThrow();
    expect(() => parseWebhook('{"event":"payment.captured"}', 'e')).toThrow();
    const noAmount = { ...payment, amount: undefined };
    expect(() => parseWebhook(body('payment.captured', { payment: noAmount }), 'e')).toThrow();
    const rupees = { ...payment, amount: 1180.5 };
    expect(() => parseWebhook(body('payment.captured', { payment: rupees }), 'e')).toThrow();
  });
});
