import { rupeesToPaise } from '../shared/money.ts';
import { ALL_PRODUCT_KEYS, type ProductKey } from './products.ts';

/*
 * The price table: every price Boli charges, before tax, in one place. The spec states none of
 * them (section 9), so these defaults are ours; `npm run ops -- set-price <key> <rupees>` records
 * a PriceSet event and the `prices` read model overrides the default from then on.
 */

const rupees = (amount: number): number => rupeesToPaise(amount)!;

export const DEFAULT_PRICES: Readonly<Record<ProductKey, number>> = {
  'subscription:lifetime': rupees(999),
  bidFee: rupees(49),
  shareFee: rupees(199),
  'adSpace:authPages:yearly': rupees(50_000),
  'adSpace:authPages:halfyearly': rupees(27_000),
  'adSpace:authPages:quarterly': rupees(15_000),
  'adSpace:authPages:monthly': rupees(6_000),
  'adSpace:sidePanels:yearly': rupees(40_000),
  'adSpace:sidePanels:halfyearly': rupees(22_000),
  'adSpace:sidePanels:quarterly': rupees(12_000),
  'adSpace:sidePanels:monthly': rupees(5_000),
  'adSpace:inStream:yearly': rupees(30_000),
  'adSpace:inStream:halfyearly': rupees(16_000),
  'adSpace:inStream:quarterly': rupees(9_000),
  'adSpace:inStream:monthly': rupees(3_500),
  'adSpace:betweenPosts:yearly': rupees(25_000),
  'adSpace:betweenPosts:halfyearly': rupees(13_500),
  'adSpace:betweenPosts:quarterly': rupees(7_500),
  'adSpace:betweenPosts:monthly': rupees(3_000),
};

export type PriceTable = Readonly<Record<ProductKey, number>>;

/** The defaults with every recorded price change applied. */
export function priceTable(overrides: ReadonlyMap<string, number>): PriceTable {
  const table = { ...DEFAULT_PRICES };
  for (const key of ALL_PRODUCT_KEYS) {
    const price = overrides.get(key);
    if (price !== undefined) table[key] = price;
  }
  return table;
}
