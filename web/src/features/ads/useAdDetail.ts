import { useCallback } from 'react';
import { useApi } from '../../app/session/useApi.ts';
import { useLoadedAfresh } from '../../lib/useLoaded.ts';
import { adDetailRequest, type AdDetailView } from './ads.api.ts';

/**
 * The ad of a screen (by id or uid), as the ad pages, Edit Ad and the media page read it. While
 * it loads `ad` and `failure` are both null; `retry` (only for a failure that may pass, not 'Ad
 * not found') reads it again, the screen showing its spinner meanwhile.
 */
export function useAdDetail(adId: string) {
  const { request } = useApi();
  const { data, failure, retry } = useLoadedAfresh(
    useCallback(() => {
      const { path, query } = adDetailRequest(adId);
      return request<AdDetailView>(path, { query }).then((ad) => ({
        ...ad,
        gallery: Array.isArray(ad.gallery) ? ad.gallery : [],
      }));
    }, [adId, request]),
  );
  return { ad: data, failure, retry };
}
