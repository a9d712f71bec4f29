import { AD_MESSAGES } from '@boli/engine/ads/ad.messages';
import type { AdView } from '../ads.api.ts';

/*
 * Who may edit an ad and change its photos and videos (section 5): its owner, while bidding on it
 * is open. The screens judge it from the ad they already have, so Edit and Media are offered only
 * where the api would take them, and a bookmarked edit or media page says at once why it cannot
 * be used — in the api's own words (engine/src/ads/ad.messages.ts), checked in the api's order.
 */

/** The signed-in member (`userId`; undefined for a guest) posted the ad. */
export const ownsAd = (ad: Pick<AdView, 'postedBy'>, userId: string | undefined): boolean =>
  userId !== undefined && userId === String(ad.postedBy);

/** Why the ad cannot be managed by this member, or null when it can. */
export type AdManagementRefusal =
  | { kind: 'notOwner'; message: typeof AD_MESSAGES.notAdOwner }
  | { kind: 'closed'; message: typeof AD_MESSAGES.adClosed };

/**
 * Ownership first, as the api decides: a stranger is told the ad is not theirs, whatever its
 * bidding. Closed is the read model's `bidOpen` (which already counts a passed final call).
 */
export function adManagementRefusal(
  ad: Pick<AdView, 'postedBy' | 'bidOpen'>,
  userId: string | undefined,
): AdManagementRefusal | null {
  if (!ownsAd(ad, userId)) return { kind: 'notOwner', message: AD_MESSAGES.notAdOwner };
  if (!ad.bidOpen) return { kind: 'closed', message: AD_MESSAGES.adClosed };
  return null;
}

/** Edit and Media are offered on this ad to this member. */
export const mayManageAd = (
  ad: Pick<AdView, 'postedBy' | 'bidOpen'>,
  userId: string | undefined,
): boolean => adManagementRefusal(ad, userId) === null;
