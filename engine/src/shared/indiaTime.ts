/*
 * India time (UTC+05:30, no daylight saving), the marketplace's calendar whatever the server's or
 * browser's time zone: slot dates and space cycles, invoice dates and financial years, the days
 * an auditor asks for, the year a vehicle may be made. A slot dated 2026-05-10 begins at
 * 2026-05-09T18:30:00Z. Dates travel as 'YYYY-MM-DD'.
 */

export const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const DAY_MS = 86_400_000;

export const SLOT_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written 'YYYY-MM-DD'. */
export function isCalendarDate(value: string): boolean {
  if (!SLOT_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/** The India date of an instant. */
export const indiaDateOf = (instant: string): string =>
  new Date(Date.parse(instant) + IST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * An instant on India's wall clock, 'YYYY-MM-DD HH:mm:ss' ('.SSS' too with `milliseconds`): how
 * the staff screens write times, so that what support and auditors read matches the invoices'
 * and the ad pages' India days wherever their browser is.
 */
export function indiaWallClockOf(instant: string, { milliseconds = false } = {}): string {
  const shifted = new Date(Date.parse(instant) + IST_OFFSET_MS).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, milliseconds ? 23 : 19)}`;
}

/** An instant as a `datetime-local` input's value on India's clock: 'YYYY-MM-DDTHH:mm:ss'. */
export const indiaPickerValueOf = (instant: string): string =>
  indiaWallClockOf(instant).replace(' ', 'T');

/**
 * India's wall clock, 'YYYY-MM-DD HH:mm[:ss[.fraction]]' (a 'T' between them too, as a
 * datetime-local input gives it), as an ISO instant to the millisecond (a finer fraction, as
 * PostgreSQL writes microseconds, is cut there); undefined for anything else.
 */
export function instantOfIndiaWallClock(value: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/.exec(value.trim());
  if (!match || !isCalendarDate(match[1]!)) return undefined;
  const ms = Date.parse(`${match[1]}T${match[2]}Z`);
  return Number.isNaN(ms) ? undefined : new Date(ms - IST_OFFSET_MS).toISOString();
}

/**
 * An instant a client sent: ISO-8601 with its offset ('2026-12-30T10:00:00Z', '…+05:30'), or,
 * without one, India's wall clock (`instantOfIndiaWallClock`: the marketplace's clock, not UTC).
 * Undefined for anything else, a day no calendar has ('2026-02-30', which Date.parse would take
 * for 2 March) included.
 */
export function instantOfDateTime(value: string): string | undefined {
  const written = value.trim();
  const zoned = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/.exec(
    written,
  );
  if (!zoned) return instantOfIndiaWallClock(written);
  const ms = Date.parse(written);
  return isCalendarDate(zoned[1]!) && !Number.isNaN(ms) ? new Date(ms).toISOString() : undefined;
}

/** The year in India at an instant: just after midnight on 1 January it is already the new one. */
export const indiaYearOf = (instant: string): number =>
  new Date(Date.parse(instant) + IST_OFFSET_MS).getUTCFullYear();

/** The instant a date begins in India (00:00 IST), ISO-8601 in UTC. */
export const startOfIndiaDay = (date: string): string =>
  new Date(Date.parse(`${date}T00:00:00.000Z`) - IST_OFFSET_MS).toISOString();

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD → DD-MM-YYYY, as section 5 sends a date of birth; anything else as it is. */
export const dayMonthYear = (iso: string): string => {
  const match = ISO_DATE.exec(iso);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : iso;
};

/** YYYY-MM-DD → DD-MM-YYYY, as the screens and messages write a day ('' for what is not one). */
export const displayDate = (iso: string): string => (ISO_DATE.test(iso) ? dayMonthYear(iso) : '');

/** The date `days` after `date` (negative: before). */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * `months` calendar months after an instant, on India's clock; a day the target month lacks
 * becomes its last day (31 January + 1 month = 28 or 29 February).
 */
export function addMonths(instant: string, months: number): string {
  const local = new Date(Date.parse(instant) + IST_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const moved = Date.UTC(
    year,
    month,
    Math.min(local.getUTCDate(), lastDay),
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    local.getUTCMilliseconds(),
  );
  return new Date(moved - IST_OFFSET_MS).toISOString();
}
