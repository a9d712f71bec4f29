import { z } from 'zod';
import type { GatewayOrder, GatewayPayment, GatewayRefund } from './port.ts';

/*
 * Razorpay's JSON entities (the subset Boli reads), as its API and its webhooks carry them, and
 * their translation into the port's types. One place, shared by the adapter and the webhook parser.
 */

/** Razorpay sends `notes` as an object, or as `[]` when there are none. */
const notes = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .nullish()
  .transform((value): Record<string, string> =>
    value && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]))
      : {},
  );

const paise = z.number().int().nonnegative();
/** Unix seconds. */
const unixTime = z.number().int().nonnegative();

export const razorpayOrder = z.object({
  id: z.string().min(1),
  entity: z.literal('order'),
  amount: paise,
  currency: z.literal('INR'),
  receipt: z.string().nullish(),
  status: z.enum(['created', 'attempted', 'paid']),
  notes,
  created_at: unixTime,
});

export const razorpayPayment = z.object({
  id: z.string().min(1),
  entity: z.literal('payment'),
  amount: paise,
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  order_id: z.string().nullish(),
  method: z.string().nullish(),
  amount_refunded: paise.nullish(),
  error_code: z.string().nullish(),
  error_description: z.string().nullish(),
  created_at: unixTime,
});

export const razorpayRefund = z.object({
  id: z.string().min(1),
  entity: z.literal('refund'),
  amount: paise,
  payment_id: z.string().min(1),
  status: z.enum(['pending', 'processed', 'failed']),
});

export const razorpayCollection = <T extends z.ZodType>(item: T) =>
  z.object({ entity: z.literal('collection'), count: z.number().int(), items: z.array(item) });

const isoFromUnix = (seconds: number): string => new Date(seconds * 1000).toISOString();

export const toGatewayOrder = (order: z.infer<typeof razorpayOrder>): GatewayOrder => ({
  orderId: order.id,
  amount: order.amount,
  currency: order.currency,
  receipt: order.receipt ?? '',
  status: order.status,
  notes: order.notes,
});

export const toGatewayPayment = (payment: z.infer<typeof razorpayPayment>): GatewayPayment => ({
  paymentId: payment.id,
  orderId: payment.order_id ?? '',
  amount: payment.amount,
  status: payment.status,
  method: payment.method ?? '',
  errorCode: payment.error_code ?? null,
  errorDescription: payment.error_description ?? null,
  amountRefunded: payment.amount_refunded ?? 0,
  createdAt: isoFromUnix(payment.created_at),
});

export const toGatewayRefund = (refund: z.infer<typeof razorpayRefund>): GatewayRefund => ({
  refundId: refund.id,
  paymentId: refund.payment_id,
  amount: refund.amount,
  status: refund.status,
});
