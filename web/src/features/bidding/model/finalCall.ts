import { instantOfIndiaWallClock } from '@boli/engine/shared/indiaTime';
import { countOf } from '../../../lib/format.ts';

/*
 * The owner's final call date-time (section 5: required, the minimum is now), picked with a
 * `datetime-local` input on India's clock, as Boli writes every time (lib/format.ts): its value
 * is India's wall-clock time, 'YYYY-MM-DDTHH:mm' or with ':ss', wherever the owner's browser is
 * (engine/src/shared/indiaTime.ts reads and writes it).
 */

/**
 * The deadline to send, as ISO-8601, when the value is a date-time after `nowMs`: the picker's
 * whole seconds, so the current second has begun already, and the server refuses it as past.
 */
export function finalCallDeadline(value: string, nowMs: number): string | null {
  const deadline = instantOfIndiaWallClock(value);
  if (deadline === undefined || Date.parse(deadline) <= nowMs) return null;
  return deadline;
}

/** The instant the picker's value names, past or not; undefined for none ('20260-12-05T10:30'). */
export const pickedDeadline = (value: string): string | undefined => instantOfIndiaWallClock(value);

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How far off a deadline is, in the largest unit that reads naturally ('in 3 hours', 'in about 2
 * years'), beside the date-time the final call dialog repeats: a year typed as 2062 for 2026 is
 * seen as decades away before the call, which cannot be changed, is made.
 */
export function timeUntilText(deadline: string, nowMs: number): string {
  const ms = Date.parse(deadline) - nowMs;
  // Rounded, not cut: a time picked 3 hours ahead to the minute is seconds short of 3 hours by
  // the time it is read, and is 'in 3 hours', not 'in 2 hours'.
  const minutes = Math.round(ms / MINUTE_MS);
  if (minutes < 1) return 'in under a minute';
  if (minutes < 60) return `in ${countOf(minutes, 'minute')}`;
  const hours = Math.round(ms / HOUR_MS);
  if (hours < 48) return `in ${countOf(hours, 'hour')}`;
  const days = Math.round(ms / DAY_MS);
  if (days < 60) return `in ${countOf(days, 'day')}`;
  if (days < 730) return `in about ${countOf(Math.round(ms / (30.44 * DAY_MS)), 'month')}`;
  return `in about ${countOf(Math.round(ms / (365.25 * DAY_MS)), 'year')}`;
}
