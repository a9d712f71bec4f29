import type { Router } from '@koa/router';
import { createRouter } from '../../http/router.ts';
import type { Knex } from 'knex';
import { z } from 'zod';
import { behaviourPatch, changeBehaviour, readBehaviour, resetBehaviour } from './behaviour.ts';
import { pay, type SandboxSettings } from './gateway.ts';
import { recentWebhooks } from './outbox.ts';
import { checkoutFailure } from './wire.ts';

export const paymentAttempt = z.object({
  order_id: z.string().min(1),
  method: z.enum(['upi', 'card']).default('upi'),
  outcome: z.enum(['success', 'failure']).default('success'),
  email: z.string().max(320).optional(),
  contact: z.string().max(32).optional(),
});

/**
 * Pays an order the way checkout would and answers as checkout answers the merchant's page:
 * `{ razorpay_payment_id, razorpay_order_id, razorpay_signature }` on success, or
 * `{ error: { code, description, …, metadata: { order_id, payment_id } } }` on failure.
 */
export async function payAsCheckout(
  db: Knex,
  settings: SandboxSettings,
  input: z.infer<typeof paymentAttempt>,
) {
  const result = await pay(db, settings, {
    orderId: input.order_id,
    method: input.method,
    outcome: input.outcome,
    email: input.email || undefined,
    contact: input.contact || undefined,
  });
  if (result.signature === null) return checkoutFailure(result.payment);
  return {
    razorpay_payment_id: result.payment.id,
    razorpay_order_id: result.payment.orderId,
    razorpay_signature: result.signature,
  };
}

/**
 * Test and demo controls, sandbox only, no auth: pay without a browser, make the gateway
 * misbehave, look at the webhooks it sent. `reset` restores the default behaviour; orders,
 * payments and refunds stay (the app's purchases refer to them).
 */
export function controlRoutes(db: Knex, settings: SandboxSettings, kick: () => void): Router {
  const router = createRouter({ prefix: '/sandbox' });

  router.post('/pay', async (ctx) => {
    ctx.body = await payAsCheckout(db, settings, paymentAttempt.parse(ctx.request.body ?? {}));
    kick();
  });

  router.get('/behaviour', async (ctx) => {
    ctx.body = await readBehaviour(db);
  });

  router.post('/behaviour', async (ctx) => {
    ctx.body = await changeBehaviour(db, behaviourPatch.parse(ctx.request.body ?? {}));
  });

  router.post('/reset', async (ctx) => {
    ctx.body = await resetBehaviour(db);
  });

  router.get('/webhooks', async (ctx) => {
    ctx.body = await recentWebhooks(db);
  });

  return router;
}
