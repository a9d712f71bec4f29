import type { Projection } from './runtime/projection.ts';
import { usersProjection } from './users/users.projection.ts';
import { outboxProjection } from './outbox/outbox.projection.ts';
import { entitlementsProjection } from './entitlements/entitlements.projection.ts';
import { finalCallsProjection } from './finalCalls/finalCalls.projection.ts';
import { bidsProjection } from './bids/bids.projection.ts';
import { bidRefusalsProjection } from './bids/bidRefusals.projection.ts';
import { adsProjection } from './ads/ads.projection.ts';
import { reviewsProjection } from './social/reviews.projection.ts';
import { mobileRequestsProjection } from './social/mobileRequests.projection.ts';
import { notificationsProjection } from './social/notifications.projection.ts';
import { contactMessagesProjection } from './social/contactMessages.projection.ts';
import { notificationsSeenProjection } from './social/notificationsSeen.projection.ts';
import { purchasesProjection } from './billing/purchases.projection.ts';
import { pricesProjection } from './billing/prices.projection.ts';
import { adSpacesProjection } from './adspace/adSpaces.projection.ts';
import { adSlotsProjection } from './adspace/adSlots.projection.ts';
import { adAudienceProjection } from './adspace/adAudience.projection.ts';
import { shareBidsProjection } from './shares/shareBids.projection.ts';

/** Every read model the projections process runs. Each issue that adds a read model adds it here. */
export const allProjections: readonly Projection[] = [
  usersProjection,
  outboxProjection,
  entitlementsProjection,
  finalCallsProjection,
  bidsProjection,
  bidRefusalsProjection,
  adsProjection,
  reviewsProjection,
  mobileRequestsProjection,
  notificationsProjection,
  notificationsSeenProjection,
  contactMessagesProjection,
  purchasesProjection,
  pricesProjection,
  adSpacesProjection,
  adSlotsProjection,
  adAudienceProjection,
  shareBidsProjection,
];
