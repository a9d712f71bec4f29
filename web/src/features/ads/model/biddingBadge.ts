import { MESSAGES } from '@boli/engine/shared/messages';
import { formatDateTime } from '../../../lib/format.ts';
import type { AdView } from '../ads.api.ts';

/**
 * What an ad card says of its bidding, beside the price: nothing while bids are open as usual,
 * the final call's deadline once one is made, 'Bidding Closed' once closed (the read model
 * already counts a passed deadline as closed).
 */
export function biddingBadge(
  ad: Pick<AdView, 'bidOpen' | 'finalCallMade' | 'finalCallDateTime'>,
): { label: string; closed: boolean } | null {
  if (!ad.bidOpen) return { label: MESSAGES.biddingClosed, closed: true };
  if (ad.finalCallMade && ad.finalCallDateTime) {
    return { label: `Final call till ${formatDateTime(ad.finalCallDateTime)}`, closed: false };
  }
  return null;
}
