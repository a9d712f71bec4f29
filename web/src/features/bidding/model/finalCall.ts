import { instantOfIndiaWallClock } from '@boli/engine/shared/indiaTime';

/*
 * The owner's final call date-time (section 5: required, the minimum is now), picked with a
 * `datetime-local` input on India's clock, as Boli writes every time (lib/format.ts): its value
 * is India's wall-clock time, 'YYYY-MM-DDTHH:mm' or with ':ss', wherever the owner's browser is
 * (engine/src/shared/indiaTime.ts reads and writes it).
 */

/** The deadline to send, as ISO-8601, when the value is a date-time not before `nowMs`. */
export function finalCallDeadline(value: string, nowMs: number): string | null {
  const deadline = instantOfIndiaWallClock(value);
  // The picker works in whole seconds; the current second counts as "now".
  if (deadline === undefined || Date.parse(deadline) < Math.floor(nowMs / 1000) * 1000) return null;
  return deadline;
}
