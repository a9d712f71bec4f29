import { describe, expect, it } from 'vitest';
import {
  awaitsPhoneCheck,
  cameFromOf,
  decideAccess,
  loginPath,
  safeRedirectTarget,
  visitorOf,
  type AccessRule,
  type Visitor,
} from './access.ts';

const guest: Visitor = { status: 'guest', mobileValidated: false };
const loading: Visitor = { status: 'loading', mobileValidated: false };
const unvalidated: Visitor = { status: 'member', mobileValidated: false };
const validated: Visitor = { status: 'member', mobileValidated: true };
const unreachable: Visitor = { status: 'unreachable', mobileValidated: false };

const render = { kind: 'render' };
const home = { kind: 'redirect', to: '/' };
const homeThenBack = { kind: 'redirect', to: '/', comeBack: true };
const otp = { kind: 'verifyPhone' };

describe('who gets what on each kind of route', () => {
  it.each<[AccessRule, Visitor, object]>([
    ['public', guest, render],
    ['public', loading, render],
    ['public', unvalidated, render],
    ['public', validated, render],
    ['home', guest, render],
    ['home', unvalidated, otp],
    ['home', validated, render],
    ['guestOnly', guest, render],
    ['guestOnly', unvalidated, home],
    ['guestOnly', validated, home],
    ['member', guest, homeThenBack],
    ['member', unvalidated, otp],
    ['member', validated, render],
    ['validatedMember', guest, homeThenBack],
    ['validatedMember', unvalidated, home],
    ['validatedMember', validated, render],
    ['guestOrValidatedMember', guest, render],
    // A session that could not be checked is not taken for a guest on a members' page.
    ['member', unreachable, { kind: 'unreachable' }],
    ['validatedMember', unreachable, { kind: 'unreachable' }],
    ['home', unreachable, render],
    ['guestOrValidatedMember', unreachable, render],
    ['guestOrValidatedMember', unvalidated, home],
    ['guestOrValidatedMember', validated, render],
    ['loginPage', guest, render],
    ['loginPage', unvalidated, { kind: 'redirect', to: '/otp-phone-verify' }],
    ['loginPage', validated, home],
  ])('%s for %o → %o', (rule, visitor, decision) => {
    expect(decideAccess(rule, visitor)).toEqual(decision);
  });

  it('waits for the session check before deciding anything but a public page', () => {
    for (const rule of [
      'home',
      'guestOnly',
      'member',
      'validatedMember',
      'guestOrValidatedMember',
      'loginPage',
    ] as const) {
      expect(decideAccess(rule, loading)).toEqual({ kind: 'wait' });
    }
  });

  it('sends a logged-in visitor of the login page to its redirect target', () => {
    expect(decideAccess('loginPage', validated, '?redirect=%2Fads%2F42%3Ftab%3Dbids')).toEqual({
      kind: 'redirect',
      to: '/ads/42?tab=bids',
    });
  });
});

describe('the visitor a session makes', () => {
  it('is a member awaiting the phone check until their user says it is done', () => {
    const user = { mobileValidated: false, roles: ['support'] };
    expect(visitorOf({ status: 'member', user })).toEqual({ ...unvalidated, roles: ['support'] });
    expect(awaitsPhoneCheck(visitorOf({ status: 'member', user }))).toBe(true);
    expect(awaitsPhoneCheck(visitorOf({ status: 'member', user: { mobileValidated: true } }))).toBe(
      false,
    );
    // Not a member yet (the stored session still being checked): nothing awaits.
    expect(awaitsPhoneCheck(visitorOf({ status: 'loading' }))).toBe(false);
  });
});

describe('the page a guest was sent home from', () => {
  it('is read from the location state, and only from a well-formed one', () => {
    expect(cameFromOf({ cameFrom: '/transactions?page=2' })).toBe('/transactions?page=2');
    for (const state of [null, undefined, 'x', {}, { cameFrom: 3 }])
      expect(cameFromOf(state)).toBeUndefined();
  });
});

describe('redirect targets', () => {
  it('keeps paths of this app', () => {
    expect(safeRedirectTarget('/myAds')).toBe('/myAds');
    expect(safeRedirectTarget('/ads?search=car')).toBe('/ads?search=car');
    expect(safeRedirectTarget('/ads/lamp-3f2a?bids=before#bidding')).toBe(
      '/ads/lamp-3f2a?bids=before#bidding',
    );
  });

  it('refuses other sites, empty targets and the login page itself', () => {
    for (const target of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      // A tab or a line break the browser drops: '//evil.example'.
      '/\t/evil.example',
      '/\n/evil.example',
      '/\t\\evil.example',
      '',
      null,
      'ads',
      '/login?redirect=/x',
      // A reset link's page: its token stays out of the login page's address.
      '/api/auth/resetPassword/0f3c9a7e-secret-token',
    ]) {
      expect(safeRedirectTarget(target)).toBe('/');
    }
  });

  it('writes the login path with the current page as redirect', () => {
    expect(loginPath('/ads/7?x=1')).toBe('/login?redirect=%2Fads%2F7%3Fx%3D1');
  });
});
