/*
 * GST on what Boli sells. Rule (ARCHITECTURE "Payments", issue #7):
 * - the buyer's place of supply is in the supplier's state → CGST + SGST, each half the rate;
 *   otherwise IGST at the full rate. A buyer with no state on file is taxed as intra-state
 *   (for services to unregistered buyers the place of supply defaults to the supplier's
 *   location).
 * - Rates are basis points (1800 = 18 %). Each tax amount is computed per line, in integer
 *   paise, as price × rate ÷ 10 000 rounded half up; a line's total is its price plus its tax
 *   amounts, and a purchase's totals are the sums of its lines — so the parts always add up to
 *   the total exactly.
 */

export type TaxRates = {
  /** GST rate in basis points: 1800 = 18 %. */
  readonly gstBasisPoints: number;
};

export type TaxBreakdown = {
  /** Price before tax, integer paise. */
  readonly price: number;
  readonly cgstBasisPoints: number;
  readonly sgstBasisPoints: number;
  readonly igstBasisPoints: number;
  readonly cgst: number;
  readonly sgst: number;
  readonly igst: number;
  /** price + cgst + sgst + igst. */
  readonly total: number;
};

export const DEFAULT_GST_BASIS_POINTS = 1800;

/** price × basisPoints ÷ 10 000, half up, for a non-negative integer price. */
export const taxAmount = (pricePaise: number, basisPoints: number): number =>
  Math.floor((pricePaise * basisPoints + 5_000) / 10_000);

/** The state whose GST applies: the buyer's, or the supplier's when the buyer gave none. */
export const placeOfSupplyOf = (
  buyerState: string | null | undefined,
  supplierState: string,
): string => (!buyerState || buyerState.trim() === '' ? supplierState : buyerState);

/** Whether the supply is within the supplier's state (names compared without case or spaces). */
const intraState = (supplierState: string, buyerState: string | null | undefined): boolean =>
  placeOfSupplyOf(buyerState, supplierState).trim().toLowerCase() ===
  supplierState.trim().toLowerCase();

/** The tax of one line sold by a supplier in `supplierState` to a buyer in `buyerState`. */
export function taxLine(input: {
  pricePaise: number;
  rates: TaxRates;
  supplierState: string;
  buyerState: string | null | undefined;
}): TaxBreakdown {
  const { pricePaise, rates } = input;
  if (!Number.isSafeInteger(pricePaise) || pricePaise < 0)
    throw new RangeError(`price must be a non-negative integer of paise, got ${pricePaise}`);
  if (intraState(input.supplierState, input.buyerState)) {
    const half = rates.gstBasisPoints / 2;
    const cgst = taxAmount(pricePaise, half);
    const sgst = taxAmount(pricePaise, half);
    return {
      price: pricePaise,
      cgstBasisPoints: half,
      sgstBasisPoints: half,
      igstBasisPoints: 0,
      cgst,
      sgst,
      igst: 0,
      total: pricePaise + cgst + sgst,
    };
  }
  const igst = taxAmount(pricePaise, rates.gstBasisPoints);
  return {
    price: pricePaise,
    cgstBasisPoints: 0,
    sgstBasisPoints: 0,
    igstBasisPoints: rates.gstBasisPoints,
    cgst: 0,
    sgst: 0,
    igst,
    total: pricePaise + igst,
  };
}

/** Sums lines (same rates) into a purchase's totals. */
export function sumLines(lines: readonly TaxBreakdown[]): TaxBreakdown {
  const first = lines[0];
  if (!first) throw new RangeError('a purchase has at least one line');
  return lines.reduce((sum, line) => ({
    ...sum,
    price: sum.price + line.price,
    cgst: sum.cgst + line.cgst,
    sgst: sum.sgst + line.sgst,
    igst: sum.igst + line.igst,
    total: sum.total + line.total,
  }));
}

/** Basis points as the percentage the spec shows (900 → 9). */
export const basisPointsToPercent = (basisPoints: number): number => basisPoints / 100;
