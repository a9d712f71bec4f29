import type { Knex } from 'knex';
import { checkoutSignature } from '../../payments/gateway/signatures.ts';
import { readBehaviour, takeForcedFailure } from './behaviour.ts';
import { ORDER_ALREADY_PAID, SandboxGatewayError, unknownId } from './errors.ts';
import { newId } from './ids.ts';
import { enqueueWebhook } from './outbox.ts';
import {
  findOrder,
  findPayment,
  findRefundByReceipt,
  insertOrder,
  insertPayment,
  insertRefund,
  updateOrder,
  updatePaymentRefunds,
  type OrderRow,
  type PaymentRow,
  type RefundRow,
} from './store.ts';
import { orderEntity, paymentEntity, refundEntity } from './wire.ts';

/*
 * What the sandbox gateway does, as Razorpay would: orders, payments made at checkout (captured at
 * once, like Razorpay's auto-capture), refunds. Each change and the webhooks it owes commit in
 * one transaction.
 */

export type SandboxSettings = { keySecret: string; webhookUrl: string };

export const FAILED_PAYMENT = {
  code: 'BAD_REQUEST_ERROR',
  description: 'The sandbox bank declined this payment',
} as const;

export function createOrder(
  db: Knex,
  input: {
    amount: number;
    currency: string;
    receipt: string | null;
    notes: Record<string, string>;
  },
): Promise<OrderRow> {
  return insertOrder(db, { id: newId('order'), ...input });
}

export type PaymentAttempt = {
  orderId: string;
  method: 'upi' | 'card';
  outcome: 'success' | 'failure';
  email?: string;
  contact?: string;
};

/** The signature is the checkout signature of a captured payment, null for a failed one. */
export type PaymentResult = { payment: PaymentRow; signature: string | null };

/**
 * A customer's payment attempt on an order. A success captures the full amount, marks the order
 * paid and sends `payment.captured` and `order.paid`; a failure (chosen, or forced by
 * `failNextPayments`) sends `payment.failed` and leaves the order open for another attempt.
 */
export function pay(
  db: Knex,
  settings: SandboxSettings,
  attempt: PaymentAttempt,
): Promise<PaymentResult> {
  return db.transaction(async (trx) => {
    const order = await findOrder(trx, attempt.orderId, true);
    if (!order) throw unknownId();
    if (order.status === 'paid') {
      throw new SandboxGatewayError(400, ORDER_ALREADY_PAID, 'BAD_REQUEST_ERROR');
    }
    const fails = attempt.outcome === 'failure' || (await takeForcedFailure(trx));
    const payment = await insertPayment(trx, {
      id: newId('pay'),
      orderId: order.id,
      amount: order.amount,
      currency: order.currency,
      status: fails ? 'failed' : 'captured',
      method: attempt.method,
      errorCode: fails ? FAILED_PAYMENT.code : null,
      errorDescription: fails ? FAILED_PAYMENT.description : null,
      email: attempt.email ?? 'void@razorpay.com',
      contact: attempt.contact ?? '+919000090000',
    });
    const paidOrder = await updateOrder(trx, order.id, {
      status: fails ? 'attempted' : 'paid',
      attempts: order.attempts + 1,
      amountPaid: fails ? order.amountPaid : order.amount,
    });
    const behaviour = await readBehaviour(trx);
    const send = (event: string, payload: Record<string, unknown>) =>
      enqueueWebhook(trx, { event, payload, behaviour, defaultUrl: settings.webhookUrl });
    if (fails) {
      await send('payment.failed', { payment: paymentEntity(payment) });
      return { payment, signature: null };
    }
    await send('payment.captured', { payment: paymentEntity(payment) });
    await send('order.paid', { payment: paymentEntity(payment), order: orderEntity(paidOrder) });
    return { payment, signature: checkoutSignature(order.id, payment.id, settings.keySecret) };
  });
}

/**
 * Refunds part or all of a captured payment. A receipt seen before on this payment answers with
 * that earlier refund (a retry never refunds twice); more than what is left is refused.
 */
export function refund(
  db: Knex,
  settings: SandboxSettings,
  paymentId: string,
  input: { amount?: number; receipt: string | null; notes: Record<string, string> },
): Promise<{ refund: RefundRow; payment: PaymentRow }> {
  return db.transaction(async (trx) => {
    const payment = await findPayment(trx, paymentId, true);
    if (!payment) throw unknownId();
    if (input.receipt) {
      const earlier = await findRefundByReceipt(trx, paymentId, input.receipt);
      if (earlier) return { refund: earlier, payment };
    }
    if (payment.status === 'failed') {
      throw new SandboxGatewayError(400, 'The payment has not been captured');
    }
    const left = payment.amount - payment.amountRefunded;
    const amount = input.amount ?? left;
    if (left === 0) {
      throw new SandboxGatewayError(400, 'The payment has been fully refunded already');
    }
    if (amount > left) {
      throw new SandboxGatewayError(
        400,
        'The refund amount provided is greater than amount captured',
        'BAD_REQUEST_ERROR',
        'amount',
      );
    }
    const created = await insertRefund(trx, {
      id: newId('rfnd'),
      paymentId,
      amount,
      receipt: input.receipt,
      notes: input.notes,
    });
    const refunded = payment.amountRefunded + amount;
    const updated = await updatePaymentRefunds(trx, paymentId, {
      status: refunded === payment.amount ? 'refunded' : 'captured',
      amountRefunded: refunded,
    });
    const behaviour = await readBehaviour(trx);
    await enqueueWebhook(trx, {
      event: 'refund.processed',
      payload: { refund: refundEntity(created, payment.currency), payment: paymentEntity(updated) },
      behaviour,
      defaultUrl: settings.webhookUrl,
    });
    return { refund: created, payment: updated };
  });
}
