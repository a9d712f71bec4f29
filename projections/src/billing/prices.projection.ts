import type { Knex } from 'knex';
import { PRICE_EVENT_TYPES, type PriceSet } from '@boli/engine/billing/price.events';
import { defineProjection } from '../runtime/projection.ts';

async function createPricesTable(trx: Knex.Transaction, table: string): Promise<void> {
  await trx.schema.createTable(table, (t) => {
    t.text('product_key').primary();
    /** Before tax, integer paise. */
    t.bigInteger('price').notNullable();
    t.timestamp('set_at', { useTz: true }).notNullable();
    /** Version in the one `prices` stream of the PriceSet that set it. */
    t.integer('last_version').notNullable();
  });
}

/**
 * Projection `prices`: the price each product key was last set to (`npm run ops -- set-price`).
 * Every PriceSet is on the one `prices` stream, so its stream version orders them; an upsert only
 * takes a later one, so replaying the log changes nothing. Products never set keep the defaults
 * the engine's price table gives them (merged by the api, not here).
 */
export const pricesProjection = defineProjection({
  name: 'prices',
  version: 1,
  handles: PRICE_EVENT_TYPES,
  tables: { prices: { create: createPricesTable } },
  async handleBatch(trx, events, tables) {
    const latest = new Map<string, Record<string, unknown>>();
    for (const event of events) {
      const { productKey, price, setAt } = event.data as PriceSet['data'];
      latest.set(productKey, {
        product_key: productKey,
        price,
        set_at: setAt,
        last_version: event.streamVersion,
      });
    }
    if (latest.size === 0) return;
    await trx(tables.prices)
      .insert([...latest.values()])
      .onConflict('product_key')
      .merge()
      .where(`${tables.prices}.last_version`, '<', trx.raw('excluded.last_version'));
  },
});
