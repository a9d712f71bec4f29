import type { CloseReason } from '@boli/engine/ads/ad.events';
import { MESSAGES } from '@boli/engine/shared/messages';
import type { BidView } from '../api/bidViews.ts';
import { formatDateTime, formatPrice } from '../../../lib/format.ts';

/*
 * What the bid area says aloud (a polite live region) of what arrives live: a screen reader's
 * user is told of another member's bid, of the final call and of the close as a sighted one sees
 * them. The countdown is not spoken (a timer), nor the member's own bid nor the owner's own final
 * call or close (their dialogs say them), nor a hidden amount (the bid as the viewer may see it:
 * `bidamt` null). The closed notice itself is no alert: opened closed, an ad is not news.
 */

/** The last news that came live; `seq` tells two alike apart, so the same text is said again. */
export type LiveNews =
  | { readonly seq: number; readonly bid: BidView }
  | { readonly seq: number; readonly finalCallDateTime: string }
  | { readonly seq: number; readonly closeReason: CloseReason | null };

/** The news's words for this viewer; null when there is nothing to say. */
export function liveNewsText(
  news: LiveNews | null,
  viewerId: string | undefined,
  viewerIsOwner = false,
  currencyCode = 'INR',
): string | null {
  if (news === null) return null;
  if ('closeReason' in news) {
    if (news.closeReason === 'finalCallExpired')
      return `${MESSAGES.biddingClosed}: the final call's deadline has passed.`;
    if (news.closeReason === null) return `${MESSAGES.biddingClosed}.`; // how, not yet heard
    return viewerIsOwner ? null : `${MESSAGES.biddingClosed}: the owner closed bidding.`;
  }
  if ('finalCallDateTime' in news) {
    if (viewerIsOwner) return null;
    return `The owner made a final call. Bidding closes at ${formatDateTime(news.finalCallDateTime)}.`;
  }
  const { bid } = news;
  if (viewerId !== undefined && bid.postedBy === viewerId) return null;
  const amount = bid.bidamt === null ? '' : ` of ${formatPrice(bid.bidamt, currencyCode)}`;
  return `New ${bid.type} bid${amount} by ${bid.bidAlias}.`;
}
