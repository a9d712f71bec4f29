import type { Router } from '@koa/router';
import { createRouter } from '../../http/router.ts';
import type { Knex } from 'knex';
import { z } from 'zod';
import { createOrder, refund, type SandboxSettings } from './gateway.ts';
import { SandboxGatewayError, unknownId } from './errors.ts';
import { findOrder, findPayment, paymentsCreatedBetween, paymentsOfOrder } from './store.ts';
import { orderEntity, paymentEntity, refundEntity } from './wire.ts';

/** Razorpay allows at most 15 notes, each value a string or number. */
const notes = z
  .record(z.string(), z.union([z.string().max(256), z.number()]))
  .refine((value) => Object.keys(value).length <= 15, 'at most 15 notes')
  .optional()
  .transform((value) =>
    Object.fromEntries(Object.entries(value ?? {}).map(([k, v]) => [k, String(v)])),
  );

const newOrder = z.object({
  amount: z.number().int().min(100, 'The amount must be at least INR 1.00'),
  currency: z.literal('INR').default('INR'),
  receipt: z.string().max(40).nullish(),
  notes,
});

const newRefund = z.object({
  amount: z.number().int().positive().optional(),
  receipt: z.string().max(40).nullish(),
  notes,
});

/** Unix seconds in a query, as Razorpay takes them. */
const unixSeconds = z.coerce.number().int().nonnegative();

/** `GET /v1/payments`: created from `from` to `to` (both included), `count` (≤ 100) from `skip`. */
const paymentsQuery = z.object({
  from: unixSeconds.optional(),
  to: unixSeconds.optional(),
  count: z.coerce
    .number()
    .int()
    .min(1)
    .max(100, 'The count may not be greater than 100.')
    .default(10),
  skip: z.coerce.number().int().nonnegative().default(0),
});

/** Razorpay's API (subset) under /v1, behind HTTP Basic auth with the key id and secret. */
export function apiRoutes(
  db: Knex,
  settings: SandboxSettings & { keyId: string },
  kick: () => void,
): Router {
  const router = createRouter({ prefix: '/v1' });
  const expected = `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}`;

  router.use(async (ctx, next) => {
    if (ctx.path === '/v1/checkout.js') return next();
    if (ctx.get('authorization') !== expected) {
      throw new SandboxGatewayError(401, 'The api key provided is invalid');
    }
    return next();
  });

  router.post('/orders', async (ctx) => {
    const input = newOrder.parse(ctx.request.body ?? {});
    const order = await createOrder(db, { ...input, receipt: input.receipt ?? null });
    ctx.body = orderEntity(order);
  });

  router.get('/orders/:id', async (ctx) => {
    const order = await findOrder(db, ctx.params.id!);
    if (!order) throw unknownId();
    ctx.body = orderEntity(order);
  });

  router.get('/orders/:id/payments', async (ctx) => {
    if (!(await findOrder(db, ctx.params.id!))) throw unknownId();
    const payments = await paymentsOfOrder(db, ctx.params.id!);
    ctx.body = { entity: 'collection', count: payments.length, items: payments.map(paymentEntity) };
  });

  router.get('/payments', async (ctx) => {
    const query = paymentsQuery.parse(ctx.query);
    const payments = await paymentsCreatedBetween(db, {
      from: query.from === undefined ? undefined : new Date(query.from * 1000),
      // `to` names a second: the payments made within it are included.
      to: query.to === undefined ? undefined : new Date((query.to + 1) * 1000),
      count: query.count,
      skip: query.skip,
    });
    ctx.body = { entity: 'collection', count: payments.length, items: payments.map(paymentEntity) };
  });

  router.get('/payments/:id', async (ctx) => {
    const payment = await findPayment(db, ctx.params.id!);
    if (!payment) throw unknownId();
    ctx.body = paymentEntity(payment);
  });

  router.post('/payments/:id/refund', async (ctx) => {
    const input = newRefund.parse(ctx.request.body ?? {});
    const result = await refund(db, settings, ctx.params.id!, {
      amount: input.amount,
      receipt: input.receipt ?? null,
      notes: input.notes,
    });
    kick();
    ctx.body = refundEntity(result.refund, result.payment.currency);
  });

  return router;
}
