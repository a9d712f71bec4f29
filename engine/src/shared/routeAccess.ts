import { AD_HISTORY_ROLES, AUDIT_ROLES, SUPPORT_ROLES } from '../accounts/staffRoles.ts';

/**
 * The spec's route table (section 2): every page's path and its access rule, in one place. The web
 * router (web/src/app/routes.tsx, checked row by row against this table by routes.unit.test.tsx)
 * and the api's `getUserAccessPages` both read it.
 */
export type AccessRule =
  /** Anyone, logged in or not. */
  | 'public'
  /** Guests; a logged-in user goes to / (the registration page). */
  | 'guestOnly'
  /** The login page: a logged-in user goes to ?redirect=, or to /otp-phone-verify if the phone is not validated. */
  | 'loginPage'
  /** The home page: guests and members; a member whose phone is not validated sees the OTP screen. */
  | 'home'
  /** Needs the login token; a member whose phone is not validated sees the OTP screen. */
  | 'member'
  /** Needs the login token and a validated mobile, else redirect to /. */
  | 'validatedMember'
  /** Guests, or members with a validated mobile; other members go to / (the ad detail, a share link). */
  | 'guestOrValidatedMember';

/** A row of the table: the path, its rule, and for a staff page the roles that may open it. */
export type RouteAccess = readonly [path: string, rule: AccessRule, roles?: readonly string[]];

/**
 * The live socket's path (section 7): bids and notifications. Only `/bid` itself, not the pages
 * under it (`/bid/:id`) nor those it begins (`/bid-calendar`).
 */
export const LIVE_SOCKET_PATH = '/bid';

export const ROUTE_ACCESS: readonly RouteAccess[] = [
  ['/', 'home'],
  ['/ads', 'validatedMember'],
  ['/ads/:adId', 'guestOrValidatedMember'],
  ['/contactus', 'public'],
  ['/register', 'guestOnly'],
  ['/login', 'loginPage'],
  ['/forgot-password', 'public'],
  ['/api/auth/resetPassword/:q', 'public'],
  ['/email-verify/:userId', 'public'],
  ['/email-verify-message', 'public'],
  ['/otp-phone-verify', 'public'],
  ['/otp-phone', 'public'],
  ['/tc', 'public'],
  ['/privacypolicy', 'public'],
  ['/myAds', 'validatedMember'],
  // Not in the spec: the ads a member bid on (My Bids), beside My Ads.
  ['/myBids', 'validatedMember'],
  ['/postAd', 'member'],
  ['/editAd/:adUid', 'member'],
  ['/postAd/media/:adId', 'member'],
  ['/bid/:id', 'member'],
  ['/settings', 'member'],
  ['/buyShare', 'member'],
  ['/subscription', 'member'],
  ['/transactions', 'member'],
  ['/adbid/:id', 'validatedMember'],
  ['/bid-calendar', 'validatedMember'],
  ['/buyAdSpace', 'validatedMember'],
  ['/editprofile', 'member'],
  ['/profile-me', 'member'],
  ['/user_profile/:userId', 'validatedMember'],
  // Not in the spec: staff tools, for the roles of accounts/staffRoles.ts (the api's guards too).
  ['/support/ads', 'member', AD_HISTORY_ROLES],
  ['/support/ads/:adId', 'member', AD_HISTORY_ROLES],
  ['/support/slots', 'member', AD_HISTORY_ROLES],
  ['/support/messages', 'member', SUPPORT_ROLES],
  ['/audit', 'member', AUDIT_ROLES],
  ['/:userName', 'validatedMember'],
];
