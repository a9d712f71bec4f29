import { describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { MESSAGES } from '@boli/engine/shared/messages';
import type { TestApp } from '../../ops/src/testing/app.ts';
import { acknowledgeBidPosted, bidArea, fillBidDetails } from './support/bids.ts';
import { dialogOwnsBack, fieldByLabel, openAt, withAppAndBrowser } from './support/harness.ts';
import {
  createMember,
  grantRoles,
  openAs,
  openPage,
  signInAgain,
  type Member,
} from './support/members.ts';
import { api, postAd } from './support/payments.ts';

/*
 * A session that ends while a page is open: revoked elsewhere (a password change in another
 * browser, support blocking the member) or expired past renewal. The page must stop looking
 * signed in — 'Your session expired. Please login again.', Login in the top bar — and the bid the
 * member was typing must survive it and the login that follows (docs/api/accounts.md: a revoked
 * session answers 401, a revoked refresh token 401 too).
 */

let app: TestApp;
let browser: Browser;

withAppAndBrowser((running) => ({ app, browser } = running));

const NEW_PASSWORD = 'Mango#Pulse93';

const bidForm = (page: Page) => bidArea(page).getByRole('form', { name: 'Place a bid' });

/**
 * The ad's page, as a member whose bid form has their alias in it: their registered one, or
 * `onAd`, the one they bid under on the ad.
 */
async function openAdAsMember(
  page: Page,
  adId: string,
  member: Member,
  onAd = member.bidAlias,
): Promise<void> {
  await openAt(app, page, `/ads/${adId}`);
  const alias = bidForm(page).getByLabel('Bid alias');
  await expect.poll(() => alias.inputValue(), { timeout: 15_000 }).toBe(onAd);
}

/** The form's alias, type and amount as shown. */
const typedBid = async (page: Page) => {
  const form = bidForm(page);
  await form.waitFor();
  return {
    alias: await form.getByLabel('Bid alias').inputValue(),
    type: await form.locator('input[name="type"]').inputValue(),
    amount: await form.getByLabel('Amount (₹)').inputValue(),
  };
};

/** The login page's form, filled in and sent. */
async function logIn(page: Page, member: Member): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/login');
  // The Login Required dialog that led here fades out over the form; a click meanwhile is lost.
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await fieldByLabel(page, 'Email or username').fill(member.username);
  await fieldByLabel(page, 'Password').fill(member.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

const answerOf = (page: Page, pathname: string): Promise<Response> =>
  page.waitForResponse((response) => new URL(response.url()).pathname === pathname);

/** The session is over and the page says so once; the top bar is a guest's, Login coming back. */
async function expectLoggedOutWithNotice(
  page: Page,
  member: Member,
  backTo: string,
  notice: string = MESSAGES.sessionExpired,
) {
  await page.getByText(notice, { exact: true }).waitFor();
  const banner = page.getByRole('banner');
  const login = banner.getByRole('link', { name: 'Login', exact: true });
  await login.waitFor();
  expect(await login.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent(backTo)}`);
  expect(await banner.getByRole('button', { name: /^Notifications/ }).count()).toBe(0);
  expect(await banner.getByLabel(`Enlarge ${member.username}'s picture`).count()).toBe(0);
  expect(await banner.getByText(member.username, { exact: true }).count()).toBe(0);
  expect(await page.evaluate("window.localStorage.getItem('jwt')")).toBeNull();
  // Every call under way fails the same way; only one says so.
  expect(await page.getByText(notice, { exact: true }).count()).toBe(1);
  if (notice !== MESSAGES.sessionExpired)
    expect(await page.getByText(MESSAGES.sessionExpired, { exact: true }).count()).toBe(0);
}

/**
 * Fills in a bid of Open 26020, before the session is ended: Bid is then pressed the moment it
 * has ended (`bidInEndedSession`). Pressed seconds later, the api's sweep of live sockets
 * (`LIMITS.liveSessionCheckMs`) may have ended the page's session first, and the bid is never sent.
 */
const fillInBid = (page: Page) => fillBidDetails(page, bidForm(page), 'Open', '26020');

/**
 * Presses Bid (`fillInBid`) and expects the api to refuse the revoked session; answers the refresh
 * the app tries then (POST /api/auth/refresh), for the caller to check it was refused too.
 */
async function bidInEndedSession(page: Page): Promise<{ renewal: Promise<Response> }> {
  const bid = answerOf(page, '/api/bid/');
  const refresh = answerOf(page, '/api/auth/refresh');
  refresh.catch(() => undefined); // awaited by the caller, after what matters more
  await bidForm(page).getByRole('button', { name: 'Bid', exact: true }).click();
  expect((await bid).status()).toBe(401);
  return { renewal: refresh };
}

describe('a session ended elsewhere', () => {
  it('logs out with the notice when a password change in another browser revoked it', async () => {
    const [owner, bidder] = await Promise.all([
      createMember(app, { address: true }),
      createMember(app, { address: false }),
    ]);
    const adId = await postAd(app, owner);
    // D1 changes the password; D2 and D3 are the same member's other sessions.
    const d2Session = await signInAgain(app, bidder);
    const d3Session = await signInAgain(app, bidder);
    const d1 = await openAs(browser, bidder);
    const d2 = await openAs(browser, d2Session);
    const d3 = await openAs(browser, d3Session);
    await openAdAsMember(d2.page, adId, bidder);
    await openAt(app, d3.page, '/');
    await d3.page.getByRole('banner').getByLabel(`Enlarge ${bidder.username}'s picture`).waitFor();

    await openAt(app, d1.page, '/settings');
    await d1.page.getByRole('button', { name: 'Change Password' }).click();
    const dialog = d1.page.getByRole('dialog', { name: 'Change Password' });
    // The browser's Back closes the full-screen dialog and stays on the settings page.
    await dialog.waitFor();
    await dialogOwnsBack(d1.page);
    await d1.page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(d1.page.url()).pathname).toBe('/settings');
    await d1.page.getByRole('button', { name: 'Change Password' }).click();
    // Refused (no old password, the new one twice but not alike): the focus goes to the first
    // field to fix.
    const oldPassword = dialog.getByLabel(/^Old password/);
    // Each field can show what was typed, as on Login and Register.
    await dialog.getByRole('button', { name: 'Show Old password' }).click();
    expect(await oldPassword.getAttribute('type')).toBe('text');
    await dialog.getByRole('button', { name: 'Hide Old password' }).click();
    expect(await oldPassword.getAttribute('type')).toBe('password');
    const isFocused = (field: typeof oldPassword) =>
      field.evaluate((input) => input === document.activeElement);
    await dialog.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await dialog.getByLabel(/^Confirm new password/).fill(`${NEW_PASSWORD}x`);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    await expect.poll(() => isFocused(oldPassword)).toBe(true);
    // The api's refusal (a wrong old password) does the same.
    await oldPassword.fill(`${bidder.password}x`);
    await dialog.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    // Said once, under the field it is about (not again above the form).
    const wrongOld = dialog.getByText(ACCOUNT_MESSAGES.wrongOldPassword, { exact: true });
    await wrongOld.waitFor();
    expect(await wrongOld.count()).toBe(1);
    expect(await oldPassword.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => isFocused(oldPassword)).toBe(true);
    await oldPassword.fill(bidder.password);
    await dialog.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await dialog.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await fillInBid(d2.page);
    await dialog.getByRole('button', { name: 'Change Password' }).click();
    // Section 8's success dialog, on / with the session ended.
    const changed = d1.page.getByRole('dialog', { name: MESSAGES.passwordChangedLogin });
    await changed.waitFor();

    // D2, still on the ad, bids: the api refuses the session, and the page stops looking signed in.
    const { renewal } = await bidInEndedSession(d2.page);
    await expectLoggedOutWithNotice(d2.page, bidder, `/ads/${adId}`);
    expect((await renewal).status()).toBe(401);
    expect(await bidForm(d2.page).getByText(MESSAGES.loginRequired).count()).toBe(0);

    // D1's success dialog: OK closes it.
    await d1.page.waitForURL((url) => url.pathname === '/');
    await dialogOwnsBack(d1.page);
    await changed.getByRole('button', { name: 'OK' }).click();
    await changed.waitFor({ state: 'hidden' });
    expect(new URL(d1.page.url()).pathname).toBe('/');

    // D3 opens a member's page: /api/user refuses the session; the member hears why.
    const user = answerOf(d3.page, '/api/user');
    await d3.page.goto(new URL('/transactions', app.baseUrl).href);
    expect((await user).status()).toBe(401);
    await d3.page.waitForURL((url) => url.pathname === '/');
    // Sent home as a guest, but Login comes back to the page that was asked for.
    await expectLoggedOutWithNotice(d3.page, bidder, '/transactions');
    await d3.page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).click();
    await logIn(d3.page, { ...bidder, password: NEW_PASSWORD });
    await d3.page.waitForURL((url) => url.pathname === '/transactions');

    await Promise.all([d1.context.close(), d2.context.close(), d3.context.close()]);
  });

  it('logs a blocked member out, saying the account is blocked', async () => {
    const [owner, bidder, staffMember] = await Promise.all([
      createMember(app, { address: true }),
      createMember(app, { address: false }),
      createMember(app, { address: false }),
    ]);
    const [adId, support] = await Promise.all([
      postAd(app, owner),
      grantRoles(app, staffMember, ['support']),
    ]);
    const { context, page } = await openAs(browser, bidder);
    await openAdAsMember(page, adId, bidder);
    // A second tab of the same browser, on a page of its own.
    const otherTab = await context.newPage();
    await openAt(app, otherTab, '/myAds');
    await otherTab.getByRole('heading', { name: 'My Ads' }).waitFor();

    await fillInBid(page);
    const blocked = await api(app, `/api/support/users/${bidder.userId}/block`, {
      json: { reason: 'Bidding on his own ads through a second account' },
      token: support.token,
    });
    expect(blocked.status, JSON.stringify(blocked.body)).toBe(200);

    const { renewal } = await bidInEndedSession(page);
    await expectLoggedOutWithNotice(page, bidder, `/ads/${adId}`, ACCOUNT_MESSAGES.accountBlocked);
    expect((await renewal).status()).toBe(403);
    // Unlike an expiry, a block stays said, with the way to customer care, till it is closed.
    const notice = page.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.accountBlocked });
    await notice.waitFor();
    // Past notistack's 5 s, after which a passing note has gone.
    await page.waitForTimeout(6_000);
    expect(await notice.isVisible()).toBe(true);
    const contact = notice.getByRole('link', { name: 'Contact Us', exact: true });
    expect(await contact.getAttribute('href')).toBe('/contactus');
    // The other tab, logged out with it, says why too: not that the member logged out.
    await otherTab.getByText(ACCOUNT_MESSAGES.accountBlocked, { exact: true }).waitFor();
    expect(await otherTab.getByText(MESSAGES.loggedOutElsewhere).count()).toBe(0);
    await notice.getByRole('button', { name: 'Close', exact: true }).click();
    await notice.waitFor({ state: 'detached' });

    // Unblocked, the member signs in again in the first tab: the other tab, signed in with it,
    // no longer says the account is blocked.
    const unblocked = await api(app, `/api/support/users/${bidder.userId}/unblock`, {
      json: { reason: 'The second account was his brother’s' },
      token: support.token,
    });
    expect(unblocked.status, JSON.stringify(unblocked.body)).toBe(200);
    await openAt(app, page, '/login');
    await page.getByLabel('Email or username').fill(bidder.username);
    await page.getByLabel('Password', { exact: true }).fill(bidder.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await otherTab
      .getByText(ACCOUNT_MESSAGES.accountBlocked, { exact: true })
      .waitFor({ state: 'detached' });
    await context.close();
  });

  it('leaves a guest’s bid to the Login Required dialog, without a notice', async () => {
    const [owner, bidder] = await Promise.all([
      createMember(app, { address: true }),
      createMember(app, { address: false }),
    ]);
    const adId = await postAd(app, owner);
    const context = await browser.newContext();
    const page = await context.newPage();
    await openAt(app, page, `/ads/${adId}`);
    await fillBidDetails(page, bidForm(page), 'Hidden', '26020');
    await bidForm(page).getByRole('button', { name: 'Bid', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.loginRequired });
    await dialog.getByRole('button', { name: 'Login' }).click();
    expect(await page.getByText(MESSAGES.sessionExpired).count()).toBe(0);

    // Whoever logs in comes back to the bid they typed, their own alias beside it.
    await logIn(page, bidder);
    await page.waitForURL((url) => url.pathname === `/ads/${adId}`);
    await expect
      .poll(() => typedBid(page))
      .toEqual({
        alias: bidder.bidAlias,
        type: 'Hidden',
        amount: '26020',
      });
    await context.close();
  });
});

