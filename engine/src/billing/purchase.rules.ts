import type { PurchaseLine } from './purchase.events.ts';
import { sumLines, type TaxBreakdown } from './tax.ts';

const isPaise = (value: number): boolean => Number.isSafeInteger(value) && value >= 0;

/** A line adds up: non-negative paise, and its total is its price plus its taxes. */
export const lineAddsUp = (line: PurchaseLine): boolean =>
  [line.price, line.cgst, line.sgst, line.igst, line.total].every(isPaise) &&
  line.total === line.price + line.cgst + line.sgst + line.igst &&
  (line.igst === 0 || line.cgst + line.sgst === 0);

/** Only the money of a line. */
export const breakdownOf = (line: TaxBreakdown): TaxBreakdown => ({
  price: line.price,
  cgstBasisPoints: line.cgstBasisPoints,
  sgstBasisPoints: line.sgstBasisPoints,
  igstBasisPoints: line.igstBasisPoints,
  cgst: line.cgst,
  sgst: line.sgst,
  igst: line.igst,
  total: line.total,
});

/** The purchase's totals, or undefined when there is no line or a line does not add up. */
export function checkLines(lines: readonly PurchaseLine[]): TaxBreakdown | undefined {
  if (lines.length === 0 || !lines.every(lineAddsUp)) return undefined;
  return sumLines(lines.map(breakdownOf));
}
