import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { LIMITS } from '@boli/engine/shared/limits';
import { fetchShownAds, NO_SHOWN_ADS, type ShownAds } from '../api/adspaceApi.ts';

/*
 * What the site shows now (GET /api/space/active), asked once for every place on the page and
 * again after LIMITS.adDisplay.refreshMs; a creative just uploaded asks again at once.
 */

let cached: { at: number; ads: Promise<ShownAds> } | null = null;
/**
 * The last answer, which a page shows from its first render: a list come back to by Back then
 * has its banners where they were, and is as tall as it was when its scroll position is restored
 * (without them it was shorter, and the position was cut to its end).
 */
let lastShown: ShownAds = NO_SHOWN_ADS;

function shownAds(now: number): Promise<ShownAds> {
  if (cached === null || now - cached.at > LIMITS.adDisplay.refreshMs) {
    cached = {
      at: now,
      ads: fetchShownAds().then(
        (answer) => (lastShown = answer),
        () => NO_SHOWN_ADS,
      ),
    };
  }
  return cached.ads;
}

/** Forget what was asked: the next page view asks again (after an upload, say). */
export function forgetShownAds(): void {
  cached = null;
}

/** The active creatives, asked again at each page view when the last answer is old. */
export function useShownAds(): ShownAds {
  const { key } = useLocation();
  const [ads, setAds] = useState<ShownAds>(() => lastShown);
  useEffect(() => {
    let live = true;
    void shownAds(Date.now()).then((answer) => live && setAds(answer));
    return () => {
      live = false;
    };
  }, [key]);
  return ads;
}

/** The rotation step: moves on every LIMITS.adDisplay.rotationMs while there is more to show. */
export function useRotationTick(rotates: boolean): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!rotates) return;
    const timer = window.setInterval(() => setTick((n) => n + 1), LIMITS.adDisplay.rotationMs);
    return () => window.clearInterval(timer);
  }, [rotates]);
  return tick;
}
