import { useEffect, useState } from 'react';
import { LIMITS } from '@boli/engine/shared/limits';
import { serverNow } from '../../../lib/serverClock.ts';

/**
 * The current time in ms by the server's clock (`serverClock.ts`: a device clock that runs fast
 * must not close bidding early on screen), ticking every second (LIMITS.countdownTickMs) while
 * `ticking`.
 */
export function useClock(ticking: boolean): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!ticking) return;
    setNow(serverNow());
    const timer = window.setInterval(() => setNow(serverNow()), LIMITS.countdownTickMs);
    return () => window.clearInterval(timer);
  }, [ticking]);
  return now;
}
