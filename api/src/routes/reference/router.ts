import type { Router } from '@koa/router';
import { createRouter } from '../../http/router.ts';
import { manufacturingYears } from '@boli/engine/ads/vehicleFields';
import { neighbourhoodsOfAds } from '@boli/projections/ads/ads.queries';
import { success } from '../../http/envelope.ts';
import { parseInput } from '../../http/errors.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { respondCacheable } from './cache.ts';
import { referenceCatalogue } from './catalogue.ts';
import {
  districtsQuery,
  makesQuery,
  modelsQuery,
  neighbourhoodsQuery,
  statesQuery,
  subcategoriesQuery,
} from './schema.ts';

export type ReferenceRouterOptions = {
  /** The request time; the current year of manufacture comes from it. */
  now?: () => Date;
};

/** The spec's reference-data calls (section 7): address pickers, categories, makes, years. */
export function referenceRouter(
  infra: Pick<Infrastructure, 'db'>,
  { now = () => new Date() }: ReferenceRouterOptions = {},
): Router {
  const { addresses, categories, vehicles } = referenceCatalogue(infra.db);

  const router = createRouter({ prefix: '/api' });
  router.get('/address/getCountry', async (ctx) => {
    respondCacheable(ctx, (await addresses()).countries());
  });
  router.get('/address/getState', async (ctx) => {
    const { country } = parseInput(statesQuery, ctx.query);
    respondCacheable(ctx, (await addresses()).states(country));
  });
  router.get('/address/getDistrict', async (ctx) => {
    const { country, state } = parseInput(districtsQuery, ctx.query);
    respondCacheable(ctx, (await addresses()).districts(country, state));
  });
  router.get('/address/getNeighbourhood', async (ctx) => {
    const { country, state, district } = parseInput(neighbourhoodsQuery, ctx.query);
    respondCacheable(ctx, (await addresses()).neighbourhoods(country, state, district));
  });
  // The ad list's Neighbourhood filter: the district's list and every neighbourhood its ads name
  // (in a district without a list, members type their own), so that each ad can be found by it.
  // Not cached: it follows the ads.
  router.get('/posts/neighbourhoods', async (ctx) => {
    const { country, state, district } = parseInput(neighbourhoodsQuery, ctx.query);
    const listed = (await addresses()).neighbourhoods(country, state, district);
    const named = await neighbourhoodsOfAds(infra.db, { country, state, district });
    const names = [...new Set([...listed.map((place) => place.name), ...named])];
    ctx.body = success(names.sort((a, b) => a.localeCompare(b)).map((name) => ({ name })));
  });

  router.get('/posts/category', async (ctx) => {
    respondCacheable(ctx, (await categories()).categories());
  });
  router.get('/posts/subcategory', async (ctx) => {
    const { category } = parseInput(subcategoriesQuery, ctx.query);
    respondCacheable(ctx, (await categories()).subcategories(category));
  });
  router.get('/posts/manufacturingYears', async (ctx) => {
    respondCacheable(ctx, manufacturingYears(now()));
  });

  router.get('/manufacturer/getMakes', async (ctx) => {
    const { subcategory, category } = parseInput(makesQuery, ctx.query);
    const type = (await categories()).vehicleType(subcategory, category);
    respondCacheable(ctx, (await vehicles()).makes(type));
  });
  router.get('/manufacturer/getModels', async (ctx) => {
    const { subcategory, category, make } = parseInput(modelsQuery, ctx.query);
    const type = (await categories()).vehicleType(subcategory, category);
    respondCacheable(ctx, (await vehicles()).models(type, make));
  });
  return router;
}
