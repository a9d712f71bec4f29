import { lazy, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, useParams, type Params, type RouteObject } from 'react-router-dom';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { EmailVerifyMessageScreen } from '../features/accounts/components/EmailVerifyMessageScreen.tsx';
import { EmailVerifyScreen } from '../features/accounts/components/EmailVerifyScreen.tsx';
import { ForgotPasswordScreen } from '../features/accounts/components/ForgotPasswordScreen.tsx';
import { LoginScreen } from '../features/accounts/components/LoginScreen.tsx';
import { OtpPhoneScreen } from '../features/accounts/components/OtpPhoneScreen.tsx';
import {
  OtpPhoneVerifyScreen,
  SIGN_IN_TITLE,
} from '../features/accounts/components/OtpPhoneVerifyScreen.tsx';
import { SIGN_IN_PARAM } from '../features/accounts/model/returnAfterVerify.ts';
import { RegisterScreen } from '../features/accounts/components/RegisterScreen.tsx';
import { SetPasswordScreen } from '../features/accounts/components/SetPasswordScreen.tsx';
import { AdDetailScreen } from '../features/ads/components/AdDetailScreen.tsx';
import { AdListScreen } from '../features/ads/components/AdListScreen.tsx';
import { AdMediaScreen } from '../features/ads/components/AdMediaScreen.tsx';
import { EditAdScreen } from '../features/ads/components/EditAdScreen.tsx';
import { MyAdsScreen } from '../features/ads/components/MyAdsScreen.tsx';
import { MyBidsScreen } from '../features/ads/components/MyBidsScreen.tsx';
import { PostAdScreen } from '../features/ads/components/PostAdScreen.tsx';
import { AdSlotBidScreen } from '../features/adspace/components/AdSlotBidScreen.tsx';
import { BuyAdSpaceScreen } from '../features/adspace/components/BuyAdSpaceScreen.tsx';
import { BidArea } from '../features/bidding/components/BidArea.tsx';
import { ContactUsScreen } from '../features/contact/components/ContactUsScreen.tsx';
import { PageNotFoundScreen } from '../features/errors/components/PageNotFoundScreen.tsx';
import { PrivacyPolicyScreen } from '../features/legal/components/PrivacyPolicyScreen.tsx';
import { TermsScreen } from '../features/legal/components/TermsScreen.tsx';
import { EditProfileScreen } from '../features/profile/components/EditProfileScreen.tsx';
import { ProfileMeScreen } from '../features/profile/components/ProfileMeScreen.tsx';
import { UserNameProfileScreen } from '../features/profile/components/UserNameProfileScreen.tsx';
import { UserProfileScreen } from '../features/profile/components/UserProfileScreen.tsx';
import { SettingsScreen } from '../features/settings/components/SettingsScreen.tsx';
import { BuyShareScreen } from '../features/shares/components/BuyShareScreen.tsx';
import { ShareBidScreen } from '../features/shares/components/ShareBidScreen.tsx';
import { SubscriptionScreen } from '../features/subscription/components/SubscriptionScreen.tsx';
import { TransactionsScreen } from '../features/transactions/components/TransactionsScreen.tsx';
import type { AccessRule } from './guards/access.ts';
import { Guarded } from './guards/Guarded.tsx';
import { StaffOnly } from './guards/StaffOnly.tsx';
import { AD_HISTORY_ROLES, AUDIT_ROLES, SUPPORT_ROLES } from '@boli/engine/accounts/staffRoles';
import { AppShell } from './layout/AppShell.tsx';
import { VERIFY_PHONE_SCREEN, type PageLayout } from './layout/layoutRules.ts';

/*
 * Screens fetched when first shown, each a script of its own: the bid calendar carries
 * FullCalendar, a fifth of the app's script, and the staff tools are for staff only. Members
 * opening the app do not download them. AppShell shows a spinner while one loads.
 */
const lazyScreen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

const BidCalendarScreen = lazyScreen(
  () => import('../features/adspace/components/BidCalendarScreen.tsx'),
  'BidCalendarScreen',
);
const AuditScreen = lazyScreen(
  () => import('../features/audit/components/AuditScreen.tsx'),
  'AuditScreen',
);
const AdHistoryScreen = lazyScreen(
  () => import('../features/support/components/AdHistoryScreen.tsx'),
  'AdHistoryScreen',
);
const AdHistoryLookupScreen = lazyScreen(
  () => import('../features/support/components/AdHistoryLookupScreen.tsx'),
  'AdHistoryLookupScreen',
);
const SlotHistoryScreen = lazyScreen(
  () => import('../features/support/components/SlotHistoryScreen.tsx'),
  'SlotHistoryScreen',
);
const ContactMessagesScreen = lazyScreen(
  () => import('../features/contact/components/ContactMessagesScreen.tsx'),
  'ContactMessagesScreen',
);

