import { useEffect, useRef } from 'react';

/**
 * Calls `refresh` every `everyMs` while the page is in view, and at once when it comes back into
 * view (its tab chosen again): a screen left open catches up with changes nothing tells it of.
 * A hidden tab is not refreshed; it catches up on coming back.
 */
export function useRefreshWhileShown(refresh: () => void, everyMs: number): void {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  }, [refresh]);
  useEffect(() => {
    const tick = () => {
      if (document.visibilityState === 'visible') latest.current();
    };
    const timer = window.setInterval(tick, everyMs);
    document.addEventListener('visibilitychange', tick);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [everyMs]);
}
