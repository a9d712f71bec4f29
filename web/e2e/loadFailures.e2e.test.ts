import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { addDays, indiaDateOf } from '@boli/engine/shared/indiaTime';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import type { TestApp } from '../../ops/src/testing/app.ts';
import { fieldByLabel, openAt, withAppAndBrowser } from './support/harness.ts';
import { createMember, openAs, openPage, type Member } from './support/members.ts';
import { api, placeOpenBid, postAd } from './support/payments.ts';

/*
 * A screen whose load fails says so and offers Retry, which asks again in place: each api call
 * below answers 503 with the generic message (as the api does while PostgreSQL is away) until the
 * test lets it through, then Retry is pressed and the screen must show what it is for — without a
 * reload of the page.
 */

let app: TestApp;
let browser: Browser;

withAppAndBrowser((running) => ({ app, browser } = running));

const ITEM = 'Harmonium for retry';

let owner: Member;
let adId: string;
let adUid: string;

beforeAll(async () => {
  owner = await createMember(app, { address: true });
  adId = await postAd(app, owner, { itemName: ITEM });
  const detail = await api(app, `/api/posts/post?item_id=${adId}`, { token: owner.token });
  adUid = String((detail.body.data as { uid: string }).uid);
}, 120_000);

/** Set in the page by the press `releasedBy` waits for. */
const RELEASED_FLAG = '__boliLoadReleased';

/**
 * Makes `apiPath` answer 503 in `page` until `release` is called, or until the button given to
 * `releasedBy` is pressed; counts the calls that reached the api afterwards.
 */
async function failUntilReleased(page: Page, apiPath: string) {
  let failing = true;
  let failed = 0;
  let passed = 0;
  // Read in the page; while it is loading there is nothing to read, and nothing was pressed.
  const pressed = () =>
    page
      .evaluate(
        (flag) => (window as unknown as Record<string, unknown>)[flag] === true,
        RELEASED_FLAG,
      )
      .catch(() => false);
  await page.route(
    (url) => url.pathname === apiPath,
    async (route) => {
      if (failing && (await pressed())) failing = false;
      if (!failing) {
        passed += 1;
        return route.fallback();
      }
      failed += 1;
      return route.fulfill({
        status: 503,
        headers: { 'retry-after': '5' },
        contentType: 'application/json',
        body: JSON.stringify({ data: null, error: true, msg: MESSAGES.generic }),
      });
    },
  );
  return {
    release: () => {
      failing = false;
    },
    /**
     * Lets the api through from the moment `button` is pressed, not before: a refresh of the
     * screen's own (a timer, a live event) sent meanwhile still fails, so what lists the data is
     * the press.
     */
    releasedBy: (button: Locator) =>
      button.evaluate((element, flag) => {
        // Heard on the document, by the button's name: a notice drawn again meanwhile (a
        // refresh of the screen's own failing too) has a Retry of its own, the same press.
        const name = element.textContent;
        element.ownerDocument.addEventListener(
          'click',
          (event) => {
            const pressed = (event.target as Element | null)?.closest('button');
            if (pressed?.textContent === name)
              (window as unknown as Record<string, unknown>)[flag] = true;
          },
          { capture: true },
        );
      }, RELEASED_FLAG),
    counts: () => ({ failed, passed }),
  };
}

/** The failure notice: the generic message and its Retry. */
const failureNotice = (page: Page): Locator =>
  page.getByRole('alert').filter({ hasText: MESSAGES.generic });

/** Sees the notice, presses Retry (which lets the api through) and waits for `loaded`. */
async function retryUntilLoaded(
  page: Page,
  failure: Awaited<ReturnType<typeof failUntilReleased>>,
  loaded: Locator,
): Promise<void> {
  const notice = failureNotice(page);
  await notice.waitFor();
  expect(failure.counts().failed).toBeGreaterThan(0);
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  const retry = notice.getByRole('button', { name: 'Retry' });
  await failure.releasedBy(retry);
  await retry.click();
  await loaded.waitFor({ timeout: 20_000 });
  await notice.waitFor({ state: 'hidden' });
  expect(failure.counts().passed).toBeGreaterThan(0);
  // Asked again in place, not by reloading the page.
  expect(navigations).toEqual([]);
}

type Screen = {
  name: string;
  path: () => string;
  apiPath: string;
  as: 'guest' | 'owner' | 'other';
  loaded: (page: Page) => Locator;
  /** What else the loaded screen must show. */
  then?: (page: Page) => Promise<void>;
};

const adCard = (page: Page) => page.getByRole('article', { name: ITEM });

