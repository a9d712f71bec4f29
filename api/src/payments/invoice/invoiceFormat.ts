import { IST_OFFSET_MS } from '@boli/engine/shared/indiaTime';

/*
 * How a tax invoice writes money, rates and dates. The PDF uses pdfkit's built-in Helvetica,
 * which has no ₹ glyph, so amounts are written "Rs. 12,34,567.89" (Indian grouping, always two
 * decimals). Dates are India's calendar day (UTC+05:30), whatever the server's time zone.
 */

/** Groups a whole number the Indian way: 123456789 → "12,34,56,789". */
export function groupIndian(whole: number): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const pairs = head.replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${pairs},${digits.slice(-3)}`;
}

/** Integer paise → "12,34,567.89" (no currency sign: table cells). */
export function paiseAmount(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`not an amount of paise: ${paise}`);
  const sign = paise < 0 ? '-' : '';
  const size = Math.abs(paise);
  return `${sign}${groupIndian(Math.floor(size / 100))}.${String(size % 100).padStart(2, '0')}`;
}

/** Integer paise → "Rs. 12,34,567.89". */
export const rupeeAmount = (paise: number): string => `Rs. ${paiseAmount(paise)}`;

/** Basis points → "9%", "4.5%", "18%". */
export const ratePercent = (basisPoints: number): string => `${basisPoints / 100}%`;

/** An instant → its calendar day in India, DD-MM-YYYY. */
export function indianDate(instant: string): string {
  const time = Date.parse(instant);
  if (Number.isNaN(time)) throw new RangeError(`not an instant: ${instant}`);
  const ist = new Date(time + IST_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(ist.getUTCDate())}-${pad(ist.getUTCMonth() + 1)}-${ist.getUTCFullYear()}`;
}

/** An instant → "DD-MM-YYYY HH:mm IST". */
export function indianDateTime(instant: string): string {
  const ist = new Date(Date.parse(instant) + IST_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${indianDate(instant)} ${pad(ist.getUTCHours())}:${pad(ist.getUTCMinutes())} IST`;
}
