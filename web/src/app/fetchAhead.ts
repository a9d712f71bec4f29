import { LIMITS } from '@boli/engine/shared/limits';

/** Schedules `run` for a moment the browser has nothing else to do; returns a function that cancels it. */
export type Scheduler = (run: () => void) => () => void;

/** The browser's idle time (requestIdleCallback), or a short timer where it has none (Safari). */
export const whenIdle: Scheduler = (run) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(run, 200);
  return () => window.clearTimeout(id);
};

/**
 * `LIMITS.screensFetchedAheadAfterMs` after the window's load event, at an idle moment: the load
 * event comes once the first scripts have run, before the page's own data and pictures have come,
 * which go first.
 */
export const afterPageLoad: Scheduler = (run) => {
  let cancel = () => {};
  const afterDelay = () => {
    const timer = window.setTimeout(
      () => (cancel = whenIdle(run)),
      LIMITS.screensFetchedAheadAfterMs,
    );
    cancel = () => window.clearTimeout(timer);
  };
  if (document.readyState === 'complete') afterDelay();
  else {
    window.addEventListener('load', afterDelay, { once: true });
    cancel = () => window.removeEventListener('load', afterDelay);
  }
  return () => cancel();
};

/** A connection whose user asked to save data (Chrome's Data Saver, Android's Lite mode). */
export const savesData = (): boolean =>
  (navigator as { connection?: { saveData?: boolean } }).connection?.saveData === true;

/**
 * Runs `fetches` one after another, the first once `start` says so, each next one at the browser's
 * next idle moment, so that they never compete with what the page itself is loading. Returns a
 * function that stops those not yet begun. A fetch that fails does not stop the rest.
 */
export function fetchAhead(
  fetches: readonly (() => Promise<unknown>)[],
  start: Scheduler = afterPageLoad,
  next: Scheduler = whenIdle,
): () => void {
  let stopped = false;
  let cancel = () => {};
  const runFrom = (index: number) => {
    const fetch = fetches[index];
    if (stopped || fetch === undefined) return;
    void fetch()
      .catch(() => undefined)
      .then(() => {
        if (!stopped && index + 1 < fetches.length) cancel = next(() => runFrom(index + 1));
      });
  };
  cancel = start(() => runFrom(0));
  return () => {
    stopped = true;
    cancel();
  };
}