const SCREENS: Screen[] = [
  {
    name: 'the home list, as a guest',
    path: () => '/',
    apiPath: '/api/globalAds',
    as: 'guest',
    loaded: adCard,
  },
  {
    name: 'the home list, as a member',
    path: () => '/',
    apiPath: '/api/posts/filter',
    as: 'other',
    loaded: adCard,
  },
  {
    name: 'search results',
    path: () => `/?search=${encodeURIComponent('Harmonium')}`,
    apiPath: '/api/posts/searchAds',
    as: 'other',
    loaded: adCard,
  },
  {
    name: 'an ad page',
    path: () => `/ads/${adUid}`,
    apiPath: '/api/posts/postUID',
    as: 'other',
    loaded: (page) => page.getByRole('heading', { name: ITEM }),
  },
  {
    name: 'Edit Ad, for the owner',
    path: () => `/editAd/${adUid}`,
    apiPath: '/api/posts/postUID',
    as: 'owner',
    loaded: (page) => page.getByRole('button', { name: 'Update Ad' }),
    then: async (page) => expect(await fieldByLabel(page, 'Item name').inputValue()).toBe(ITEM),
  },
  {
    name: 'an ad’s photos and videos, for the owner',
    path: () => `/postAd/media/${adId}`,
    // By the ad's id.
    apiPath: '/api/posts/post',
    as: 'owner',
    loaded: (page) => page.getByRole('heading', { name: `Photos and videos of ${ITEM}` }),
  },
  {
    name: 'transactions',
    path: () => '/transactions',
    apiPath: '/api/cart/listTransactions',
    as: 'other',
    // Said by the live region (the same words on the page are hidden from screen readers).
    loaded: (page) => page.getByRole('status').filter({ hasText: 'No transactions yet.' }),
  },
  {
    name: 'my ads',
    path: () => '/myAds',
    apiPath: '/api/posts/myPosts',
    as: 'owner',
    loaded: adCard,
  },
  {
    name: 'settings',
    path: () => '/settings',
    apiPath: '/api/user/getAll_User_Settings',
    as: 'other',
    loaded: (page) => page.getByRole('switch', { name: 'Show my email' }),
  },
  {
    name: 'subscription',
    path: () => '/subscription',
    apiPath: '/api/cart/subscription/list',
    as: 'other',
    loaded: (page) => page.getByRole('button', { name: 'Make payment' }).first(),
  },
  {
    name: 'a member profile',
    path: () => `/user_profile/${owner.userId}`,
    apiPath: '/api/user/id',
    as: 'other',
    loaded: (page) => page.getByText(owner.username).first(),
  },
  {
    name: 'post ad, when the profile address cannot be read',
    path: () => '/postAd',
    apiPath: '/api/user/getUserAddress',
    as: 'owner',
    // The address the profile has, filled in: not an empty form taken for "no address".
    loaded: (page) => fieldByLabel(page, 'Town/Village'),
    then: async (page) =>
      expect(await fieldByLabel(page, 'Town/Village').inputValue()).toBe('New Delhi'),
  },
];