describe('a logout in another tab', () => {
  it('sends a members’ page home, says why, and Login comes back to it', async () => {
    const member = await createMember(app, { address: false });
    const { context, page } = await openAs(browser, member);
    await openAt(app, page, '/settings');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    const other = await context.newPage();
    await openAt(app, other, '/');
    // The other tab logs out: the stored token goes.
    await other.evaluate(() => window.localStorage.removeItem('jwt'));
    await page.getByText(MESSAGES.loggedOutElsewhere).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('link', { name: 'Login', exact: true }).getAttribute('href')).toBe(
      '/login?redirect=%2Fsettings',
    );
    await context.close();
  });
});

describe('a login in another tab', () => {
  it('signs in the tabs open as a guest’s, which a logout there then ends', async () => {
    const member = await createMember(app, { address: false });
    const { context, page } = await openPage(browser);
    await openAt(app, page, '/');
    const topBar = page.getByRole('banner');
    await topBar.getByRole('link', { name: 'Login', exact: true }).waitFor();
    const other = await context.newPage();
    await openAt(app, other, '/login');
    await fieldByLabel(other, 'Email or username').fill(member.username);
    await fieldByLabel(other, 'Password').fill(member.password);
    await other.getByRole('button', { name: 'Login', exact: true }).click();
    // The guest's tab learns of it unreloaded: its member's bar, the Login link gone.
    await topBar.getByRole('button', { name: /^Notifications/ }).waitFor();
    expect(await topBar.getByRole('link', { name: 'Login', exact: true }).count()).toBe(0);
    await other.evaluate(() => window.localStorage.removeItem('jwt'));
    await page.getByText(MESSAGES.loggedOutElsewhere).waitFor();
    await topBar.getByRole('link', { name: 'Login', exact: true }).waitFor();
    await context.close();
  });
});

