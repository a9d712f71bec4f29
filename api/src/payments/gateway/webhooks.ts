import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { GatewayOrder, GatewayPayment, GatewayRefund } from './port.ts';
import {
  razorpayOrder,
  razorpayPayment,
  razorpayRefund,
  toGatewayOrder,
  toGatewayPayment,
  toGatewayRefund,
} from './razorpayEntities.ts';

export type GatewayWebhook =
  | {
      eventId: string;
      type: 'payment.captured' | 'payment.failed';
      payment: GatewayPayment;
      createdAt: string;
    }
  | {
      eventId: string;
      type: 'order.paid';
      order: GatewayOrder;
      payment: GatewayPayment;
      createdAt: string;
    }
  | {
      eventId: string;
      type: 'refund.processed';
      refund: GatewayRefund;
      payment: GatewayPayment | null;
      createdAt: string;
    }
  | { eventId: string; type: 'other'; event: string; createdAt: string };

const wrapped = <T extends z.ZodType>(entity: T) => z.object({ entity });

/** Razorpay's webhook body: `{ entity: 'event', event, payload: { payment: { entity } … } }`. */
const envelope = z.object({
  event: z.string().min(1),
  payload: z.record(z.string(), z.unknown()),
  created_at: z.number().int().nonnegative(),
});

const paymentPayload = z.object({ payment: wrapped(razorpayPayment) });
const orderPaidPayload = z.object({
  order: wrapped(razorpayOrder),
  payment: wrapped(razorpayPayment),
});
const refundPayload = z.object({
  refund: wrapped(razorpayRefund),
  payment: wrapped(razorpayPayment).optional(),
});

/**
 * Reads a webhook body (after its signature was verified). Throws on malformed JSON or a known
 * event whose entities do not match; event types Boli does not act on come back as `other`.
 *
 * The event id is Razorpay's `X-Razorpay-Event-Id` header. Should it be missing, the id is derived
 * from the body, so a redelivery of the same body still de-duplicates.
 */
export function parseWebhook(
  rawBody: Buffer | string,
  eventIdHeader: string | undefined,
): GatewayWebhook {
  const text = typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
  const body = envelope.parse(JSON.parse(text));
  const eventId =
    eventIdHeader?.trim() || `body_${createHash('sha256').update(text).digest('hex')}`;
  const createdAt = new Date(body.created_at * 1000).toISOString();
  switch (body.event) {
    case 'payment.captured':
    case 'payment.failed': {
      const { payment } = paymentPayload.parse(body.payload);
      return { eventId, type: body.event, payment: toGatewayPayment(payment.entity), createdAt };
    }
    case 'order.paid': {
      const { order, payment } = orderPaidPayload.parse(body.payload);
      return {
        eventId,
        type: 'order.paid',
        order: toGatewayOrder(order.entity),
        payment: toGatewayPayment(payment.entity),
        createdAt,
      };
    }
    case 'refund.processed': {
      const { refund, payment } = refundPayload.parse(body.payload);
      return {
        eventId,
        type: 'refund.processed',
        refund: toGatewayRefund(refund.entity),
        payment: payment ? toGatewayPayment(payment.entity) : null,
        createdAt,
      };
    }
    default:
      return { eventId, type: 'other', event: body.event, createdAt };
  }
}
