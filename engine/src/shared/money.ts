/*
 * Money is integer paise inside the system (events, read models, arithmetic) and rupees at the
 * api's edge, where the spec's fields (price, bidamt, totalPrice …) are rupee amounts. These
 * two functions are the only conversions.
 */

export const PAISE_PER_RUPEE = 100;

/** How far, relatively, rupees × 100 may stray from whole paise by floating point alone. */
const FLOAT_ERROR = 1e-15;

/**
 * Rupees (a number with at most two decimals) to integer paise; undefined when the value is not
 * a finite non-negative amount with at most two decimals.
 */
export function rupeesToPaise(rupees: number): number | undefined {
  if (!Number.isFinite(rupees) || rupees < 0) return undefined;
  const paise = Math.round(rupees * PAISE_PER_RUPEE);
  // Only the float's own error is forgiven (19.99 × 100 = 1998.9999999999998), a few parts in
  // 10^16: a looser bound once rounded ₹2,00,000.001 to ₹2,00,000 instead of refusing it.
  if (Math.abs(paise - rupees * PAISE_PER_RUPEE) > FLOAT_ERROR * Math.max(1, paise)) {
    return undefined;
  }
  return Number.isSafeInteger(paise) ? paise : undefined;
}

/**
 * More rupees than integer paise can hold exactly (above ₹90 lakh crore): no price or bid is
 * that large, so such an amount is refused as too large rather than rounded. Digits too many for
 * a number at all (309 and more) read as Infinity, and are too large too; NaN is not a size.
 */
export const isTooLargeForPaise = (rupees: number): boolean =>
  !Number.isNaN(rupees) && Math.abs(rupees * PAISE_PER_RUPEE) > Number.MAX_SAFE_INTEGER;

/** Integer paise to rupees, exact to two decimals. */
export const paiseToRupees = (paise: number): number => paise / PAISE_PER_RUPEE;

/**
 * A non-negative number as a form writes it — digits and a decimal part, spaces around it
 * allowed — and as the api reads amounts and filter bounds: not 0x10, 1e3, -5 or Infinity, which
 * Number() would take.
 */
export const isDecimalText = (text: string): boolean => /^\d+(\.\d+)?$/.test(text.trim());
