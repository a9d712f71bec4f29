import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../app/session/useApi.ts';
import { loadFailureOf, type LoadFailureReason } from '../../components/LoadFailure.tsx';
import { adDetailRequest, type AdDetailView } from './ads.api.ts';

/** Why the ad could not be read; `final` when asking again cannot help ('Ad not found'). */
export type AdDetailFailure = LoadFailureReason;

/**
 * The ad of a screen (by id or uid), as the ad pages, Edit Ad and the media page read it. While
 * it loads `ad` and `failure` are both null; `retry` (only for a failure that may pass) reads it
 * again, the screen showing its spinner meanwhile.
 */
export function useAdDetail(adId: string): {
  ad: AdDetailView | null;
  failure: AdDetailFailure | null;
  retry: (() => void) | undefined;
} {
  const { request } = useApi();
  const [ad, setAd] = useState<AdDetailView | null>(null);
  const [failure, setFailure] = useState<AdDetailFailure | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setAd(null);
    setFailure(null);
    const { path, query } = adDetailRequest(adId);
    request<AdDetailView>(path, { query }).then(
      (data) =>
        live && setAd({ ...data, gallery: Array.isArray(data.gallery) ? data.gallery : [] }),
      (error: unknown) => live && setFailure(loadFailureOf(error)),
    );
    return () => {
      live = false;
    };
  }, [adId, request, attempt]);

  const again = useCallback(() => setAttempt((n) => n + 1), []);
  return { ad, failure, retry: failure && !failure.final ? again : undefined };
}
