import {
  createElement,
  isValidElement,
  lazy,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  useParams,
  useSearchParams,
  type Params,
  type RouteObject,
} from 'react-router-dom';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { LoginScreen } from '../features/accounts/components/LoginScreen.tsx';
// In the first script already: Guarded shows it in place of any member page until the phone is verified.
import { OtpPhoneVerifyScreen } from '../features/accounts/components/OtpPhoneVerifyScreen.tsx';
import { SIGN_IN_PARAM, SIGN_IN_TITLE } from '../features/accounts/model/returnAfterVerify.ts';
import { AdDetailScreen } from '../features/ads/components/AdDetailScreen.tsx';
import { AdListScreen } from '../features/ads/components/AdListScreen.tsx';
import { adDetailRequest, adReference } from '../features/ads/ads.api.ts';
import { adListOfParams, adListRequest } from '../features/ads/model/adFilters.ts';
import { startEarly } from './api/client.ts';
import { useSession } from './session/sessionContext.ts';
import { tokenLapsed } from './session/tokenLapse.ts';
import { BidArea } from '../features/bidding/components/BidArea.tsx';
import { bidPageAhead } from '../features/bidding/api/bidsApi.ts';
import { PageNotFoundScreen } from '../features/errors/components/PageNotFoundScreen.tsx';
import { ScreenFailure } from '../features/errors/components/ScreenFailure.tsx';
import type { AccessRule, Visitor } from './guards/access.ts';
import { Guarded } from './guards/Guarded.tsx';
import { StaffOnly } from './guards/StaffOnly.tsx';
import { AD_HISTORY_ROLES, AUDIT_ROLES, SUPPORT_ROLES } from '@boli/engine/accounts/staffRoles';
import { AppShell } from './layout/AppShell.tsx';
import { VERIFY_PHONE_SCREEN, type PageLayout } from './layout/layoutRules.ts';

/*
 * Screens fetched apart, each a script of its own: only the ad list, an ad's page (where shared
 * links land), Login and the phone's OTP screen come with the app's first script, so a phone on a
 * slow connection paints sooner. The others are fetched once the first page has loaded
 * (screensToFetchAhead), when a link to one is pointed at or the menu opens (fetchScreenAt), or
 * when first shown if that comes sooner; AppShell shows a spinner while one loads. The bid
 * calendar carries FullCalendar, a fifth of the app's script, and the staff tools are for staff
 * only.
 */
const lazyScreen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) => {
  // One fetch, shared by the preload and the render; one that failed is tried again.
  let loading: Promise<{ default: ComponentType }> | undefined;
  let loaded: ComponentType | undefined;
  const screen = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module[name];
        return { default: loaded };
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(screen);
  // A screen whose script has come (fetched ahead) is drawn at once: React's lazy would suspend
  // on its first render all the same, and the spinner would flash. Decided once per mount, so a
  // screen drawn by Lazy is never swapped for another of the same, which would lose its state.
  function Screen() {
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready) : createElement(Lazy);
  }
  return Object.assign(Screen, {
    preload: (): Promise<void> =>
      screen().then(
        () => undefined,
        () => undefined,
      ),
  });
};

type Preloadable = { preload?: () => Promise<void> };
const preloadOf = (element: ReactNode): (() => Promise<void>) | undefined =>
  isValidElement(element) ? (element.type as Preloadable).preload : undefined;

/**
 * Starts fetching a lazily loaded screen's script, when `element` is one: while the session is
 * still being checked (Guarded's spinner), not after, which made a page opened directly wait for
 * the two one after the other.
 */
const preloadScreenOf = (element: ReactNode): void => {
  void preloadOf(element)?.();
};

