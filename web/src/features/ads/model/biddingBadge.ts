import { MESSAGES } from '@boli/engine/shared/messages';
import { formatDateTime } from '../../../lib/format.ts';
import type { AdView } from '../ads.api.ts';

/**
 * What an ad card says of its bidding, beside the price: nothing while bids are open as usual,
 * the final call's deadline once one is made, 'Bidding Closed' once closed — by the read model,
 * or because the deadline has passed `now` (server time) since the list was loaded.
 */
export function biddingBadge(
  ad: Pick<AdView, 'bidOpen' | 'finalCallMade' | 'finalCallDateTime'>,
  now: number,
): { label: string; closed: boolean } | null {
  const deadline = ad.finalCallDateTime ? Date.parse(ad.finalCallDateTime) : Number.NaN;
  if (!ad.bidOpen || deadline <= now) return { label: MESSAGES.biddingClosed, closed: true };
  if (ad.finalCallMade && ad.finalCallDateTime) {
    return { label: `Final call till ${formatDateTime(ad.finalCallDateTime)}`, closed: false };
  }
  return null;
}
