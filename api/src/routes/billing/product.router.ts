import type { Router } from '@koa/router';
import { createRouter } from '../../http/router.ts';
import { ALL_PRODUCT_KEYS, productName } from '@boli/engine/billing/products';
import { paiseToRupees } from '@boli/engine/shared/money';
import { success } from '../../http/envelope.ts';
import { parseInput } from '../../http/errors.ts';
import { pricesNow } from '../../payments/checkout.ts';
import type { BillingInfra } from './billingDeps.ts';
import { userTypeQuery } from './schema.ts';

/**
 * Section 7's /api/product: everything Boli sells with its price before tax, from the price table
 * (defaults changed by `npm run ops -- set-price`). Prices do not depend on the user type today,
 * so /usertype answers the same list for any type.
 */
export function productRouter(infra: Pick<BillingInfra, 'db'>): Router {
  const router = createRouter({ prefix: '/api/product' });

  const products = async () => {
    const prices = await pricesNow(infra.db);
    return ALL_PRODUCT_KEYS.map((key) => ({
      _id: key,
      name: productName(key),
      kind: key.split(':')[0],
      price: paiseToRupees(prices[key]),
    }));
  };

  router.get('/', async (ctx) => {
    ctx.body = success(await products());
  });

  router.get('/usertype', async (ctx) => {
    parseInput(userTypeQuery, ctx.query);
    ctx.body = success(await products());
  });

  return router;
}