const EmailVerifyMessageScreen = lazyScreen(
  () => import('../features/accounts/components/EmailVerifyMessageScreen.tsx'),
  'EmailVerifyMessageScreen',
);
const EmailVerifyScreen = lazyScreen(
  () => import('../features/accounts/components/EmailVerifyScreen.tsx'),
  'EmailVerifyScreen',
);
const ForgotPasswordScreen = lazyScreen(
  () => import('../features/accounts/components/ForgotPasswordScreen.tsx'),
  'ForgotPasswordScreen',
);
const OtpPhoneScreen = lazyScreen(
  () => import('../features/accounts/components/OtpPhoneScreen.tsx'),
  'OtpPhoneScreen',
);
const RegisterScreen = lazyScreen(
  () => import('../features/accounts/components/RegisterScreen.tsx'),
  'RegisterScreen',
);
const SetPasswordScreen = lazyScreen(
  () => import('../features/accounts/components/SetPasswordScreen.tsx'),
  'SetPasswordScreen',
);
const AdMediaScreen = lazyScreen(
  () => import('../features/ads/components/AdMediaScreen.tsx'),
  'AdMediaScreen',
);
const EditAdScreen = lazyScreen(
  () => import('../features/ads/components/EditAdScreen.tsx'),
  'EditAdScreen',
);
const MyAdsScreen = lazyScreen(
  () => import('../features/ads/components/MyAdsScreen.tsx'),
  'MyAdsScreen',
);
const MyBidsScreen = lazyScreen(
  () => import('../features/ads/components/MyBidsScreen.tsx'),
  'MyBidsScreen',
);
const PostAdScreen = lazyScreen(
  () => import('../features/ads/components/PostAdScreen.tsx'),
  'PostAdScreen',
);
const AdSlotBidScreen = lazyScreen(
  () => import('../features/adspace/components/AdSlotBidScreen.tsx'),
  'AdSlotBidScreen',
);
const BuyAdSpaceScreen = lazyScreen(
  () => import('../features/adspace/components/BuyAdSpaceScreen.tsx'),
  'BuyAdSpaceScreen',
);
const ContactUsScreen = lazyScreen(
  () => import('../features/contact/components/ContactUsScreen.tsx'),
  'ContactUsScreen',
);
const PrivacyPolicyScreen = lazyScreen(
  () => import('../features/legal/components/PrivacyPolicyScreen.tsx'),
  'PrivacyPolicyScreen',
);
const TermsScreen = lazyScreen(
  () => import('../features/legal/components/TermsScreen.tsx'),
  'TermsScreen',
);
const EditProfileScreen = lazyScreen(
  () => import('../features/profile/components/EditProfileScreen.tsx'),
  'EditProfileScreen',
);
const ProfileMeScreen = lazyScreen(
  () => import('../features/profile/components/ProfileMeScreen.tsx'),
  'ProfileMeScreen',
);
const UserNameProfileScreen = lazyScreen(
  () => import('../features/profile/components/UserNameProfileScreen.tsx'),
  'UserNameProfileScreen',
);
const UserProfileScreen = lazyScreen(
  () => import('../features/profile/components/UserProfileScreen.tsx'),
  'UserProfileScreen',
);
const SettingsScreen = lazyScreen(
  () => import('../features/settings/components/SettingsScreen.tsx'),
  'SettingsScreen',
);
const BuyShareScreen = lazyScreen(
  () => import('../features/shares/components/BuyShareScreen.tsx'),
  'BuyShareScreen',
);
const ShareBidScreen = lazyScreen(
  () => import('../features/shares/components/ShareBidScreen.tsx'),
  'ShareBidScreen',
);
const SubscriptionScreen = lazyScreen(
  () => import('../features/subscription/components/SubscriptionScreen.tsx'),
  'SubscriptionScreen',
);
const TransactionsScreen = lazyScreen(
  () => import('../features/transactions/components/TransactionsScreen.tsx'),
  'TransactionsScreen',
);
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
   * The GETs the screen makes first, started while a stored session is being checked rather than
   * after (startEarly): a member opening the page directly has its data a round trip sooner.
   */
  dataAhead?: (params: Params, search: URLSearchParams) => readonly DataCall[];
  /**
   * A guest sent home from here keeps the page's query: home lists the same ads, so /ads?state=Kerala
   * becomes /?state=Kerala rather than every ad.
   */
  homeKeepsQuery?: true;
};

type DataCall = { path: string; query: Record<string, string | number | boolean> };

/**
 * An ad and, when the address names it by id (a notice's link, not a share link's uid), the page
 * of bids it opens on: its bid area would otherwise ask for them only once the ad is read.
 */
const adDetailAhead = (adId: string, search: URLSearchParams): DataCall[] => {
  const reference = adReference(adId);
  return [
    adDetailRequest(adId),
    ...('id' in reference ? [bidPageAhead(reference.id, search)] : []),
  ];
};

/** A member's first page of the ad list the address asks for (a stored session is a member's). */
const adListAhead = (_params: Params, search: URLSearchParams): DataCall[] => [
  adListRequest(adListOfParams(search, true), { page: 1 }),
];

/** What a route tells the layout (read with useMatches()): also what it shows instead (layoutRules). */
export type RouteHandle = Pick<
  RouteRow,
  'screen' | 'layout' | 'access' | 'accepts' | 'roles' | 'screenOf'
>;

const USER_NAME = new RegExp(`^[A-Za-z0-9._-]{${LIMITS.username.min},${LIMITS.username.max}}$`);

