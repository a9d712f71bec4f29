import { useEffect, useState } from 'react';
import { LIMITS } from '@boli/engine/shared/limits';
import { serverNow } from '../../../lib/serverClock.ts';
import { msToNextTick } from '../model/countdown.ts';

/**
 * The current time in ms by the server's clock (`serverClock.ts`: a device clock that runs fast
 * must not close bidding early on screen), ticking every second (LIMITS.countdownTickMs) while
 * `ticking`, on the clock's whole seconds (`msToNextTick`): a countdown then reaches zero when its
 * deadline comes, not up to a second before or after, and two on one page step together.
 */
export function useClock(ticking: boolean): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!ticking) return;
    let timer: number | undefined;
    const tick = () => {
      const at = serverNow();
      setNow(at);
      timer = window.setTimeout(tick, msToNextTick(at, LIMITS.countdownTickMs));
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [ticking]);
  return now;
}
