import { countOf } from './format.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How far off a deadline is, in the largest unit that reads naturally ('in 3 hours', 'in about 2
 * years'), beside its date-time: in the final call dialog, a year typed as 2062 for 2026 is seen
 * as decades away before the call, which cannot be changed, is made.
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
