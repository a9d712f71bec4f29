import type { SlotSpaceType } from '../adspace/adSpace.rules.ts';
import { displayDate } from '../shared/indiaTime.ts';
import { AD_SPACE_CYCLES, AD_SPACE_TYPES } from '../shared/limits.ts';
import { isOneOf } from '../shared/oneOf.ts';

/*
 * What Boli sells (section 1's paid items). Every price is keyed by a product key; the price
 * table (prices.ts) maps each key to integer paise before tax.
 */

export const PURCHASE_KINDS = ['subscription', 'bidFee', 'shareFee', 'adSpace', 'adSlot'] as const;
export type PurchaseKind = (typeof PURCHASE_KINDS)[number];

export type AdSpaceType = (typeof AD_SPACE_TYPES)[number];
export type AdSpaceCycle = (typeof AD_SPACE_CYCLES)[number];

/** The one subscription plan the spec names: 'Lifetime Subscription'. */
export const LIFETIME_PLAN_ID = 'lifetime';

/** `subscription:lifetime`, `bidFee`, `shareFee`, `adSpace:<type>:<cycle>`. */
export type ProductKey =
  | `subscription:${typeof LIFETIME_PLAN_ID}`
  | 'bidFee'
  | 'shareFee'
  | `adSpace:${AdSpaceType}:${Exclude<AdSpaceCycle, 'daily'>}`;

/** A won slot's line, `adSlot:<type>`: priced by the winning bid, not by the price table. */
export type SlotProductKey = `adSlot:${SlotSpaceType}`;

/** What a purchase line sells: a product of the price table, or a won slot. */
export type LineProductKey = ProductKey | SlotProductKey;

/** Section 9: "daily is mapped to the quarterly value". */
export const pricedCycle = (cycle: AdSpaceCycle): Exclude<AdSpaceCycle, 'daily'> =>
  cycle === 'daily' ? 'quarterly' : cycle;

export const adSpaceProductKey = (type: AdSpaceType, cycle: AdSpaceCycle): ProductKey =>
  `adSpace:${type}:${pricedCycle(cycle)}`;

export const ALL_PRODUCT_KEYS: readonly ProductKey[] = [
  `subscription:${LIFETIME_PLAN_ID}`,
  'bidFee',
  'shareFee',
  ...AD_SPACE_TYPES.flatMap((type) =>
    AD_SPACE_CYCLES.filter((cycle) => cycle !== 'daily').map((cycle) =>
      adSpaceProductKey(type, cycle),
    ),
  ),
];

export const isProductKey = (value: string): value is ProductKey =>
  isOneOf(ALL_PRODUCT_KEYS, value);

/** How the screens, purchase lines and invoices name the spec's space types (section 9). */
export const SPACE_TYPE_LABELS: Record<AdSpaceType, string> = {
  authPages: 'Auth pages',
  sidePanels: 'Side panels',
  inStream: 'In stream',
  betweenPosts: 'Between posts',
};

/** … and its cycles. */
export const CYCLE_LABELS: Record<AdSpaceCycle, string> = {
  yearly: 'Yearly',
  halfyearly: 'Half-yearly',
  quarterly: 'Quarterly',
  monthly: 'Monthly',
  daily: 'Daily',
};

/** The name a purchase line and an invoice show: 'Ad space: In stream, Quarterly'. */
export function productName(key: ProductKey): string {
  if (key === 'subscription:lifetime') return 'Lifetime Subscription';
  if (key === 'bidFee') return 'Bid processing fee';
  if (key === 'shareFee') return 'Buy-share bid fee';
  const [, type, cycle] = key.split(':') as [string, AdSpaceType, AdSpaceCycle];
  return `Ad space: ${SPACE_TYPE_LABELS[type]}, ${CYCLE_LABELS[cycle]}`;
}

/** The line of a won slot: 'Ad slot: Side panels, 10-05-2026'. */
export const slotProductName = (type: SlotSpaceType, slotdate: string): string =>
  `Ad slot: ${SPACE_TYPE_LABELS[type]}, ${displayDate(slotdate)}`;

/** SAC (services accounting code) on invoices: 998365, sale of advertising space; else 998599. */
export const sacCodeOf = (key: LineProductKey): string =>
  key.startsWith('adSpace:') || key.startsWith('adSlot:') ? '998365' : '998599';
