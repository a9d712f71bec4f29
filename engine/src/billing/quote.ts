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

/** One priced and taxed line for a product bought by a buyer in `buyerState`. */
export function quoteLine(input: {
  productKey: ProductKey;
  prices: PriceTable;
  settings: BillingSettings;
  buyerState: string;
  cycle?: AdSpaceCycle;
}): PurchaseLine {
  const { productKey, prices, settings } = input;
  return {
    productKey,
    name: productName(productKey),
    sac: sacCodeOf(productKey),
    cycle: input.cycle ?? null,
    ...taxLine({
      pricePaise: prices[productKey],
      rates: settings.rates,
      supplierState: settings.supplier.state,
      buyerState: input.buyerState,
    }),
  };
}

/** The line of a slot won with a bid of `bidamt` paise: the bid is the price before tax. */
export function quoteWonSlot(input: {
  type: SlotSpaceType;
  slotdate: string;
  bidamt: number;
  settings: BillingSettings;
  buyerState: string;
}): PurchaseLine {
  const productKey = `adSlot:${input.type}` as const;
  return {
    productKey,
    name: slotProductName(input.type, input.slotdate),
    sac: sacCodeOf(productKey),
    cycle: 'daily',
    ...taxLine({
      pricePaise: input.bidamt,
      rates: input.settings.rates,
      supplierState: input.settings.supplier.state,
      buyerState: input.buyerState,
    }),
  };
}