export type RouteRow = {
  path: string;
  /** The screen's name, as the spec calls it; also the page title. */
  screen: string;
  /** Who may see it; the rules are spelled out in guards/access.ts. */
  access: AccessRule;
  layout: PageLayout;
  element: ReactNode;
  /** When the path's parameters are not of the right shape the page is 'Page not found'. */
  accepts?: (params: Params) => boolean;
  /** The screen's name when the address's query makes the page another (Login with OTP). */
  screenOf?: (search: URLSearchParams) => string | undefined;
  /** A staff page: only for these roles (engine/src/accounts/staffRoles.ts). */
  roles?: readonly string[];
  /**
   * A guest sent home from here keeps the page's query: home lists the same ads, so /ads?state=Kerala
   * becomes /?state=Kerala rather than every ad.
   */
  homeKeepsQuery?: true;
};

/** What a route tells the layout (read with useMatches()): also what it shows instead (layoutRules). */
export type RouteHandle = Pick<
  RouteRow,
  'screen' | 'layout' | 'access' | 'accepts' | 'roles' | 'screenOf'
>;

const USER_NAME = new RegExp(`^[A-Za-z0-9._-]{${LIMITS.username.min},${LIMITS.username.max}}$`);

/**
 * The spec's route table (section 2), one row per route, in its order: the path, who may see it
 * and the page layout. Static paths outrank /:userName, so a user name never hides a page.
 */
