import { randomUUID } from 'node:crypto';
import { log } from '../services/system.ts';
import { usageRefusal } from './usage.ts';

const usage = 'usage: npm run ops -- set-price <product key> <rupees>   (keys: set-price --list)';

/**
 * `npm run ops -- set-price <product key> <rupees>`: records a PriceSet event on the `prices`
 * stream; the `prices` read model then overrides the default of engine/src/billing/prices.ts.
 * Purchases already created keep the price they were created with.
 */
export const setPriceSubcommand = {
  usage: 'set-price <product key> <rupees> — change a price before tax (list: set-price --list)',
  async run(args: string[], databaseUrl: string): Promise<number> {
    const [products, prices, decider, events, money, handling, stores, shared] = await Promise.all([
      import('@boli/engine/billing/products'),
      import('@boli/engine/billing/prices'),
      import('@boli/engine/billing/price.decider'),
      import('@boli/engine/billing/price.events'),
      import('@boli/engine/shared/money'),
      import('@boli/engine/commandHandling/handleCommand'),
      import('@boli/api/eventStoreFactory'),
      import('@boli/engine/shared/decider'),
    ]);
    if (args[0] === '--list') {
      for (const key of products.ALL_PRODUCT_KEYS) {
        console.log(
          `${key.padEnd(32)} ₹${money.paiseToRupees(prices.DEFAULT_PRICES[key])} (default)`,
        );
      }
      return 0;
    }
    const [productKey = '', rupees = ''] = args;
    if (args.length !== 2) {
      return usageRefusal(
        args.length < 2 ? 'a product key and a price are needed' : `unexpected '${args[2]}'`,
        usage,
      );
    }
    if (!products.isProductKey(productKey)) {
      console.error(`Unknown product '${productKey}'. See: npm run ops -- set-price --list`);
      return 2;
    }
    // Digits as a price is written (1e3 or 0x10 are numbers to Number(), not prices).
    const price = money.isDecimalText(rupees) ? money.rupeesToPaise(Number(rupees)) : undefined;
    if (price === undefined || price <= 0) {
      console.error(`'${rupees}' is not a price in rupees (at most two decimals, above zero).`);
      return 2;
    }
    const store = stores.createEventStore({
      EVENT_STORE: process.env.EVENT_STORE === 'kurrentdb' ? 'kurrentdb' : 'postgres',
      DATABASE_URL: databaseUrl,
      KURRENTDB_URL: process.env.KURRENTDB_URL,
    });
    try {
      const result = await handling.handleCommand({
        store,
        streamId: events.PRICES_STREAM,
        decider: decider.priceDecider,
        command: {
          type: 'SetPrice',
          data: { productKey, price },
          metadata: {
            eventId: randomUUID(),
            now: new Date().toISOString(),
            actor: { userId: `ops:${process.env.USER ?? 'operator'}`, role: 'admin' },
          },
        },
      });
      log(
        result.events.length > 0
          ? `${productKey} now costs ₹${rupees} before tax`
          : `${productKey} already costs ₹${rupees}`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof shared.DomainError)) throw error;
      console.error(`Refused: ${error.code}`);
      return 1;
    } finally {
      await store.close();
    }
  },
};
