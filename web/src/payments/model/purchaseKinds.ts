import type { PurchaseKind } from '@boli/engine/billing/products';

/** A kind of purchase to list, or all of them: what /transactions and /audit filter by. */
export type PurchaseKindChoice = 'all' | PurchaseKind;

/**
 * The kinds of purchase in the screens' words, with the value each one asks the api for, and the
 * name a sentence gives them ('No won ad slot transactions yet.') where the label reads badly in one.
 */
export const PURCHASE_KIND_CHOICES: readonly {
  value: PurchaseKindChoice;
  label: string;
  inSentence?: string;
}[] = [
  { value: 'all', label: 'All' },
  { value: 'subscription', label: 'Membership' },
  { value: 'bidFee', label: 'Bid fee' },
  { value: 'shareFee', label: 'Share fee' },
  { value: 'adSpace', label: 'Ad space' },
  { value: 'adSlot', label: 'Ad slot won', inSentence: 'won ad slot' },
];

/** The kind an address names (`?type=`, `?kind=`), or 'all' for none or one it does not know. */
export const purchaseKindChoiceOf = (value: string | null): PurchaseKindChoice =>
  PURCHASE_KIND_CHOICES.find((choice) => choice.value === value)?.value ?? 'all';

/** A kind's name within a sentence ('bid fee', 'won ad slot'). */
export function purchaseKindInSentence(kind: PurchaseKindChoice): string {
  const choice = PURCHASE_KIND_CHOICES.find((each) => each.value === kind);
  return choice?.inSentence ?? choice?.label.toLowerCase() ?? kind;
}