/** The ad list with a search (the top bar's box): its tab and main region say what was sought. */
const searchScreen = (search: URLSearchParams): string | undefined => {
  const sought = search.get('search')?.trim();
  return sought ? `Search: ${sought}` : undefined;
};

/**
 * The spec's route table (section 2), one row per route, in its order: the path, who may see it
 * and the page layout. Static paths outrank /:userName, so a user name never hides a page.
 */
export const ROUTES: readonly RouteRow[] = [
  {
    path: '/',
    screen: 'Ads',
    screenOf: searchScreen,
    access: 'home',
    layout: 'standard',
    element: <AdListScreen />,
    dataAhead: adListAhead,
  },
  {
    path: '/ads',
    screen: 'Ads',
    screenOf: searchScreen,
    access: 'validatedMember',
    homeKeepsQuery: true,
    layout: 'standard',
    element: <AdListScreen />,
    dataAhead: adListAhead,
  },
  {
    path: '/ads/:adId',
    screen: 'Ad detail',
    access: 'guestOrValidatedMember',
    layout: 'standard',
    dataAhead: (params, search) => adDetailAhead(params.adId ?? '', search),
    element: (
      <AdDetailScreen
        bidsAhead={bidPageAhead}
        renderBidArea={(ad, events) => (
          <BidArea
            itemId={ad._id}
            ownerId={ad.postedBy}
            price={ad.price}
            currencyCode={ad.currencycode}
            withdrawn={ad.withdrawn === true}
            {...events}
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
    screenOf: (search) => {
      const key = search.get('key')?.trim();
      return key ? `Ad history lookup: ${key}` : undefined;
    },
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

/** The rules of the pages a guest may open (guards/access.ts). */
const GUEST_PAGES: ReadonlySet<AccessRule> = new Set([
  'public',
  'guestOnly',
  'loginPage',
  'home',
  'guestOrValidatedMember',
]);
/** Fetched only when shown: FullCalendar is a fifth of the app's script, for the few buying ad space. */
const ON_DEMAND_ONLY: ReadonlySet<unknown> = new Set([BidCalendarScreen]);

/**
 * The scripts of the screens `visitor` may open next, to fetch once the first page has painted
 * (App's ScreensFetchedAhead), so that a tap shows the next screen at once instead of leaving the
 * last one up while its script arrives: a guest's pages for a guest; a member's, and the staff
 * tools of their roles, for a member.
 */
export function screensToFetchAhead(visitor: Pick<Visitor, 'status' | 'roles'>) {
  const opens = (row: RouteRow): boolean => {
    if (visitor.status === 'guest') return GUEST_PAGES.has(row.access);
    if (visitor.status !== 'member' || row.access === 'guestOnly') return false;
    return row.roles === undefined || row.roles.some((role) => visitor.roles?.includes(role));
  };
  // A member's own pages first (My Ads, My Bids, Post Ad…): the ones they most likely open next.
  const firstFor = (row: RouteRow) =>
    visitor.status === 'member' && GUEST_PAGES.has(row.access) ? 1 : 0;
  return ROUTES.filter(opens)
    .sort((a, b) => firstFor(a) - firstFor(b))
    .filter((row) => isValidElement(row.element) && !ON_DEMAND_ONLY.has(row.element.type))
    .flatMap((row) => preloadOf(row.element) ?? []);
}

/**
 * Starts fetching the script of the screen at `pathname`, a page of this app: a link pointed at
 * or a menu opened is a tap to come, a few hundred milliseconds ahead (App's
 * ScreensFetchedOnIntent, MainMenu). Nothing when it is fetched already or comes with the app.
 */
export function fetchScreenAt(pathname: string): void {
  const path = matchRoutes(routeObjects, pathname)?.at(-1)?.route.path;
  const row = ROUTES.find((candidate) => candidate.path === path);
  if (row) preloadScreenOf(row.element);
}

function RouteElement({ row }: { row: RouteRow }) {
  preloadScreenOf(row.element);
  const params = useParams();
  const [search] = useSearchParams();
  const { status, token } = useSession();
  // Not with a lapsed token, which would only be refused: the session renews it first.
  if (
    status === 'loading' &&
    token &&
    !tokenLapsed(token) &&
    (!row.accepts || row.accepts(params))
  ) {
    for (const call of row.dataAhead?.(params, search) ?? [])
      startEarly(call.path, { ...call, token });
  }
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
    // The shell itself failing: the same notice, on a page of its own.
    errorElement: <ScreenFailure />,
    children: ROUTES.map((row) => ({
      path: row.path,
      element: <RouteElement row={row} />,
      // A screen that failed to draw (its script lost on the way): said in the shell, with Retry.
      errorElement: <ScreenFailure />,
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
