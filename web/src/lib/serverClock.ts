import { useEffect, useState } from 'react';

/*
 * The server's clock as this browser can know it. Bidding closes by the server's time, but a
 * countdown ticks on the device's, and a phone whose clock runs fast would show "Bidding Closed"
 * and hide the bid form while others can still bid. Every api answer carries the server's time
 * (`Date`, to the second); the offset from the device's clock is kept, and the countdowns read
 * `serverNow()`.
 */

/** Below this the `Date` header's one-second steps and the round trip could not tell it apart. */
const NOTICEABLE_MS = 1_500;
/**
 * An answer slower than this says little of the clocks: the server dates it when it answers, and
 * a long upload or a slow page would read as a clock seconds off.
 */
const MAX_ROUND_TRIP_MS = 1_000;

let offsetMs = 0;

/**
 * Takes the server's `Date` from an answer asked at `sentAt` and received at `receivedAt` (device
 * ms). The header is truncated to the second, so its middle is taken, against the middle of the
 * round trip. An offset too small to be sure of is left at zero: a right clock stays as it is.
 */
export function noteServerDate(dateHeader: string | null, sentAt: number, receivedAt: number) {
  const serverSecond = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  if (Number.isNaN(serverSecond) || receivedAt - sentAt > MAX_ROUND_TRIP_MS) return;
  const measured = serverSecond + 500 - (sentAt + receivedAt) / 2;
  offsetMs = Math.abs(measured) < NOTICEABLE_MS ? 0 : Math.round(measured);
}

/** Now, by the server's clock as last measured (the device's when it agrees to within 1.5 s). */
export const serverNow = (): number => Date.now() + offsetMs;

/**
 * Now by the server's clock, read again at `instant` (ISO) if it is still to come: a screen that
 * shows a deadline changes when it passes, without ticking every second until then.
 */
export function useNowAfter(instant: string | null): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const at = instant ? Date.parse(instant) : Number.NaN;
    const wait = at - serverNow();
    if (!(wait > 0)) return;
    // Timers are capped at about 24.8 days; a deadline further away is read again then.
    const timer = window.setTimeout(() => setNow(serverNow()), Math.min(wait, 2 ** 31 - 1));
    return () => window.clearTimeout(timer);
  }, [instant, now]);
  return now;
}

/** For tests: forget what was measured. */
export function resetServerClock(): void {
  offsetMs = 0;
}
