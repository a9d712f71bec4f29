import { indiaWallClockOf, instantOfIndiaWallClock } from '@boli/engine/shared/indiaTime';

/*
 * The owner's final call date-time (section 5: required, the minimum is now), picked with a
 * `datetime-local` input on India's clock, as Boli writes every time (lib/format.ts): its value
 * is India's wall-clock time, 'YYYY-MM-DDTHH:mm' or with ':ss', wherever the owner's browser is.
 */

/** A moment as a `datetime-local` value (to the second) on India's clock. */
export function toDateTimeLocal(date: Date): string {
  return indiaWallClockOf(date.toISOString()).replace(' ', 'T');
}

/** A `datetime-local` value (India's clock) as a moment; null when empty or not a real date-time. */
export function fromDateTimeLocal(value: string): Date | null {
  const instant = instantOfIndiaWallClock(value);
  return instant === undefined ? null : new Date(instant);
}

/** The deadline to send, as ISO-8601, when the value is a date-time not before `nowMs`. */
export function finalCallDeadline(value: string, nowMs: number): string | null {
  const date = fromDateTimeLocal(value);
  // The picker works in whole seconds; the current second counts as "now".
  if (!date || date.getTime() < Math.floor(nowMs / 1000) * 1000) return null;
  return date.toISOString();
}
