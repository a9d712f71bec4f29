import { slotBidPath, slotTypeOr } from '../adspace/slotPaths.ts';

/*
 * Where a notification takes the member who opens it, from the bell or from its email: the ad it
 * is about, the member whose number or review it reports, or the transactions a purchase shows
 * in. Kinds are those of projections/src/social/notifications.evolve.ts; paths are the web app's.
 */

/** A notification as GET /api/notification answers it, as far as its link needs. */
export type LinkedNotification = {
  readonly kind: string;
  readonly adId: string | null;
  readonly actorId: string | null;
  /** What a fulfilled purchase gave (adSlotSold, adSpaceActivated …). */
  readonly purchaseOutcome?: string | null;
  /** The ad slot a note is about. */
  readonly slot?: { readonly type: string; readonly slotdate: string } | null;
};

/** Purchases whose notice leads to Buy AdSpace, where the space's creative is uploaded. */
const AD_SPACE_OUTCOMES = new Set(['adSlotSold', 'adSpaceActivated']);

const profile = (userId: string | null): string | null =>
  userId === null ? null : `/user_profile/${encodeURIComponent(userId)}`;

/** The id of an ad page's bids section, which a link to the ad may scroll to (`#bidding`). */
export const BIDDING_SECTION_ID = 'bidding';

/** The id of a profile's reviews section, which a review's notice scrolls to (`#reviews`). */
export const REVIEWS_SECTION_ID = 'reviews';

/**
 * The notes about an ad's bidding (a bid, a final call, the close, a bid its fee placed): they
 * open the ad at its bids, where what they report is, not at its photo a phone's screen down.
 */
const ABOUT_BIDDING = new Set([
  'firstBid',
  'outbid',
  'finalCallMade',
  'biddingClosed',
  'finalCallEnded',
  'purchaseFulfilled',
]);

/** The page a notification opens, or null when there is none to open. */
export function notificationLink(notification: LinkedNotification): string | null {
  if (notification.adId !== null) {
    const ad = `/ads/${encodeURIComponent(notification.adId)}`;
    return ABOUT_BIDDING.has(notification.kind) ? `${ad}#${BIDDING_SECTION_ID}` : ad;
  }
  // An ad space or slot paid for: its photo or video is added under Your ad spaces there.
  if (
    notification.kind === 'purchaseFulfilled' &&
    AD_SPACE_OUTCOMES.has(notification.purchaseOutcome ?? '')
  ) {
    return '/buyAdSpace';
  }
  // Outbid on a slot: its bid page, to bid again.
  if (notification.kind === 'slotOutbid' && notification.slot) {
    return slotBidPath(notification.slot.slotdate, slotTypeOr(notification.slot.type));
  }
  switch (notification.kind) {
    // Who asked for the number; who answered (their number shows there once approved).
    case 'mobileRequest':
    case 'mobileRequestApproved':
    case 'mobileRequestRejected':
    case 'mobileRequestRevoked':
      return profile(notification.actorId);
    // The member's own profile at its reviews (on a phone, screens below the profile's top).
    case 'reviewReceived':
    case 'reviewEdited':
      return `/profile-me#${REVIEWS_SECTION_ID}`;
    // A slot offered is paid from its purchase there (Pay now).
    case 'purchaseFulfilled':
    case 'refundRequested':
    case 'slotOffered':
    case 'slotOfferLapsed':
      return '/transactions';
    default:
      return null;
  }
}
