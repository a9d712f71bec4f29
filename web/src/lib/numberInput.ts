/*
 * What a number field lets through as the member types, so a price, an amount or a phone number
 * never holds text the server would refuse (section 5: bid amounts "only a positive number or
 * empty"; section 6: "Mileage and price are numeric"; a phone "can only contains digits").
 */

/**
 * Rupees: digits with at most one decimal point and two decimals (money is in paise inside).
 * A lone '0' or '0.' is let through so that 0.50 can be typed; submitting it is refused.
 */
export function acceptsAmountInput(value: string): boolean {
  return /^(\d+(\.\d{0,2})?)?$/.test(value);
}

/** A count or a phone number: digits only, or nothing yet. */
export function acceptsDigitsInput(value: string): boolean {
  return /^\d*$/.test(value);
}
