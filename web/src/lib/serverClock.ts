import { useEffect, useState } from 'react';

/*
 * The server's clock as this browser can know it. Bidding closes by the server's time, but a
 * countdown ticks on the device's, and a phone whose clock runs fast would show "Bidding Closed"
 * and hide the bid form while others can still bid. Every api answer carries the server's time
 * (`Date`, to the second); the offset from the device's clock is kept, and the countdowns read
 * `serverNow()`. The measure is kept in this browser's storage too, so that a page loaded again
 * judges its first request (whether the access token has lapsed) by the server's clock, not by a
 * fast phone's, which would renew the token on every load.
 */

/** Below this the `Date` header's one-second steps and a quick round trip could not tell it apart. */
const NOTICEABLE_MS = 1_500;

/**
 * The offset last taken, and how far off it may be: the server dated its answer somewhere in the
 * round trip (at its end, after a long upload), to the second.
 */
type Measure = { readonly offsetMs: number; readonly boundMs: number };

const STORED_MEASURE = 'serverClock';

/** The measure an earlier page took, if the storage holds one (private windows may refuse it). */
function storedMeasure(): Measure | null {
  try {
    const value: unknown = JSON.parse(globalThis.localStorage?.getItem(STORED_MEASURE) ?? 'null');
    const { offsetMs, boundMs } = (value ?? {}) as Record<string, unknown>;
    return Number.isFinite(offsetMs) && Number.isFinite(boundMs) && (boundMs as number) >= 0
      ? { offsetMs: offsetMs as number, boundMs: boundMs as number }
      : null;
  } catch {
    return null;
  }
}

function keep(taken: Measure | null): void {
  measure = taken;
  try {
    if (taken === null) globalThis.localStorage?.removeItem(STORED_MEASURE);
    else globalThis.localStorage?.setItem(STORED_MEASURE, JSON.stringify(taken));
  } catch {
    // Not kept across loads: the next page measures again from its first answer.
  }
}

let measure: Measure | null = storedMeasure();

/** Whether two measures cannot both be right: the device's clock was set since. */
const disagree = (a: Measure, b: Measure) =>
  Math.abs(a.offsetMs - b.offsetMs) > a.boundMs + b.boundMs;

/**
 * Takes the server's `Date` from an answer asked at `sentAt` and received at `receivedAt` (device
 * ms): the header's middle second against the middle of the round trip, off by at most half of
 * it and half a second. Kept unless the offset known is surer and does not contradict it, so a
 * slow connection still corrects a clock minutes off, and a slow answer does not spoil a quick
 * one. An offset within what it may be off by, or 1.5 s, is none: a right clock stays as it is.
 */
export function noteServerDate(dateHeader: string | null, sentAt: number, receivedAt: number) {
  const serverSecond = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  if (Number.isNaN(serverSecond) || receivedAt < sentAt) return;
  const taken: Measure = {
    offsetMs: serverSecond + 500 - (sentAt + receivedAt) / 2,
    boundMs: (receivedAt - sentAt) / 2 + 500,
  };
  if (measure !== null && measure.boundMs < taken.boundMs && !disagree(measure, taken)) return;
  keep(taken);
}

const offsetMs = (): number =>
  measure === null || Math.abs(measure.offsetMs) <= Math.max(NOTICEABLE_MS, measure.boundMs)
    ? 0
    : Math.round(measure.offsetMs);

/** Now, by the server's clock as last measured (the device's when it agrees to within 1.5 s). */
export const serverNow = (): number => Date.now() + offsetMs();

/** `serverNow()` as a Date, for the rules that take one (a period's today, an age, a slot). */
export const serverDate = (): Date => new Date(serverNow());

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
  keep(null);
}
