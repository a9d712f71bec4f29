import { instantOfIndiaWallClock } from '@boli/engine/shared/indiaTime';

/*
 * The owner's final call date-time (section 5: required, the minimum is now), picked with a
 * `datetime-local` input on India's clock, as Boli writes every time (lib/format.ts): its value
 * is India's wall-clock time, 'YYYY-MM-DDTHH:mm' or with ':ss', wherever the owner's browser is
 * (engine/src/shared/indiaTime.ts reads and writes it).
 */

/** The instant the picker's value names, past or not; undefined for none ('20260-12-05T10:30'). */
export const pickedDeadline = (value: string): string | undefined => instantOfIndiaWallClock(value);

/**
 * The deadline to send, as ISO-8601, when the value is a date-time after `nowMs`: the picker's
 * whole seconds, so the current second has begun already, and the server refuses it as past.
 */
export function finalCallDeadline(value: string, nowMs: number): string | null {
  const deadline = pickedDeadline(value);
  if (deadline === undefined || Date.parse(deadline) <= nowMs) return null;
  return deadline;
}
