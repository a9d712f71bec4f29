import type { OrderRow, PaymentRow, RefundRow } from './store.ts';

/* The sandbox's rows as Razorpay's JSON entities (the fields Razorpay documents, subset). */

const unix = (date: Date): number => Math.floor(date.getTime() / 1000);

export const orderEntity = (order: OrderRow) => ({
  id: order.id,
  entity: 'order' as const,
  amount: order.amount,
  amount_paid: order.amountPaid,
  amount_due: order.amount - order.amountPaid,
  currency: order.currency,
  receipt: order.receipt,
  offer_id: null,
  status: order.status,
  attempts: order.attempts,
  notes: order.notes,
  created_at: unix(order.createdAt),
});

export const paymentEntity = (payment: PaymentRow) => ({
  id: payment.id,
  entity: 'payment' as const,
  amount: payment.amount,
  currency: payment.currency,
  status: payment.status,
  order_id: payment.orderId,
  invoice_id: null,
  international: false,
  method: payment.method,
  amount_refunded: payment.amountRefunded,
  refund_status:
    payment.amountRefunded === 0
      ? null
      : payment.amountRefunded < payment.amount
        ? 'partial'
        : 'full',
  captured: payment.status !== 'failed',
  description: null,
  vpa: payment.method === 'upi' ? 'success@razorpay' : null,
  email: payment.email,
  contact: payment.contact,
  notes: [],
  error_code: payment.errorCode,
  error_description: payment.errorDescription,
  error_source: payment.errorCode ? 'customer' : null,
  error_step: payment.errorCode ? 'payment_authentication' : null,
  error_reason: payment.errorCode ? 'payment_failed' : null,
  created_at: unix(payment.createdAt),
});

export const refundEntity = (refund: RefundRow, currency: string) => ({
  id: refund.id,
  entity: 'refund' as const,
  amount: refund.amount,
  currency,
  payment_id: refund.paymentId,
  notes: refund.notes,
  receipt: refund.receipt,
  status: refund.status,
  speed_processed: 'normal',
  created_at: unix(refund.createdAt),
});

/** What checkout hands the merchant's `payment.failed` callback: `{ error: { … } }`. */
export const checkoutFailure = (payment: PaymentRow) => ({
  error: {
    code: payment.errorCode,
    description: payment.errorDescription,
    source: 'customer',
    step: 'payment_authentication',
    reason: 'payment_failed',
    metadata: { order_id: payment.orderId, payment_id: payment.id },
  },
});
