import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { ROUTE_ACCESS } from '@boli/engine/shared/routeAccess';
import { ROUTES, routeObjects, type RouteHandle } from './routes.tsx';

/** The spec's route table (section 2), row by row, plus the catch-all 'Page not found'. */
const SPEC_ROUTES = [
  ...ROUTE_ACCESS.map(([path, rule, roles]) => [path, rule, roles]),
  ['*', 'public', undefined],
];

function screenAt(pathname: string): RouteHandle | undefined {
  return matchRoutes(routeObjects, pathname)?.at(-1)?.route.handle as RouteHandle | undefined;
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

  it('keeps only user-name-shaped paths for profiles', () => {
    const row = ROUTES.find((candidate) => candidate.path === '/:userName');
    expect(row?.accepts?.({ userName: 'asha_v.01' })).toBe(true);
    expect(row?.accepts?.({ userName: 'abc' })).toBe(false);
    expect(row?.accepts?.({ userName: 'this-is-not-any-page-at-all' })).toBe(false);
    expect(row?.accepts?.({ userName: 'has space' })).toBe(false);
  });
});