describe('a bid typed when the session ends', () => {
  it('is still in the form after the session expired, and after logging in again', async () => {
    const [owner, bidder] = await Promise.all([
      createMember(app, { address: true }),
      createMember(app, { address: false }),
    ]);
    const adId = await postAd(app, owner);
    const { context, page } = await openAs(browser, bidder);
    await openAdAsMember(page, adId, bidder);
    const alias = 'QWZPLM';
    await bidForm(page).getByLabel('Bid alias').fill(alias);
    await fillBidDetails(page, bidForm(page), 'Open', '26020');
    const typed = { alias, type: 'Open', amount: '26020' };

    // The session expires past renewal: every call with the token is answered TOKEN_EXPIRED and
    // the refresh is refused, as the api answers for an expired one.
    const envelope = (msg: string, code: string) => ({ data: null, error: true, msg, code });
    await page.route(
      (url) => url.pathname.startsWith('/api/'),
      async (route) =>
        (await route.request().headerValue('authorization'))
          ? route.fulfill({ status: 403, json: envelope('TOKEN_EXPIRED', 'TOKEN_EXPIRED') })
          : route.fallback(),
    );
    await page.route(
      (url) => url.pathname === '/api/auth/refresh',
      (route) =>
        route.fulfill({
          status: 401,
          json: envelope(MESSAGES.sessionExpired, 'REFRESH_TOKEN_INVALID'),
        }),
    );
    await bidForm(page).getByRole('button', { name: 'Bid', exact: true }).click();
    await expectLoggedOutWithNotice(page, bidder, `/ads/${adId}`);
    expect(await typedBid(page)).toEqual(typed);
    await page.unrouteAll();

    // Login, through the redirect back to the ad: the bid is there, and goes out as typed.
    await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).click();
    await logIn(page, bidder);
    await page.waitForURL((url) => url.pathname === `/ads/${adId}`);
    await page.getByRole('banner').getByLabel(`Enlarge ${bidder.username}'s picture`).waitFor();
    expect(await typedBid(page)).toEqual(typed);
    await bidForm(page).getByRole('button', { name: 'Bid', exact: true }).click();
    await acknowledgeBidPosted(page);
    await bidArea(page).getByRole('row').filter({ hasText: alias }).waitFor();

    // Posted, it is forgotten: the ad opened again starts from an empty bid, under the alias
    // the member bid under there (not their registered one).
    await openAdAsMember(page, adId, bidder, alias);
    expect(await typedBid(page)).toEqual({ alias, type: 'Select Type', amount: '' });
    await context.close();
  });
});
