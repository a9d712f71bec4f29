import { useCallback, useState } from 'react';
import type { AdErrorCode } from '@boli/engine/ads/ad.decider';
import { ApiError } from '../../app/api/client.ts';
import { useSession } from '../../app/session/sessionContext.ts';
import { adManagementRefusal } from './model/adManagement.ts';
import { useAdDetail } from './useAdDetail.ts';

/** The api's code for a change to an ad whose bidding has closed (api/src/http/domainErrors.ts). */
const AD_CLOSED: AdErrorCode = 'AD_CLOSED';

/** The api refused a change to the ad because bidding on it has closed. */
export const isAdClosedRefusal = (error: unknown): boolean =>
  error instanceof ApiError && error.code === AD_CLOSED;

/**
 * The ad of a screen where its owner manages it (Edit Ad, its photos and videos), and why the
 * signed-in member may not, if so (`refusal`). Bidding may close while the screen is open: the
 * screen calls `closedMeanwhile` when the api refuses a change with AD_CLOSED, and gives way to
 * the closed-ad notice, as it does when a reading of the ad (`refresh`) says so.
 */
export function useManagedAd(adKey: string) {
  const { user } = useSession();
  const { ad, failure, retry, refresh } = useAdDetail(adKey);
  const [closedSince, setClosedSince] = useState(false);
  const closedMeanwhile = useCallback(() => setClosedSince(true), []);
  const refusal =
    ad === null
      ? null
      : adManagementRefusal(closedSince ? { ...ad, bidOpen: false } : ad, user?._id);
  return { ad, failure, retry, refresh, refusal, closedMeanwhile };
}
