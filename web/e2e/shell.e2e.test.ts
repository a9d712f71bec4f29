import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MESSAGES } from '@boli/engine/shared/messages';
import { TOUCH_TARGET_PX } from '../src/app/theme.ts';
import type { TestApp } from '../../ops/src/testing/app.ts';
import { dialogOwnsBack, openAt, withAppAndBrowser } from './support/harness.ts';
import { BOLI_PURPLE } from '../src/app/colours.ts';

const PURPLE = 'rgb(95, 47, 157)';

let app: TestApp;
let browser: Browser;

withAppAndBrowser((running) => ({ app, browser } = running));

/** A fresh browser profile at desktop width, with `storage` in localStorage before the app loads. */
async function openPage(
  storage: Record<string, string> = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((entries: Record<string, string>) => {
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, storage);
  const page = await context.newPage();
  return { context, page };
}

const visit = (page: Page, path: string) => openAt(app, page, path);

const pathOf = (page: Page): string => new URL(page.url()).pathname;

describe('the web shell, for a guest', () => {
  it('shows the ad list under the purple top bar, with a Login button that comes back here', async () => {
    const { context, page } = await openPage();
    await visit(page, '/');
    await page.getByRole('heading', { name: 'Ad list' }).waitFor();
    const barColour = await page
      .getByRole('banner')
      .evaluate((bar) => getComputedStyle(bar).backgroundColor);
    expect(barColour).toBe(PURPLE);
    const login = page.getByRole('banner').getByRole('link', { name: 'Login', exact: true });
    expect(await login.getAttribute('href')).toBe('/login?redirect=%2F');
    // The bar's links are a landmark of their own.
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    for (const link of ['Ads', 'Contact Us', 'Public Response', 'How its different']) {
      await nav.getByRole('link', { name: link, exact: true }).waitFor();
    }
    await page.getByRole('searchbox', { name: 'Search ads' }).waitFor();
    await page.getByTestId('side-ads-left').waitFor();
    await page.getByTestId('side-ads-right').waitFor();
    await page.screenshot({ path: '/tmp/boli-shell-home.png', fullPage: true });
    await context.close();
  });

  it('shows the purple bar and the cards’ places before its script has run', async () => {
    // No script at all: what a slow phone shows until the app's script arrives.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(new URL('/', app.baseUrl).href);
    const bar = page.locator('#root .boot-bar');
    expect(await bar.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(PURPLE);
    expect(await page.locator('#root .boot-cards > div').count()).toBeGreaterThan(0);
    // The phone's browser bar is the theme's purple too.
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(
      BOLI_PURPLE,
    );
    // Seen, but nothing of it is read out as the page's own.
    expect(await page.getByText('Boli', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('banner').count()).toBe(0);
    expect(await page.locator('#root > [aria-hidden="true"]').count()).toBe(1);
    await context.close();

    // With its script, the app takes the page over: one top bar, the real one.
    const live = await openPage();
    await visit(live.page, '/');
    await live.page.getByRole('heading', { name: 'Ad list' }).waitFor();
    expect(await live.page.locator('.boot-bar').count()).toBe(0);
    await live.context.close();
  });

  it('fetches the screens a guest may open next once the page has loaded: Contact Us opens without the network', async () => {
    const { context, page } = await openPage();
    await visit(page, '/');
    await page.getByRole('heading', { name: 'Ad list' }).waitFor();
    const scripts = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((path) => path.endsWith('.js')),
      );
    await expect
      .poll(async () => (await scripts()).some((path) => /\/ContactUsScreen-/.test(path)), {
        timeout: 15_000,
      })
      .toBe(true);
    // Not a member's screens, nor the staff tools, nor the bid calendar.
    expect(
      (await scripts()).filter((path) => /(MyAds|Audit|BidCalendar)Screen-/.test(path)),
    ).toEqual([]);
    // No script can be fetched now: the screen was already here.
    await context.route('**/*.js', (route) => route.abort());
    await page.getByRole('link', { name: 'Contact Us', exact: true }).click();
    await page.getByRole('heading', { name: 'Contact Us' }).waitFor({ timeout: 5_000 });
    await context.close();
  });

  it('puts the focus on the new page from a link in the page, however long its screen takes to come', async () => {
    const { context, page } = await openPage();
    // A slow phone's fetch of the Register screen, which the login page does not bring.
    await context.route('**/RegisterScreen-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await visit(page, '/login');
    await page.getByRole('main').getByRole('link', { name: 'Sign up' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('main', { name: 'Register' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    await context.close();
  });

  it('scrolls a field reached from below into view under the sticky bar, not behind it', async () => {
    const { context, page } = await openPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, '/register');
    const email = page.getByRole('textbox', { name: 'Email' });
    const username = page.getByRole('textbox', { name: 'Username' });
    await username.focus();
    const barBottom = await page
      .getByRole('banner')
      .evaluate((bar) => bar.getBoundingClientRect().bottom);
    // Username just below the bar, Email (the field before it) behind the bar.
    await username.evaluate(
      (field, below) => window.scrollBy(0, field.getBoundingClientRect().top - below - 2),
      barBottom,
    );
    expect(await email.evaluate((field) => field.getBoundingClientRect().top)).toBeLessThan(
      barBottom,
    );
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => email.evaluate((field) => field === document.activeElement)).toBe(true);
    const fieldTop = await email.evaluate((field) => field.getBoundingClientRect().top);
    expect(fieldTop).toBeGreaterThanOrEqual(barBottom);
    await context.close();
  });

  it('states the terms’ facts on /tc, without the card wrapper', async () => {
    const { context, page } = await openPage();
    await visit(page, '/tc');
    await page.getByRole('heading', { name: 'Terms and Conditions' }).waitFor();
    const text = await page.locator('main').innerText();
    for (const fact of [
      'casting and jobs platform',
      'employers or production houses post opportunities, and jobseekers apply',
      'classified-ads and bidding marketplace',
      'A basic fee is charged',
      'free 7-day trial',
      'No refunds are given',
      'Only users aged 18 or over are admitted',
      'Last revised: 27 March 2021',
    ]) {
      expect(text).toContain(fact);
    }
    expect(await page.locator('main').getAttribute('data-card')).toBe('false');
    await page.screenshot({ path: '/tmp/boli-shell-tc.png', fullPage: false });
    await context.close();
  });

  it('is sent from the members’ ad list /ads to /, keeping its filters, and Login comes back', async () => {
    const { context, page } = await openPage();
    await visit(page, '/ads?priceFrom=5000&search=swift');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Ad list' }).waitFor();
    expect(new URL(page.url()).search).toBe('?priceFrom=5000&search=swift');
    await page.getByTestId('search-summary').getByText('with 1 filter on').waitFor();
    // The tab says what was sought, so that several searches in tabs are told apart.
    await expect.poll(() => page.title()).toBe('Search: swift · Boli');
    const login = page.getByRole('banner').getByRole('link', { name: 'Login', exact: true });
    expect(await login.getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent('/ads?priceFrom=5000&search=swift')}`,
    );
    await context.close();
  });

  it('is sent from member pages to /, but may open an ad (a share link)', async () => {
    const { context, page } = await openPage();
    await visit(page, '/settings');
    await page.waitForURL((url) => url.pathname === '/');
    // Told why, with the way back in: Login returns to the page asked for.
    const notice = page.getByRole('main').getByRole('alert').filter({
      hasText: MESSAGES.loginRequired,
    });
    expect(await notice.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login?redirect=%2Fsettings',
    );
    // Gone once the guest moves on.
    await page.getByRole('banner').getByRole('link', { name: 'Ads', exact: true }).click();
    await expect.poll(() => notice.count()).toBe(0);
    await visit(page, '/ads/6f1c-22aa');
    await page.getByRole('heading', { name: 'Ad detail' }).waitFor();
    expect(pathOf(page)).toBe('/ads/6f1c-22aa');
    await context.close();
  });

  it('finds the login page’s standalone links big enough for a finger on a phone', async () => {
    const { context, page } = await openPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const height = (name: string) =>
      page
        .getByRole('link', { name, exact: true })
        .evaluate((link) => link.getBoundingClientRect().height);
    await visit(page, '/login');
    expect(await height('Forgot password?')).toBeGreaterThanOrEqual(24);
    // The only way on to Register, and Contact Us beside it.
    expect(await height('Sign up')).toBeGreaterThanOrEqual(24);
    expect(await height('Contact Us')).toBeGreaterThanOrEqual(24);
    await visit(page, '/register');
    const login = page.getByRole('main').getByRole('link', { name: 'Login', exact: true });
    expect(await login.evaluate((link) => link.getBoundingClientRect().height)).toBeGreaterThan(23);
    await visit(page, '/forgot-password');
    expect(await height('Back to Login')).toBeGreaterThanOrEqual(24);
    await context.close();
  });

  it('finds every button on a touch phone a fingertip tall, and keeps the mouse’s sizes on a desktop', async () => {
    const heights = async (page: Page) => {
      await visit(page, '/');
      await page.getByRole('button', { name: 'Filter' }).waitFor();
      return page
        .locator('header button, header a.MuiButton-root, main button')
        .evaluateAll((targets) =>
          targets
            .filter((target) => target.getBoundingClientRect().height > 0)
            .map((target) => Math.round(target.getBoundingClientRect().height)),
        );
    };
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const onPhone = await heights(await phone.newPage());
    expect(onPhone.length).toBeGreaterThan(2);
    expect(Math.min(...onPhone)).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
    await phone.close();

    const { context, page } = await openPage();
    expect(Math.min(...(await heights(page)))).toBeLessThan(TOUCH_TARGET_PX);
    await context.close();
  });

  it('puts the focus on the new page’s main region when the link that led there is gone', async () => {
    const { context, page } = await openPage();
    await visit(page, '/no/such/page');
    const goOn = page.getByRole('link', { name: 'Go to the ads' });
    await goOn.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    const main = page.getByRole('main', { name: 'Ads' });
    await expect
      .poll(() => main.evaluate((region) => region === document.activeElement))
      .toBe(true);
    await context.close();
  });

  it('puts the focus on the new page’s main region after a top-bar link, and skips to it', async () => {
    const { context, page } = await openPage();
    await visit(page, '/');
    const main = page.getByRole('main');
    const mainFocused = () => main.evaluate((region) => region === document.activeElement);
    // Out of sight till it is reached, with the text enlarged too (200%).
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await page.addStyleTag({ content: 'html { font-size: 200% }' });
    expect(await skip.evaluate((link) => link.getBoundingClientRect().bottom)).toBeLessThanOrEqual(
      0,
    );
    // The first Tab stop skips the top bar.
    await page.keyboard.press('Tab');
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(mainFocused).toBe(true);
    // The top bar's Contact Us stays where it is, but the keyboard moves on to the new page.
    await page.getByRole('banner').getByRole('link', { name: 'Contact Us' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/contactus');
    await expect.poll(mainFocused).toBe(true);
    await context.close();
  });

  it('rings what the keyboard reaches, on the purple bar too, and says whether the menu is open', async () => {
    const { context, page } = await openPage();
    await visit(page, '/');
    // Hidden from the tree while the menu is open (the rest of the page is): found all the same.
    const menu = page.getByRole('button', { name: 'Menu', exact: true, includeHidden: true });
    // Reached by Tab, as a keyboard user reaches it (focus() alone is not :focus-visible).
    await menu.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const ring = await menu.evaluate((button) => {
      const style = getComputedStyle(button);
      return { outline: style.outlineStyle, width: style.outlineWidth, halo: style.boxShadow };
    });
    expect(ring).toEqual({ outline: 'solid', width: '2px', halo: expect.stringContaining('255') });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it('sees the login page without the side advertising columns', async () => {
    const { context, page } = await openPage();
    await visit(page, '/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    expect(await page.locator('[data-testid^="side-ads-"]').count()).toBe(0);
    await context.close();
  });

  it('reads Page not found on a path the app does not know', async () => {
    const { context, page } = await openPage();
    for (const path of ['/no/such/page', '/this-is-not-any-page-at-all', '/ads/1/extra']) {
      await visit(page, path);
      await page.getByRole('heading', { name: MESSAGES.pageNotFound }).waitFor();
      expect(pathOf(page)).toBe(path);
    }
    await context.close();
  });

  it('is asked to log in when choosing a members’ menu item, and Login carries the target', async () => {
    const { context, page } = await openPage();
    await visit(page, '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.loginRequired });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/settings');
    await context.close();
  });

  it('opens the menu from the keyboard on a wide screen: arrows move, Escape closes it', async () => {
    const { context, page } = await openPage();
    await page.setViewportSize({ width: 1366, height: 900 });
    await visit(page, '/tc');
    const button = page.getByRole('button', { name: 'Menu' });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    // The keyboard is in the menu, on its first item, and the arrows walk it.
    const focused = () => page.evaluate('document.activeElement?.textContent ?? ""');
    expect(await focused()).toBe('Settings');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Subscription');
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);
    expect(await page.evaluate('document.activeElement?.getAttribute("aria-label")')).toBe('Menu');

    // Back closes the menu, on the page (on a phone it covers the page); the next Back leaves.
    await visit(page, '/privacypolicy');
    await button.click();
    await menu.waitFor();
    await dialogOwnsBack(page);
    await page.goBack();
    await expect.poll(() => menu.count()).toBe(0);
    expect(pathOf(page)).toBe('/privacypolicy');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/tc');
    expect(await menu.count()).toBe(0);
    await context.close();
  });

  it('goes where a menu item leads in place of the open menu: Back from there comes back', async () => {
    const { context, page } = await openPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, '/tc');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Privacy policy' }).click();
    await page.waitForURL((url) => url.pathname === '/privacypolicy');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/tc');
    expect(await page.getByRole('menu').count()).toBe(0);
    await context.close();
  });

  it('shows which top-bar search box has the focus', async () => {
    const { context, page } = await openPage();
    await visit(page, '/tc');
    const box = page.getByRole('banner').locator('.MuiTextField-root').first();
    expect(await box.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('none');
    await box.locator('input').focus();
    expect(await box.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
    await context.close();
  });

  it('stays a guest, without a crash, when the stored token is not accepted', async () => {
    const { context, page } = await openPage({ jwt: 'not-a-real-token', username: 'someone' });
    await visit(page, '/');
    await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Ad list' }).waitFor();
    await context.close();
  });
});

/** A token for a new user whose phone is not validated, through the spec's sign-up and sign-in. */
async function unvalidatedMemberToken(): Promise<string> {
  const captcha = (await (await fetch(new URL('/api/auth/captcha', app.baseUrl))).json()) as {
    data: { captchaId: string; question: string };
  };
  const [, a, b] = /(\d+)\s*\+\s*(\d+)/.exec(captcha.data.question) ?? [];
  const suffix = Math.random().toString(36).slice(2, 8);
  const username = `shell${suffix}`;
  const password = 'Chai-Biscuit-42';
  const signup = await fetch(new URL('/api/auth/signup', app.baseUrl), {
    method: 'POST',
    body: new URLSearchParams({
      firstname: 'Shell',
      lastname: 'Tester',
      email: `${username}@example.com`,
      username,
      bidAlias: 'Qmvpzk',
      password,
      confirmPassword: password,
      gender: 'Female',
      dob: '1990-01-01',
      phone: `98${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      phoneCode: '+91',
      country: 'India',
      termsOfServicesCheckBox: 'true',
      captchaId: captcha.data.captchaId,
      captchaAnswer: String(Number(a) + Number(b)),
    }),
  });
  if (!signup.ok) throw new Error(`sign-up refused: ${await signup.text()}`);
  const signin = await fetch(new URL('/api/auth/signin', app.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await signin.json()) as { data?: { token?: unknown } | null };
  const token = body.data?.token;
  if (typeof token !== 'string')
    throw new Error(`sign-in answered no token: ${JSON.stringify(body)}`);
  return token;
}

describe('the web shell, for a member whose phone is not validated', () => {
  it('shows only the phone OTP screen on member pages, without the card', async () => {
    const token = await unvalidatedMemberToken();
    const { context, page } = await openPage({ jwt: token });
    for (const path of ['/', '/settings']) {
      await visit(page, path);
      await page.getByRole('heading', { name: 'Verify Mobile Number' }).waitFor();
      expect(await page.locator('main').getAttribute('data-card')).toBe('false');
    }
    await visit(page, '/myAds');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Verify Mobile Number' }).waitFor();
    await context.close();
  });
});
