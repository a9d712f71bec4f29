import { useCallback, useState } from 'react';
import { useApi } from '../../app/session/useApi.ts';
import { useLoadedAfresh } from '../../lib/useLoaded.ts';
import { adDetailRequest, type AdDetailView } from './ads.api.ts';

/**
 * The ad of a screen (by id or uid), as the ad pages, Edit Ad and the media page read it. While
 * it loads `ad` and `failure` are both null; `retry` (only for a failure that may pass, not 'Ad
 * not found') reads it again, the screen showing its spinner meanwhile. `refresh` reads it again
 * while the screen goes on showing it (an edit told live), and shows the new reading once it
 * comes; one that fails leaves the shown ad as it was. `readAgain` reads it afresh as a reload
 * would, spinner and failure included: for a page that learnt the ad is gone (withdrawn meanwhile).
 */
export function useAdDetail(adId: string) {
  const { request } = useApi();
  const read = useCallback(() => {
    const { path, query } = adDetailRequest(adId);
    return request<AdDetailView>(path, { query }).then((ad) => ({
      ...ad,
      gallery: Array.isArray(ad.gallery) ? ad.gallery : [],
    }));
  }, [adId, request]);
  const { data, failure, retry, again } = useLoadedAfresh(read);
  // Kept with the reader it came from: a reading of the ad shown before is never shown for another.
  const [newer, setNewer] = useState<{ of: typeof read; ad: AdDetailView } | null>(null);
  const refresh = useCallback(() => {
    read().then(
      (ad) => setNewer({ of: read, ad }),
      () => undefined,
    );
  }, [read]);
  const ad = data !== null && newer?.of === read ? newer.ad : data;
  return { ad, failure, retry, refresh, readAgain: again };
}
