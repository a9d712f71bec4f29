import { deadlineHasCome } from '@boli/engine/ads/finalCallDeadline';
import { MESSAGES } from '@boli/engine/shared/messages';
import { countOf, formatDateTime, formatPrice } from '../../../lib/format.ts';
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
  if (!ad.bidOpen || deadlineHasCome(ad.finalCallDateTime, now))
    return { label: MESSAGES.biddingClosed, closed: true };
  if (ad.finalCallMade && ad.finalCallDateTime) {
    return { label: finalCallLabel(ad.finalCallDateTime), closed: false };
  }
  return null;
}

/** An ad in its final call, on its card and under its price: till when. */
export const finalCallLabel = (deadline: string): string =>
  `Final call till ${formatDateTime(deadline)}`;

/**
 * Under an ad's badge on the owner's My Ads: what its bids came to — the winning bid once closed
 * (the top-ranked, Hidden ones included), else how many and the highest so far; null elsewhere.
 */
export function ownerBidsLine(
  ad: Pick<AdView, 'ownerBids' | 'currencycode'>,
  closed: boolean,
): string | null {
  const owner = ad.ownerBids;
  if (!owner) return null;
  if (owner.bids === 0 || !owner.highest) return closed ? 'Closed with no bids' : 'No bids yet';
  const amount = formatPrice(owner.highest.amount, ad.currencycode || 'INR');
  return closed
    ? `Won at ${amount} by ${owner.highest.username}`
    : `${countOf(owner.bids, 'bid')}, the highest ${amount} by ${owner.highest.username}`;
}

/**
 * Under an ad's badge on My Bids: the member's own bids on it — their highest and how many while
 * bidding is open; once it has closed, whether theirs won (the server says so only then: a Hidden
 * bid above theirs is never given away while it is open).
 */
export function myBidsLine(
  ad: Pick<AdView, 'myBids' | 'currencycode'>,
  closed: boolean,
): string | null {
  const mine = ad.myBids;
  if (!mine) return null;
  const amount = `${formatPrice(mine.highest.amount, ad.currencycode || 'INR')} (${mine.highest.type})`;
  if (closed && mine.result === 'highest') return `Your bid won: ${amount}`;
  if (closed && mine.result === 'notHighest') return `Another bid won. Your highest: ${amount}`;
  // Their own bids, not the ad's: 'you bid 3 times'.
  const times = mine.bids === 1 ? 'once' : `${mine.bids} times`;
  return `Your highest bid ${amount} · you bid ${times}`;
}

/**
 * Beside it on My Bids while bidding is open: the Open bid above the member's highest, as their
 * outbid notification names it; null when none is (a Hidden one above theirs is never told).
 */
export function myBidsOutbidLine(
  ad: Pick<AdView, 'myBids' | 'currencycode'>,
  closed: boolean,
): string | null {
  const outbidBy = ad.myBids?.outbidBy;
  if (closed || outbidBy === undefined || outbidBy === null) return null;
  return `Outbid: an Open bid of ${formatPrice(outbidBy, ad.currencycode || 'INR')} is above yours`;
}
