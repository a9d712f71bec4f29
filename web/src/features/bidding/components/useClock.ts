import { useEffect, useState } from 'react';
import { LIMITS } from '@boli/engine/shared/limits';

/** The current time in ms, ticking every second (LIMITS.countdownTickMs) while `ticking`. */
export function useClock(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), LIMITS.countdownTickMs);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return now;
}