describe('a screen whose load fails', () => {
  let other: Member;
  beforeAll(async () => {
    other = await createMember(app, { address: false });
  }, 120_000);

  const open = async (as: Screen['as']) =>
    as === 'guest'
      ? openPage(browser)
      : openAs(browser, as === 'owner' ? owner : other, { width: 1280, height: 1000 });

  for (const screen of SCREENS) {
    it(`offers Retry on ${screen.name}`, async () => {
      const { context, page } = await open(screen.as);
      const failure = await failUntilReleased(page, screen.apiPath);
      await openAt(app, page, screen.path());
      await retryUntilLoaded(page, failure, screen.loaded(page));
      await screen.then?.(page);
      await context.close();
    }, 60_000);
  }

  it('loads on its own, once back online, a screen that failed offline', async () => {
    const { context, page } = await open('owner');
    // Its script already here, as after a first visit: only the data is asked for offline.
    await openAt(app, page, '/myAds');
    await adCard(page).waitFor();
    await openAt(app, page, '/');
    await page.getByRole('heading', { name: 'Ad list' }).waitFor();
    await context.setOffline(true);
    await page.getByRole('banner').getByRole('link', { name: 'My Ads' }).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.offline }).waitFor();
    await context.setOffline(false);
    await adCard(page).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: MESSAGES.offline }).count()).toBe(0);
    await context.close();
  }, 60_000);

  it('says a screen whose script was lost did not load, under the top bar, and Retry loads it', async () => {
    const { context, page } = await open('owner');
    // My Ads' script, fetched on first use or ahead, never arrives (a connection that dropped).
    const isScreenScript = (url: URL) => /\/assets\/MyAdsScreen-[^/]+\.js$/.test(url.pathname);
    await page.route(isScreenScript, (route) => route.abort('connectionreset'));
    await openAt(app, page, '/myAds');
    const failure = page.getByRole('alert').filter({ hasText: MESSAGES.pageNotLoaded });
    await failure.waitFor();
    // The top bar and its menu stay: the member can go elsewhere.
    await page.getByRole('banner').getByRole('link', { name: 'Boli' }).waitFor();
    await page.unroute(isScreenScript);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await adCard(page).waitFor();
    await context.close();
  }, 60_000);

  it('says the connection seems slow while an answer is long in coming, then offers Retry', async () => {
    // A member: their ad page asks for the ad while the session is checked (startEarly).
    const { context, page } = await openAs(browser, owner);
    // The ad's answer does not come (a stalled phone connection).
    await page.route(
      (url) => url.pathname === '/api/posts/postUID',
      () => new Promise<void>(() => {}),
    );
    await openAt(app, page, `/ads/${adUid}`);
    const hint = page.getByRole('status').filter({ hasText: MESSAGES.slowLoad });
    expect(await hint.count()).toBe(0);
    await hint.waitFor({ timeout: LIMITS.slowLoadHintMs + 5_000 });
    // Once the answer's wait is over, not after a second one.
    await failureNotice(page).waitFor({
      timeout: LIMITS.apiAnswerWaitMs - LIMITS.slowLoadHintMs + 5_000,
    });
    await context.close();
  }, 60_000);

  it('says the app did not load when its first script was lost, and Reload loads it', async () => {
    const { context, page } = await open('guest');
    // The app's entry script (index-….js) never arrives.
    const isEntry = (url: URL) => /\/assets\/index-[^/]+\.js$/.test(url.pathname);
    await page.route(isEntry, (route) => route.abort('connectionreset'));
    // (No top bar to wait for: the page is the placeholder index.html draws.)
    await page.goto(new URL('/', app.baseUrl).href);
    const failure = page.getByRole('alert');
    await failure.getByText('Boli could not load. Check your connection and try again.').waitFor();
    await page.unroute(isEntry);
    await failure.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'Ad list' }).waitFor();
    await context.close();
  }, 60_000);

  it('keeps a member whose login could not be checked on their page, and Retry shows it', async () => {
    const { context, page } = await openAs(browser, other);
    const failure = await failUntilReleased(page, '/api/user');
    await openAt(app, page, '/settings');
    const notice = page.getByRole('alert').filter({ hasText: MESSAGES.sessionUnchecked });
    await notice.waitFor();
    // Not sent home as a guest: still on the page, still holding the session.
    expect(new URL(page.url()).pathname).toBe('/settings');
    expect(await page.getByRole('button', { name: 'Login' }).count()).toBe(0);
    failure.release();
    await notice.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await context.close();
  }, 60_000);

  it('says an ad’s bids did not load, rather than that there are none, and Retry lists them', async () => {
    await placeOpenBid(app, other, adId, 1500);
    const { context, page } = await openAs(browser, owner);
    const failure = await failUntilReleased(page, '/api/bid/bids/');
    // Nor does the live link tell the count meanwhile (a proxy that drops websockets).
    const isBidSocket = (url: URL) => url.pathname === '/bid/';
    await page.routeWebSocket(isBidSocket, (socket) => void socket.close());
    await page.route(isBidSocket, (route) => route.abort());
    await openAt(app, page, `/ads/${adUid}`);
    const area = page.getByRole('region', { name: 'Bids on this ad' });
    await failureNotice(page).waitFor();
    expect(await area.getByText(MESSAGES.noBidsPosted).count()).toBe(0);
    // The tabs do not count bids they could not read.
    expect(await area.getByRole('tab').allTextContents()).toEqual([
      'Before final call',
      'After final call',
    ]);
    await retryUntilLoaded(page, failure, area.getByTestId('bid-row').first());
    await context.close();
  }, 60_000);

  it('says the notifications did not load, rather than that there are none', async () => {
    const { context, page } = await openAs(browser, owner);
    const failure = await failUntilReleased(page, '/api/notification');
    await openAt(app, page, '/settings');
    // Its count is not known: the bell does not claim none.
    await page.getByRole('button', { name: 'Notifications, could not be loaded' }).click();
    await failureNotice(page).waitFor();
    expect(await page.getByText('No notifications').count()).toBe(0);
    await retryUntilLoaded(
      page,
      failure,
      page.getByRole('list', { name: 'Notifications' }).or(page.getByText('No notifications')),
    );
    await context.close();
  }, 60_000);

  it('says the notifications are loading, rather than that there are none', async () => {
    const { context, page } = await openAs(browser, owner);
    // The list's answer held back, as on a slow phone link.
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route(
      (url) => url.pathname === '/api/notification',
      async (route) => {
        await held;
        await route.fallback();
      },
    );
    await openAt(app, page, '/settings');
    await page.getByRole('button', { name: 'Notifications, loading' }).click();
    await page.getByRole('progressbar', { name: 'Loading notifications' }).waitFor();
    expect(await page.getByText('No notifications').count()).toBe(0);
    answer();
    await page
      .getByRole('list', { name: 'Notifications' })
      .or(page.getByText('No notifications'))
      .waitFor();
    // Read, the bell counts them (the panel closed: the page behind it is hidden till then).
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Notifications, \d+\+? new$/ }).waitFor();
    await context.close();
  }, 60_000);

  it('says Post Ad’s categories did not load, and Retry fills the list', async () => {
    const { context, page } = await openAs(browser, owner);
    const failure = await failUntilReleased(page, '/api/posts/category');
    await openAt(app, page, '/postAd');
    await fieldByLabel(page, 'Item name').waitFor();
    await failureNotice(page).waitFor();
    failure.release();
    await failureNotice(page).getByRole('button', { name: 'Retry' }).click();
    await failureNotice(page).waitFor({ state: 'hidden' });
    await page.getByRole('combobox', { name: /^Category/ }).click();
    await page.getByRole('option', { name: 'Mobiles', exact: true }).waitFor();
    await context.close();
  }, 60_000);

  it('says the bid calendar’s bids did not load, and Retry shows them', async () => {
    const slotdate = addDays(indiaDateOf(new Date().toISOString()), 2);
    const bid = await api(app, '/api/adbid/', {
      token: other.token,
      json: {
        user_id: other.userId,
        type: 'sidePanels',
        bidamt: 250000,
        slotdate,
        company: 'Kite Tea',
        biddate: new Date().toISOString(),
      },
    });
    expect(bid.status, JSON.stringify(bid.body)).toBe(200);

    const { context, page } = await openAs(browser, other);
    const failure = await failUntilReleased(page, '/api/adbid/bid-events');
    await openAt(app, page, '/bid-calendar?type=sidePanels');
    await page.locator('.fc-multiMonthYear-view').waitFor();
    await retryUntilLoaded(
      page,
      failure,
      page
        .locator(`.fc-daygrid-day[data-date="${slotdate}"]:not(.fc-day-other)`)
        .getByText('₹250K'),
    );
    await context.close();
  }, 60_000);

  it('says a failed Load More by its button, loads it once online, and the photos missed offline', async () => {
    // A second page of ads to load.
    for (let batch = 0; batch < 3; batch++) {
      await Promise.all(
        Array.from({ length: 7 }, (_, i) =>
          postAd(app, owner, { itemName: `Sarangi ${batch * 7 + i + 1} for Load More` }),
        ),
      );
    }
    const { context, page } = await openPage(browser, {}, { width: 1280, height: 800 });
    await openAt(app, page, '/');
    const loadMore = page.getByRole('button', { name: 'Load More' });
    await loadMore.waitFor();
    // Offline, the photos further down are asked for as the page is scrolled, and fail.
    await context.setOffline(true);
    await loadMore.scrollIntoViewIfNeeded();
    await loadMore.click();
    const failure = page.getByRole('alert').filter({ hasText: MESSAGES.offline });
    await failure.waitFor();
    // Said where the member looks: by Load More, not above the first card out of sight.
    const box = (await failure.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    // The keyboard goes to its Retry, Load More having gone while it loaded.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe('Retry');
    await context.setOffline(false);
    await expect.poll(() => page.locator('main article').count()).toBeGreaterThan(20);
    expect(await failure.count()).toBe(0);
    // Every photo shown loaded, those asked for offline too, without a reload.
    await expect
      .poll(() =>
        page
          .locator('main article img')
          .evaluateAll((photos) =>
            photos.filter(
              (photo) =>
                (photo as HTMLImageElement).naturalWidth === 0 &&
                (photo as HTMLImageElement).complete,
            ),
          )
          .then((broken) => broken.length),
      )
      .toBe(0);
    await context.close();
  }, 90_000);
});
