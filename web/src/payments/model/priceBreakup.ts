import { formatRupees } from '../../lib/format.ts';
import type { TaxBreakup } from '../api/purchaseInfo.ts';

export type BreakupRow = { label: string; amount: string; total?: true };

/** 9 → "9%", 2.5 → "2.5%", 0.125 → "0.13%". */
export const percentText = (percent: number): string => `${Number(percent.toFixed(2)).toString()}%`;

/** Taxed across states (IGST), not within the supplier's (SGST and CGST). */
export const interState = (taxes: Pick<TaxBreakup, 'taxIGSTPercent' | 'taxIGSTAmount'>): boolean =>
  taxes.taxIGSTPercent > 0 || taxes.taxIGSTAmount > 0;

/**
 * The lines of a price breakup (section 1: SGST and CGST each as a percentage and an amount): the
 * price, then SGST and CGST for a buyer in the supplier's state, or IGST for one outside it, then
 * the total after tax. `priceLabel` names the price where it is something else (a bid).
 */
export function breakupRows(breakup: TaxBreakup, priceLabel = 'Price'): BreakupRow[] {
  const taxes: BreakupRow[] = interState(breakup)
    ? [
        {
          label: `IGST (${percentText(breakup.taxIGSTPercent)})`,
          amount: formatRupees(breakup.taxIGSTAmount),
        },
      ]
    : [
        {
          label: `SGST (${percentText(breakup.taxSGSTPercent)})`,
          amount: formatRupees(breakup.taxSGSTAmount),
        },
        {
          label: `CGST (${percentText(breakup.taxCGSTPercent)})`,
          amount: formatRupees(breakup.taxCGSTAmount),
        },
      ];
  return [
    { label: priceLabel, amount: formatRupees(breakup.totalPrice) },
    ...taxes,
    { label: 'Total after tax', amount: formatRupees(breakup.totalPriceAfterTax), total: true },
  ];
}
