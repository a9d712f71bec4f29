/** The 'Bid Closes in' countdown (section 2): the time left, split for display. */
export type Countdown = { days: number; hours: number; minutes: number; seconds: number };

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Days, hours, minutes and seconds left, a second begun counted whole: 0.4 s left still reads
 * 00:00:00:01, and all read zero only once the moment has come, when bidding closes. (Counted
 * down, a bidder read 00 while bids were still taken.)
 */
export function splitCountdown(remainingMs: number): Countdown {
  const left = Number.isFinite(remainingMs) ? Math.max(0, Math.ceil(remainingMs / SECOND)) : 0;
  const ms = left * SECOND;
  return {
    days: Math.floor(ms / DAY),
    hours: Math.floor((ms % DAY) / HOUR),
    minutes: Math.floor((ms % HOUR) / MINUTE),
    seconds: Math.floor((ms % MINUTE) / SECOND),
  };
}

/** The time from `nowMs` until an ISO instant; 0 for a missing or unreadable instant. */
export function remainingUntil(deadline: string | null, nowMs: number): number {
  const at = deadline ? Date.parse(deadline) : Number.NaN;
  return Number.isNaN(at) ? 0 : Math.max(0, at - nowMs);
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The countdown on one line, for an ad's card: '2d 03h 04m 05s', the days left out when none
 * are left ('03h 04m 05s').
 */
export function countdownText({ days, hours, minutes, seconds }: Countdown): string {
  const clock = `${two(hours)}h ${two(minutes)}m ${two(seconds)}s`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

/**
 * How long from `nowMs` to the clock's next whole second (`tickMs`), when a countdown steps: every
 * countdown on every screen then steps at the same instants, those at which deadlines fall.
 */
export const msToNextTick = (nowMs: number, tickMs = SECOND): number =>
  tickMs - (((nowMs % tickMs) + tickMs) % tickMs);
