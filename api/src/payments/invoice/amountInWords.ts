/*
 * An invoice states its total in words, the Indian way: "Rupees Twelve Crore Thirty-Four Lakh
 * Fifty-Six Thousand Seven Hundred Eighty-Nine and Five Paise Only". Indian grouping counts
 * thousands, then lakhs (1,00,000) and crores (1,00,00,000); beyond 99 crore the crores are
 * themselves counted in words ("One Thousand Crore").
 */

const ONES = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
] as const;

const TENS = [
  '',
  '',
  'Twenty',
  'Thirty',
  'Forty',
  'Fifty',
  'Sixty',
  'Seventy',
  'Eighty',
  'Ninety',
] as const;

/** 0–99 → "Fifty-Six"; 0 is "Zero". */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n]!;
  const unit = n % 10;
  return unit === 0 ? TENS[Math.floor(n / 10)]! : `${TENS[Math.floor(n / 10)]}-${ONES[unit]}`;
}

/** 1–999 → "Seven Hundred Eighty-Nine". */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts = hundreds > 0 ? [`${ONES[hundreds]} Hundred`] : [];
  if (rest > 0) parts.push(belowHundred(rest));
  return parts.join(' ');
}

/** A non-negative whole number in Indian English words: 1234567 → "Twelve Lakh Thirty-Four …". */
export function wholeNumberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a whole number: ${n}`);
  if (n === 0) return ONES[0];
  const crores = Math.floor(n / 10_000_000);
  const lakhs = Math.floor((n % 10_000_000) / 100_000);
  const thousands = Math.floor((n % 100_000) / 1_000);
  const rest = n % 1_000;
  const parts: string[] = [];
  if (crores > 0) parts.push(`${wholeNumberInWords(crores)} Crore`);
  if (lakhs > 0) parts.push(`${belowHundred(lakhs)} Lakh`);
  if (thousands > 0) parts.push(`${belowHundred(thousands)} Thousand`);
  if (rest > 0) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/**
 * An amount of integer paise in words, as invoices print it:
 * 9950 → "Rupees Ninety-Nine and Fifty Paise Only"; 0 → "Rupees Zero Only".
 */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`not an amount of paise: ${paise}`);
  }
  const rupees = Math.floor(paise / 100);
  const fraction = paise % 100;
  const rupeePart = `Rupees ${wholeNumberInWords(rupees)}`;
  if (fraction === 0) return `${rupeePart} Only`;
  if (rupees === 0) return `${belowHundred(fraction)} Paise Only`;
  return `${rupeePart} and ${belowHundred(fraction)} Paise Only`;
}
