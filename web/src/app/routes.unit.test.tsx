import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { ROUTE_ACCESS } from '@boli/engine/shared/routeAccess';
import type { Visitor } from './guards/access.ts';
import { shownScreen } from './layout/layoutRules.ts';
import { ROUTES, routeObjects, screensToFetchAhead, type RouteHandle } from './routes.tsx';

/** The spec's route table (section 2), row by row, plus the catch-all 'Page not found'. */
const SPEC_ROUTES = [
  ...ROUTE_ACCESS.map(([path, rule, roles]) => [path, rule, roles]),
  ['*', 'public', undefined],
];

function screenAt(pathname: string): RouteHandle | undefined {
  return matchRoutes(routeObjects, pathname)?.at(-1)?.route.handle as RouteHandle | undefined;
}

const guest: Visitor = { status: 'guest', mobileValidated: false };
const unverified: Visitor = { status: 'member', mobileValidated: false };
const verified: Visitor = { status: 'member', mobileValidated: true };

/** The name of what a visitor is shown at `pathname`: the tab's title and the main region's. */
function shownAt(pathname: string, visitor: Visitor): string | undefined {
  const match = matchRoutes(routeObjects, pathname)?.at(-1);
  return match && shownScreen(match.route.handle as RouteHandle, match.params, visitor);
}

describe('the route table', () => {
  it('has every row of the spec’s table, with its access rule (and staff roles), and nothing else', () => {
    expect(ROUTES.map((row) => [row.path, row.access, row.roles])).toEqual(SPEC_ROUTES);
  });

  it('hides the side columns on the auth-like pages and skips the card on contact, terms and privacy', () => {
    const layoutOf = (path: string) => ROUTES.find((row) => row.path === path)?.layout;
    for (const path of [
      '/login',
      '/forgot-password',
      '/register',
      '/api/auth/resetPassword/:q',
      '/email-verify/:userId',
      '/email-verify-message',
      '/otp-phone',
      '/otp-phone-verify',
    ]) {
      expect(layoutOf(path), path).toBe('auth');
    }
    for (const path of ['/contactus', '/tc', '/privacypolicy'])
      expect(layoutOf(path), path).toBe('document');
  });

  it.each([
    ['/', 'Ads'],
    ['/ads', 'Ads'],
    ['/ads/6f1c-22aa', 'Ad detail'],
    ['/ads/42', 'Ad detail'],
    ['/bid/7', 'Post A Bid'],
    ['/bid-calendar', 'Ad bid calendar'],
    ['/api/auth/resetPassword/abc.def', 'Set password'],
    ['/myAds', 'My Ads'],
    ['/ashaverma', 'User profile'],
    ['/no/such/page', 'Page not found'],
    ['/ads/42/extra', 'Page not found'],
  ])('%s opens %s: a user name never hides a page', (pathname, screen) => {
    expect(screenAt(pathname)?.screen).toBe(screen);
  });

  it('names Login with OTP as such, on the page that otherwise verifies a phone', () => {
    const at = (search: string) => {
      const match = matchRoutes(routeObjects, '/otp-phone-verify')?.at(-1);
      const handle = match?.route.handle as RouteHandle;
      return shownScreen(handle, {}, guest, new URLSearchParams(search));
    };
    expect(at('signin=asha_k')).toBe('Login with OTP');
    expect(at('')).toBe('Verify Mobile Number');
  });

  it('names a path no user name can be what it shows, Page not found, not User profile', () => {
    expect(shownAt('/ab', verified)).toBe('Page not found');
    expect(shownAt('/x.y', verified)).toBe('Page not found');
    expect(shownAt('/no_such_user_xyz', verified)).toBe('Page not found');
    expect(shownAt('/ashaverma', verified)).toBe('User profile');
  });

  it('names the OTP screen where a member whose phone is not verified is shown it instead', () => {
    expect(shownAt('/', unverified)).toBe('Verify Mobile Number');
    expect(shownAt('/postAd', unverified)).toBe('Verify Mobile Number');
    expect(shownAt('/postAd', verified)).toBe('Post New Ad');
    expect(shownAt('/', guest)).toBe('Ads');
    // Sent home rather than shown the OTP screen here: the title is home's once there.
    expect(shownAt('/myAds', unverified)).toBe('My Ads');
  });

  it('names a staff page Not allowed to anyone without its roles, who is shown the refusal', () => {
    const support: Visitor = { ...verified, roles: ['support'] };
    const auditor: Visitor = { ...verified, roles: ['auditor'] };
    expect(shownAt('/support/messages', verified)).toBe('Not allowed');
    expect(shownAt('/audit', support)).toBe('Not allowed');
    expect(shownAt('/support/messages', auditor)).toBe('Not allowed');
    expect(shownAt('/support/messages', support)).toBe('Contact messages');
    expect(shownAt('/audit', auditor)).toBe('Payments audit');
  });

  it('keeps only user-name-shaped paths for profiles', () => {
    const row = ROUTES.find((candidate) => candidate.path === '/:userName');
    expect(row?.accepts?.({ userName: 'asha_v.01' })).toBe(true);
    expect(row?.accepts?.({ userName: 'abc' })).toBe(false);
    expect(row?.accepts?.({ userName: 'this-is-not-any-page-at-all' })).toBe(false);
    expect(row?.accepts?.({ userName: 'has space' })).toBe(false);
  });
});

describe('screensToFetchAhead', () => {
  const staffOnly = ROUTES.filter((row) => row.roles !== undefined).length;
  it('fetches ahead a guest’s pages for a guest, more for a member, staff tools for their staff only', () => {
    const forGuest = screensToFetchAhead({ status: 'guest' });
    const forMember = screensToFetchAhead({ status: 'member' });
    const forSupport = screensToFetchAhead({ status: 'member', roles: ['support'] });
    expect(forGuest.length).toBeGreaterThan(0);
    expect(forMember.length).toBeGreaterThan(forGuest.length);
    expect(forSupport.length).toBeGreaterThan(forMember.length);
    expect(forSupport.length).toBeLessThan(forMember.length + staffOnly);
    expect(screensToFetchAhead({ status: 'loading' })).toEqual([]);
  });
});
