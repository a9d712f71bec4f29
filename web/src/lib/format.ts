import { indiaDateOf, indiaWallClockOf } from '@boli/engine/shared/indiaTime';

/**
 * How the product writes money, dates and calendar amounts (spec sections 1 and 9): rupees with
 * Indian digit grouping (12,34,567), dates as DD-MM-YYYY and YYYY-MM-DD HH:mm:ss, calendar
 * amounts abbreviated with K, M and B.
 */

const RUPEE = '₹';
const indianGrouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** 1234567 → "12,34,567"; whole numbers only. */
export function groupIndian(whole: number): string {
  return indianGrouping.format(Math.trunc(whole));
}

/** An amount in paise, rounded to a whole paisa; its paise written when not zero, or `always`. */
function paiseText(paise: number, always: boolean): string {
  if (!Number.isFinite(paise)) return '';
  const whole = Math.round(Math.abs(paise));
  const sign = paise < 0 && whole !== 0 ? '-' : '';
  const fraction = whole % 100 === 0 && !always ? '' : `.${String(whole % 100).padStart(2, '0')}`;
  return `${sign}${RUPEE}${groupIndian(Math.floor(whole / 100))}${fraction}`;
}

/** An amount in paise (the payment provider's unit): 123456700 → "₹12,34,567", 123450 → "₹1,234.50". */
export function formatPaise(paise: number): string {
  return paiseText(paise, false);
}

/** An amount in rupees, to the paisa: 1234567 → "₹12,34,567", 1234.5 → "₹1,234.50". */
export function formatRupees(rupees: number): string {
  return formatPaise(Math.round(rupees * 100));
}

/**
 * An amount of an account (payments, tax, the ledger, the invoices' figures): always to the
 * paisa, so a column of them reads alike: 999 → "₹999.00", 1178.82 → "₹1,178.82".
 */
export function formatAccountRupees(rupees: number): string {
  return paiseText(rupees * 100, true);
}

/**
 * A price in an ad's own currency. The rupee is the default and is written by formatRupees;
 * other codes use the Indian locale's currency format.
 */
export function formatPrice(amount: number, currencyCode = 'INR'): string {
  if (currencyCode.toUpperCase() === 'INR') return formatRupees(amount);
  try {
    return new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: currencyCode,
      minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    // An unknown code is shown as written rather than failing the whole ad card.
    return `${currencyCode} ${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(amount)}`;
  }
}

/** How a currency is written before an amount ('₹', '$'), for a field's label; else its code. */
export function currencySymbol(currencyCode = 'INR'): string {
  try {
    const parts = new Intl.NumberFormat('en-IN', { style: 'currency', currency: currencyCode });
    return parts.formatToParts(0).find((part) => part.type === 'currency')?.value ?? currencyCode;
  } catch {
    return currencyCode;
  }
}

const STEPS = [
  { value: 1, suffix: '' },
  { value: 1e3, suffix: 'K' },
  { value: 1e6, suffix: 'M' },
  { value: 1e9, suffix: 'B' },
] as const;

/**
 * Three figures at most: a decimal below 100 (1.5K, 21.2K), none from 100 up (212K, not
 * 212.3K), so an amount fits a phone's calendar day on one line.
 */
const oneDecimal = (n: number): number => (n >= 100 ? Math.round(n) : Math.round(n * 10) / 10);

/**
 * Calendar amounts: 950 → "950", 1500 → "1.5K", 212300 → "212K", 2000000 → "2M",
 * 1234567890 → "1.2B".
 */
export function abbreviateAmount(amount: number): string {
  if (!Number.isFinite(amount)) return '';
  const size = Math.abs(amount);
  let index = Math.max(
    0,
    STEPS.findLastIndex((step) => size >= step.value),
  );
  let scaled = oneDecimal(size / STEPS[index]!.value);
  // Rounding can carry into the next unit: 999,960 is "1M", not "1000K".
  if (scaled >= 1000 && index < STEPS.length - 1) {
    index += 1;
    scaled = oneDecimal(size / STEPS[index]!.value);
  }
  const sign = amount < 0 && scaled !== 0 ? '-' : '';
  return `${sign}${scaled}${STEPS[index]!.suffix}`;
}

type DateInput = Date | string | number;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/*
 * Boli's days and times are India's, wherever the viewer is (section 1: an Indian marketplace):
 * a deadline, a bid's time and a notification read the same on every screen and in every
 * browser, and match the invoices and the staff screens. Times carry ' IST' so nobody takes them
 * for their own clock's.
 */

/**
 * DD-MM-YYYY: a calendar day ('YYYY-MM-DD', a date of birth or an ad slot's day) as it is, a
 * moment as its day in India; '' for a value that is not a date.
 */
export function formatDate(value: DateInput): string {
  const day = typeof value === 'string' ? DAY.exec(value) : null;
  if (day) return `${day[3]}-${day[2]}-${day[1]}`;
  const date = toDate(value);
  if (!date) return '';
  const [year, month, dayOfMonth] = indiaDateOf(date.toISOString()).split('-');
  return `${dayOfMonth}-${month}-${year}`;
}

/**
 * 'YYYY-MM-DD HH:mm:ss IST' (24-hour; '.SSS' too with `milliseconds`, for the staff screens where
 * a few ms settle a dispute): India's time; '' for a value that is not a date.
 */
export function formatDateTime(value: DateInput, options: { milliseconds?: boolean } = {}) {
  const date = toDate(value);
  return date ? `${indiaWallClockOf(date.toISOString(), options)} IST` : '';
}

/** The pieces `formatDateTime` and `formatDate` write, as patterns for the ones below. */
const DAY_OF_DATE_TIME = String.raw`\d{4}-\d\d-\d\d`;
const TIME_OF_DATE_TIME = String.raw`\d\d:\d\d:\d\d(?:\.\d{3})? IST`;
const DATE_TIME = `${DAY_OF_DATE_TIME} ${TIME_OF_DATE_TIME}`;
const DATE = String.raw`\b\d\d-\d\d-\d{4}\b`;

/** A `formatDateTime` in a sentence, captured (for `KeptWhole`: a line never ends at '2026-11-'). */
export const DATE_TIME_IN_TEXT = new RegExp(`(${DATE_TIME})`);

/**
 * A `formatDateTime` or a `formatDate` (DD-MM-YYYY) in a text, captured (for `KeptWhole`): an
 * item named "Ad slot: Side panels, 27-01-2027" never breaks at '27-'.
 */
export const DATES_IN_TEXT = new RegExp(`(${DATE_TIME}|${DATE})`);

/** A `formatDateTime`'s day and its time, each captured whole: a line breaks between them only. */
export const DAY_AND_TIME_IN_TEXT = new RegExp(`(${DAY_OF_DATE_TIME}|${TIME_OF_DATE_TIME})`);

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A calendar day written out, as the legal pages do: "2021-03-27" → "27 March 2021". */
export function formatLongDate(isoDay: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return isoDay;
  return `${Number(match[3])} ${month} ${match[1]}`;
}

/** A count with its noun: "1 ad", "20 ads"; `many` where the plural is not the noun and an s. */
export const countOf = (count: number, one: string, many = `${one}s`): string =>
  `${count} ${count === 1 ? one : many}`;
