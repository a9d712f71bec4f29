import { readFileSync } from 'node:fs';
import type { Router } from '@koa/router';
import { createRouter } from '../../http/router.ts';
import type { Knex } from 'knex';
import { z } from 'zod';
import { paymentAttempt, payAsCheckout } from './controlRoutes.ts';
import { SandboxGatewayError } from './errors.ts';
import type { SandboxSettings } from './gateway.ts';
import { renderCheckoutPage, renderMissingOrderPage } from './checkoutPage.ts';
import { findOrder } from './store.ts';

const checkoutScript = readFileSync(new URL('./checkout.js', import.meta.url), 'utf8');

const checkoutQuery = z.object({
  order_id: z.string().min(1),
  key_id: z.string().default(''),
  name: z.string().max(100).default('Boli'),
  description: z.string().max(200).default(''),
  email: z.string().max(320).default(''),
  contact: z.string().max(32).default(''),
  origin: z.string().optional(),
});

/** Only an http(s) origin is a place to post results to; anything else is ignored. */
function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** checkout.js, the checkout page it frames, and the page's own pay endpoint. */
export function checkoutRoutes(
  db: Knex,
  settings: SandboxSettings & { keyId: string },
  kick: () => void,
): Router {
  const router = createRouter();

  router.get('/v1/checkout.js', (ctx) => {
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.set('cache-control', 'no-cache');
    ctx.set('access-control-allow-origin', '*');
    ctx.body = checkoutScript;
  });

  router.get('/checkout', async (ctx) => {
    ctx.type = 'text/html; charset=utf-8';
    const query = checkoutQuery.safeParse(ctx.query);
    const order = query.success ? await findOrder(db, query.data.order_id) : undefined;
    if (!query.success || !order) {
      ctx.status = 404;
      ctx.body = renderMissingOrderPage();
      return;
    }
    ctx.body = renderCheckoutPage({
      order,
      keyId: query.data.key_id,
      merchantName: query.data.name || 'Boli',
      description: query.data.description,
      parentOrigin: originOf(query.data.origin),
      email: query.data.email,
      contact: query.data.contact,
    });
  });

  router.post('/checkout/pay', async (ctx) => {
    const body = paymentAttempt.extend({ key_id: z.string() }).parse(ctx.request.body ?? {});
    if (body.key_id !== settings.keyId) {
      throw new SandboxGatewayError(401, 'The api key provided is invalid');
    }
    ctx.body = await payAsCheckout(db, settings, body);
    kick();
  });

  return router;
}
