import type { Knex } from 'knex';
import type { ProductKey } from '@boli/engine/billing/products';

/*
 * Reads of the prices read model (logical view `prices`): only the prices someone set. The
 * defaults for products never set are merged by the engine's price table, not here.
 */

const PRICES = 'prices';

/** Product key → price before tax in paise, for every product whose price was set. */
export async function currentPrices(db: Knex): Promise<Map<ProductKey, number>> {
  const rows: { product_key: ProductKey; price: string }[] = await db(PRICES).select(
    'product_key',
    'price',
  );
  return new Map(rows.map((row) => [row.product_key, Number(row.price)]));
}

export type PriceRow = {
  readonly productKey: ProductKey;
  readonly price: number;
  readonly setAt: string;
};

/** Every set price with when it was set, by product key (for the ops tool's listing). */
export async function listSetPrices(db: Knex): Promise<PriceRow[]> {
  const rows: { product_key: ProductKey; price: string; set_at: Date }[] = await db(PRICES)
    .select('product_key', 'price', 'set_at')
    .orderBy('product_key');
  return rows.map((row) => ({
    productKey: row.product_key,
    price: Number(row.price),
    setAt: new Date(row.set_at).toISOString(),
  }));
}
