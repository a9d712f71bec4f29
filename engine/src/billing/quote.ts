import type { PurchaseLine, Supplier } from './purchase.events.ts';
import type { PriceTable } from './prices.ts';
import type { SlotSpaceType } from '../adspace/adSpace.rules.ts';
import {
  productName,
  sacCodeOf,
  slotProductName,
  type AdSpaceCycle,
  type ProductKey,
} from './products.ts';
import { taxLine, type TaxRates } from './tax.ts';

/** What billing is configured with (api config: SUPPLIER_*, GST_RATE_BASIS_POINTS). */
export type BillingSettings = {
  readonly supplier: Supplier;
  readonly rates: TaxRates;
};

/** A line of what is sold, priced at `pricePaise` before tax and taxed for `buyerState`. */
function taxedLine(
  what: Pick<PurchaseLine, 'productKey' | 'name' | 'cycle'>,
  pricePaise: number,
  settings: BillingSettings,
  buyerState: string,
): PurchaseLine {
  return {
    ...what,
    sac: sacCodeOf(what.productKey),
    ...taxLine({
      pricePaise,
      rates: settings.rates,
      supplierState: settings.supplier.state,
      buyerState,
    }),
  };
}

/** One priced and taxed line for a product bought by a buyer in `buyerState`. */
export function quoteLine(input: {
  productKey: ProductKey;
  prices: PriceTable;
  settings: BillingSettings;
  buyerState: string;
  cycle?: AdSpaceCycle;
}): PurchaseLine {
  const { productKey } = input;
  return taxedLine(
    { productKey, name: productName(productKey), cycle: input.cycle ?? null },
    input.prices[productKey],
    input.settings,
    input.buyerState,
  );
}

/** The line of a slot won with a bid of `bidamt` paise: the bid is the price before tax. */
export function quoteWonSlot(input: {
  type: SlotSpaceType;
  slotdate: string;
  bidamt: number;
  settings: BillingSettings;
  buyerState: string;
}): PurchaseLine {
  return taxedLine(
    {
      productKey: `adSlot:${input.type}`,
      name: slotProductName(input.type, input.slotdate),
      cycle: 'daily',
    },
    input.bidamt,
    input.settings,
    input.buyerState,
  );
}