export const ROUTES: readonly RouteRow[] = [
  { path: '/', screen: 'Ads', access: 'home', layout: 'standard', element: <AdListScreen /> },
  {
    path: '/ads',
    screen: 'Ads',
    access: 'validatedMember',
    homeKeepsQuery: true,
    layout: 'standard',
    element: <AdListScreen />,
  },
  {
    path: '/ads/:adId',
    screen: 'Ad detail',
    access: 'guestOrValidatedMember',
    layout: 'standard',
    element: (
      <AdDetailScreen
        renderBidArea={(ad, onBiddingClosed, onAdEdited) => (
          <BidArea
            itemId={ad._id}
            ownerId={ad.postedBy}
            price={ad.price}
            currencyCode={ad.currencycode}
            withdrawn={ad.withdrawn === true}
            onBiddingClosed={onBiddingClosed}
            onAdEdited={onAdEdited}
          />
        )}
      />
    ),
  },
  {
    path: '/contactus',
    screen: 'Contact Us',
    access: 'public',
    layout: 'document',
    element: <ContactUsScreen />,
  },
  {
    path: '/register',
    screen: 'Register',
    access: 'guestOnly',
    layout: 'auth',
    element: <RegisterScreen />,
  },
  {
    path: '/login',
    screen: 'Login',
    access: 'loginPage',
    layout: 'auth',
    element: <LoginScreen />,
  },
  {
    path: '/forgot-password',
    screen: 'Reset Password',
    access: 'public',
    layout: 'auth',
    element: <ForgotPasswordScreen />,
  },
  {
    path: '/api/auth/resetPassword/:q',
    screen: 'Set password',
    access: 'public',
    layout: 'auth',
    element: <SetPasswordScreen />,
  },
  {
    path: '/email-verify/:userId',
    screen: 'Verify Your Email',
    access: 'public',
    layout: 'auth',
    element: <EmailVerifyScreen />,
  },
  {
    path: '/email-verify-message',
    screen: 'Verify Your Email',
    access: 'public',
    layout: 'auth',
    element: <EmailVerifyMessageScreen />,
  },
  {
    path: '/otp-phone-verify',
    screen: VERIFY_PHONE_SCREEN,
    screenOf: (search) => (search.has(SIGN_IN_PARAM) ? SIGN_IN_TITLE : undefined),
    access: 'public',
    layout: 'auth',
    element: <OtpPhoneVerifyScreen />,
  },
  {
    path: '/otp-phone',
    screen: 'Send OTP',
    access: 'public',
    layout: 'auth',
    element: <OtpPhoneScreen />,
  },
  {
    path: '/tc',
    screen: 'Terms and Conditions',
    access: 'public',
    layout: 'document',
    element: <TermsScreen />,
  },
  {
    path: '/privacypolicy',
    screen: 'Privacy Policy',
    access: 'public',
    layout: 'document',
    element: <PrivacyPolicyScreen />,
  },
  {
    path: '/myAds',
    screen: 'My Ads',
    access: 'validatedMember',
    layout: 'standard',
    element: <MyAdsScreen />,
  },
  {
    path: '/myBids',
    screen: 'My Bids',
    access: 'validatedMember',
    layout: 'standard',
    element: <MyBidsScreen />,
  },
  {
    path: '/postAd',
    screen: 'Post New Ad',
    access: 'member',
    layout: 'standard',
    element: <PostAdScreen />,
  },
  {
    path: '/editAd/:adUid',
    screen: 'Edit Ad',
    access: 'member',
    layout: 'standard',
    element: <EditAdScreen />,
  },
  {
    path: '/postAd/media/:adId',
    screen: 'Ad media',
    access: 'member',
    layout: 'standard',
    element: <AdMediaScreen />,
  },
  {
    path: '/bid/:id',
    screen: 'Post A Bid',
    access: 'member',
    layout: 'standard',
    element: <ShareBidScreen />,
  },
  {
    path: '/settings',
    screen: 'Settings',
    access: 'member',
    layout: 'standard',
    element: <SettingsScreen />,
  },
  {
    path: '/buyShare',
    screen: 'Buy-share bid',
    access: 'member',
    layout: 'standard',
    element: <BuyShareScreen />,
  },
  {
    path: '/subscription',
    screen: 'Subscription',
    access: 'member',
    layout: 'standard',
    element: <SubscriptionScreen />,
  },
  {
    path: '/transactions',
    screen: 'Transactions',
    access: 'member',
    layout: 'standard',
    element: <TransactionsScreen />,
  },
  {
    path: '/adbid/:id',
    screen: 'Bid for an ad slot',
    access: 'validatedMember',
    layout: 'standard',
    element: <AdSlotBidScreen />,
  },
  {
    path: '/bid-calendar',
    screen: 'Ad bid calendar',
    access: 'validatedMember',
    layout: 'standard',
    element: <BidCalendarScreen />,
  },
  {
    path: '/buyAdSpace',
    screen: 'Buy AdSpace',
    access: 'validatedMember',
    layout: 'standard',
    element: <BuyAdSpaceScreen />,
  },
  {
    path: '/editprofile',
    screen: 'Edit profile',
    access: 'member',
    layout: 'standard',
    element: <EditProfileScreen />,
  },
  {
    path: '/profile-me',
    screen: 'My profile',
    access: 'member',
    layout: 'standard',
    element: <ProfileMeScreen />,
  },
  {
    path: '/user_profile/:userId',
    screen: 'User profile',
    access: 'validatedMember',
    layout: 'standard',
    element: <UserProfileScreen />,
  },
  {
    path: '/support/ads',
    screen: 'Ad history',
    access: 'member',
    roles: AD_HISTORY_ROLES,
    layout: 'staff',
    element: <AdHistoryLookupScreen />,
  },
  {
    path: '/support/ads/:adId',
    screen: 'Ad history',
    access: 'member',
    roles: AD_HISTORY_ROLES,
    layout: 'staff',
    element: <AdHistoryScreen />,
  },
  {
    path: '/support/slots',
    screen: 'Slot history',
    access: 'member',
    roles: AD_HISTORY_ROLES,
    layout: 'staff',
    element: <SlotHistoryScreen />,
  },
  {
    path: '/support/messages',
    screen: 'Contact messages',
    access: 'member',
    roles: SUPPORT_ROLES,
    layout: 'staff',
    element: <ContactMessagesScreen />,
  },
  {
    path: '/audit',
    screen: 'Payments audit',
    access: 'member',
    roles: AUDIT_ROLES,
    layout: 'staff',
    element: <AuditScreen />,
  },
  {
    path: '/:userName',
    screen: 'User profile',
    access: 'validatedMember',
    layout: 'standard',
    element: <UserNameProfileScreen />,
    accepts: (params) => USER_NAME.test(params.userName ?? ''),
  },
  {
    path: '*',
    screen: MESSAGES.pageNotFound,
    access: 'public',
    layout: 'standard',
    element: <PageNotFoundScreen />,
  },
];

function RouteElement({ row }: { row: RouteRow }) {
  const params = useParams();
  if (row.accepts && !row.accepts(params)) return <PageNotFoundScreen />;
  return (
    <Guarded rule={row.access} homeKeepsQuery={row.homeKeepsQuery === true}>
      <StaffOnly roles={row.roles}>{row.element}</StaffOnly>
    </Guarded>
  );
}

export const routeObjects: RouteObject[] = [
  {
    element: <AppShell />,
    children: ROUTES.map((row) => ({
      path: row.path,
      element: <RouteElement row={row} />,
      handle: {
        screen: row.screen,
        layout: row.layout,
        access: row.access,
        ...(row.accepts ? { accepts: row.accepts } : {}),
        ...(row.roles ? { roles: row.roles } : {}),
        ...(row.screenOf ? { screenOf: row.screenOf } : {}),
      } satisfies RouteHandle,
    })),
  },
];

export const createAppRouter = () => createBrowserRouter(routeObjects);
