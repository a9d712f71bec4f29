import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import type { TestApp } from '../../ops/src/testing/app.ts';
import {
  openAt,
  PHONE,
  sidewaysOverflowOnPhone,
  textLinesOf,
  withAppAndBrowser,
} from './support/harness.ts';
import { createMember, openAs, type Member } from './support/members.ts';
import { api, postAd } from './support/payments.ts';
import { WORDLESS_SEARCH_HINT } from '../src/features/ads/model/adFilters.ts';

/*
 * The ad list keeps its state across a visit to an ad: the filters live in the address (so a
 * reload and a shared link keep them too), and Back, or a reload, shows the pages that were
 * loaded, not page 1 again. One more ad than a page holds, all in the category filtered on.
 */

let app: TestApp;
let browser: Browser;

withAppAndBrowser((running) => ({ app, browser } = running));

const COUNT = LIMITS.adPageSize + 1;
const names = Array.from({ length: COUNT }, (_, i) => `Veena ${String(i + 1).padStart(2, '0')}`);

let member: Member;
let owner: Member;
/** The ads' ids, oldest first. */
const adIds: string[] = [];

beforeAll(async () => {
  owner = await createMember(app, { address: true });
  member = await createMember(app, { address: false });
  // One at a time, so the list's order (newest first) is the order posted.
  for (const itemName of names) adIds.push(await postAd(app, owner, { itemName }));
}, 180_000);

/** The `index`th ad (oldest first) moved to another category by its owner, or back. */
const OUT_OF_MOBILES = {
  categoryname: 'Electronics & Appliances',
  subcategory: 'Cameras & Lenses',
};
const BACK_IN_MOBILES = { categoryname: 'Mobiles', subcategory: 'Mobile Phones' };
const moveAd = (index: number, to: typeof OUT_OF_MOBILES) =>
  api(app, '/api/posts/edit', { token: owner.token, json: { ad_id: adIds[index], ...to } });

const cards = (page: Page) => page.getByRole('article').filter({ hasText: /Veena \d\d/ });

describe('the ad list after a visit to an ad', () => {
  it('keeps its filters and loaded pages on Back, and its filters on reload', async () => {
    const { context, page } = await openAs(browser, member);
    await openAt(app, page, '/?category=Mobiles');
    await expect.poll(() => cards(page).count()).toBe(LIMITS.adPageSize);
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect.poll(() => cards(page).count()).toBe(COUNT);

    // The oldest ad, on the second page.
    await page.getByRole('article', { name: names[0] }).getByRole('link').first().click();
    await page.getByRole('heading', { name: names[0] }).waitFor();
    await page.goBack();

    // Both pages at once, with the filter still in the address and on the Filter button.
    await page.getByRole('article', { name: names[0] }).waitFor({ timeout: 5_000 });
    expect(await cards(page).count()).toBe(COUNT);
    // The keyboard is back on the card that was opened, not at the top of the list.
    await expect
      .poll(() =>
        page
          .getByRole('article', { name: names[0] })
          .getByRole('link')
          .first()
          .evaluate((link) => link === document.activeElement),
      )
      .toBe(true);
    expect(new URL(page.url()).searchParams.get('category')).toBe('Mobiles');
    const filter = page.getByRole('button', { name: 'Filter' });
    expect(await filter.locator('..').innerText()).toContain('1');

    // A reload shows both pages again, still filtered.
    await page.reload();
    await expect.poll(() => cards(page).count()).toBe(COUNT);
    expect(await page.getByRole('button', { name: 'Filter' }).locator('..').innerText()).toContain(
      '1',
    );
    await context.close();
  });

  it('searches among its filters, and Back from the results shows the pages it had', async () => {
    const { context, page } = await openAs(browser, member);
    await openAt(app, page, '/?category=Mobiles');
    await expect.poll(() => cards(page).count()).toBe(LIMITS.adPageSize);
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect.poll(() => cards(page).count()).toBe(COUNT);

    // A search from the filtered list keeps the filter, and says it is on.
    const search = page.getByRole('searchbox', { name: 'Search ads' });
    await search.fill(names[0]!);
    await search.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === names[0]);
    expect(new URL(page.url()).searchParams.get('category')).toBe('Mobiles');
    await page
      .getByTestId('search-summary')
      .getByText(`Search results for “${names[0]}”, with 1 filter on`)
      .waitFor();
    await page.getByRole('article', { name: names[0] }).waitFor();
    // The same search again is no step for Back to undo.
    const steps = await page.evaluate(() => history.length);
    await search.press('Enter');
    expect(await page.evaluate(() => history.length)).toBe(steps);

    // Back: both pages of the list at once, as they were left.
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('search'));
    await page.getByRole('article', { name: names[0] }).waitFor({ timeout: 5_000 });
    expect(await cards(page).count()).toBe(COUNT);

    // Forward to the results, then Clear search: the filter stays, and the keyboard is on Filter.
    await page.goForward();
    await page.getByTestId('search-summary').waitFor();
    await page.getByRole('link', { name: 'Clear search' }).click();
    await page.waitForURL((url) => !url.searchParams.has('search'));
    expect(new URL(page.url()).searchParams.get('category')).toBe('Mobiles');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Filter (1 active)',
    );
    // Escape closes the filter panel, as Cancel does.
    await page.keyboard.press('Enter');
    const panel = page.getByRole('form', { name: 'Filters' });
    await panel.waitFor();
    await panel.getByRole('button', { name: 'Apply Filter' }).focus();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await context.close();
  });

  it('offers Back To Top only once the page is scrolled down, and it goes back up', async () => {
    const { context, page } = await openAs(browser, member);
    await openAt(app, page, '/?category=Mobiles');
    await expect.poll(() => cards(page).count()).toBe(LIMITS.adPageSize);
    const backToTop = page.getByRole('button', { name: 'Back To Top' });
    // At the top, the top is in view: nothing to go back to.
    expect(await backToTop.count()).toBe(0);

    const loadMore = page.getByRole('button', { name: 'Load More' });
    const across = async () => {
      const box = (await loadMore.boundingBox())!;
      return { x: box.x, width: box.width };
    };
    const atTop = await across();
    await loadMore.scrollIntoViewIfNeeded();
    // Back To Top appears beside Load More, which stays where it was aimed at.
    await backToTop.waitFor();
    expect(await across()).toEqual(atTop);
    // From the keyboard, Load More puts the focus on the first ad it added (the oldest here).
    await loadMore.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() =>
        page.evaluate(() => document.activeElement?.closest('article')?.getAttribute('aria-label')),
      )
      .toBe(names[0]);
    // …which is ringed where the keyboard is, not only tinted.
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe(
      'solid',
    );
    await backToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect.poll(() => backToTop.count()).toBe(0);
    // And Back To Top puts it on the page's main region, not on nothing.
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');

    // On a phone the two fit side by side, each on one line, and nothing scrolls sideways.
    await page.setViewportSize(PHONE);
    await openAt(app, page, '/?category=Mobiles');
    await expect.poll(() => cards(page).count()).toBe(LIMITS.adPageSize);
    await loadMore.scrollIntoViewIfNeeded();
    await backToTop.waitFor();
    const heights = await Promise.all(
      [loadMore, backToTop].map(async (button) => (await button.boundingBox())!.height),
    );
    expect(heights[1]).toBe(heights[0]);
    expect(await sidewaysOverflowOnPhone(page)).toBeLessThanOrEqual(0);
    // On the narrowest phone Back To Top goes below Load More, whole, rather than past the edge.
    const narrowest = { width: 320, height: 640 };
    expect(await sidewaysOverflowOnPhone(page, narrowest)).toBeLessThanOrEqual(0);
    await page.setViewportSize(narrowest);
    const [load, back] = await Promise.all([loadMore.boundingBox(), backToTop.boundingBox()]);
    expect(back!.y).toBeGreaterThan(load!.y + load!.height - 1);
    expect(back!.x + back!.width).toBeLessThanOrEqual(narrowest.width);
    // The heading stays one line there (Post Ad goes under it instead).
    const heading = page.getByRole('heading', { name: 'Ad list', level: 1 });
    expect(await heading.evaluate(textLinesOf)).toBe(1);
    await context.close();
  });

  /** `path`'s list with both its pages loaded, scrolled down to the oldest ad. */
  async function scrolledToTheOldestAd(viewer: Member, path: string) {
    const { context, page } = await openAs(browser, viewer);
    await openAt(app, page, path);
    await expect.poll(() => cards(page).count()).toBe(LIMITS.adPageSize);
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect.poll(() => cards(page).count()).toBe(COUNT);
    const oldest = page.getByRole('article', { name: names[0] });
    await oldest.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    return { context, page, oldest, scrolled };
  }

  /** Loads both pages of `path`'s list, opens the oldest ad from below, and comes Back. */
  async function backFromTheOldestAd(viewer: Member, path: string) {
    const { context, page, oldest, scrolled } = await scrolledToTheOldestAd(viewer, path);
    await oldest.getByRole('link').first().click();
    await page.getByRole('heading', { name: names[0] }).waitFor();
    await page.goBack();
    await oldest.waitFor({ timeout: 5_000 });
    expect(await cards(page).count()).toBe(COUNT);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
    await context.close();
  }

  it('a reload loads the pages shown again and comes back scrolled where it was', async () => {
    const { context, page, oldest, scrolled } = await scrolledToTheOldestAd(
      member,
      '/?category=Mobiles',
    );
    await page.reload();
    await oldest.waitFor();
    await expect.poll(() => cards(page).count()).toBe(COUNT);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
    // The same address opened afresh is the list from its top.
    await openAt(app, page, '/?category=Mobiles');
    await expect.poll(() => cards(page).count()).toBe(LIMITS.adPageSize);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('My Ads too: Back from an ad shows the pages loaded, scrolled where they were', async () => {
    await backFromTheOldestAd(owner, '/myAds');
  });

  it('a seller’s ads on their profile too, the profile shown as it was left', async () => {
    await backFromTheOldestAd(member, `/user_profile/${owner.userId}`);
  });
});

describe('a member opening a page directly', () => {
  it('has the page’s data asked for while the stored session is checked, and only once', async () => {
    const { context, page } = await openAs(browser, member);
    // A slow session check: the page's own call must not wait for its answer.
    await context.route('**/api/user', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    for (const [path, dataPath] of [
      [`/ads/${adIds[0]}`, /^\/api\/posts\/post(UID)?$/],
      ['/?category=Mobiles', /^\/api\/posts\/filter$/],
    ] as const) {
      const asked: number[] = [];
      let sessionAnsweredAt = Infinity;
      const onRequest = (request: { url(): string }) => {
        if (dataPath.test(new URL(request.url()).pathname)) asked.push(Date.now());
      };
      const onResponse = (response: { url(): string }) => {
        if (new URL(response.url()).pathname === '/api/user') sessionAnsweredAt = Date.now();
      };
      page.on('request', onRequest);
      page.on('response', onResponse);
      await openAt(app, page, path);
      await page
        .getByRole('heading', { name: path.startsWith('/ads/') ? names[0] : 'Ad list' })
        .waitFor();
      if (!path.startsWith('/ads/'))
        await expect.poll(() => cards(page).count()).toBe(LIMITS.adPageSize);
      expect(asked, path).toHaveLength(1);
      expect(asked[0]!, path).toBeLessThan(sessionAnsweredAt);
      page.off('request', onRequest);
      page.off('response', onResponse);
    }
    await context.close();
  });
});

describe('a screen whose script was fetched ahead', () => {
  it('is drawn at once, without the spinner flashing first', async () => {
    const { context, page } = await openAs(browser, member);
    await openAt(app, page, '/');
    await page.getByRole('heading', { name: 'Ad list' }).waitFor();
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            performance
              .getEntriesByType('resource')
              .some((entry) => /\/MyBidsScreen-[^/]*\.js$/.test(entry.name)),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    // Anything with the page spinner's name, however briefly it is there.
    await page.evaluate(() => {
      const seen = () => document.querySelector('[aria-label="Loading the page"]') !== null;
      new MutationObserver(() => {
        if (seen()) document.body.dataset.spinnerSeen = 'yes';
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'My Bids' }).click();
    await page.getByRole('heading', { name: 'My Bids' }).waitFor();
    expect(await page.evaluate(() => document.body.dataset.spinnerSeen ?? 'no')).toBe('no');
    await context.close();
  });
});

describe('a screen’s script asked for ahead of the tap', () => {
  it('is fetched as a link to it is pointed at, and as the menu opens', async () => {
    const { context, page } = await openAs(browser, member);
    // The screens fetched ahead come one by one, My Ads first: held, none comes after it.
    await context.route(/\/MyAdsScreen-[^/]*\.js$/, () => new Promise<void>(() => {}));
    const asked: string[] = [];
    page.on('request', (request) => {
      const screen = /\/(\w+Screen)-[^/]*\.js$/.exec(request.url())?.[1];
      if (screen) asked.push(screen);
    });
    await openAt(app, page, '/');
    await page.getByRole('heading', { name: 'Ad list' }).waitFor();
    await page.getByRole('link', { name: member.username }).hover();
    await expect.poll(() => asked).toContain('ProfileMeScreen');
    expect(asked).not.toContain('SettingsScreen');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect
      .poll(() => asked)
      .toEqual(expect.arrayContaining(['SettingsScreen', 'TransactionsScreen', 'MyBidsScreen']));
    // Asked for once each, however often pointed at.
    expect(asked.filter((screen) => screen === 'SettingsScreen')).toHaveLength(1);
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(asked.filter((screen) => screen === 'SettingsScreen')).toHaveLength(1);
    await context.close();
  });
});

describe('a screen whose script is still coming', () => {
  it('shows a spinner in place of the last page, not the last page under the new address', async () => {
    const { context, page } = await openAs(browser, member);
    // Held until the test has looked: what a slow phone sees before the screens are fetched ahead.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/MyBidsScreen-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await openAt(app, page, '/');
    await page.getByRole('heading', { name: 'Ad list' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'My Bids' }).click();
    await page.waitForURL('**/myBids');
    await page.getByRole('progressbar', { name: 'Loading the page' }).waitFor({ timeout: 5_000 });
    expect(await page.getByRole('heading', { name: 'Ad list' }).count()).toBe(0);
    release();
    await page.getByRole('heading', { name: 'My Bids' }).waitFor();
    await context.close();
  });
});

// Last in the file: it posts ads in the category the tests above count.
describe('the ad list as ads are posted and searched', () => {
  it('shows each ad once after Load More, though ads were posted since the first page', async () => {
    const { context, page } = await openAs(browser, member);
    await openAt(app, page, '/?category=Mobiles');
    await expect.poll(() => cards(page).count()).toBe(LIMITS.adPageSize);
    // Posted while the first page is read: the older ads each move down two places.
    for (const itemName of ['Veena 22', 'Veena 23']) await postAd(app, owner, { itemName });
    await page.getByRole('button', { name: 'Load More' }).click();
    await page.getByRole('article', { name: names[0] }).waitFor();
    const shown = await cards(page).evaluateAll((articles) =>
      articles.map((article) => article.getAttribute('aria-label')),
    );
    expect(shown).toHaveLength(COUNT);
    expect(new Set(shown).size).toBe(COUNT);
    await context.close();
  });

  it('misses no ad after Load More, though one shown above has left the list since', async () => {
    const { context, page } = await openAs(browser, member);
    await openAt(app, page, '/?category=Mobiles');
    await expect.poll(() => cards(page).count()).toBe(LIMITS.adPageSize);
    // Edited out of the filter while the first page is read: the older ads each move up a place.
    expect((await moveAd(9, OUT_OF_MOBILES)).status).toBe(200);
    await page.getByRole('button', { name: 'Load More' }).click();
    await page.getByRole('article', { name: names[0] }).waitFor();
    // The first page's last card came up into the second page's place: it is there too.
    await page.getByRole('article', { name: names[2] }).waitFor();
    expect((await moveAd(9, BACK_IN_MOBILES)).status).toBe(200);
    await context.close();
  });

  it('drops a card edited out of its filters when Back shows the list again', async () => {
    const { context, page } = await openAs(browser, member);
    await openAt(app, page, '/?category=Mobiles');
    await expect.poll(() => cards(page).count()).toBe(LIMITS.adPageSize);
    await page.getByRole('article', { name: names[15] }).getByRole('link').first().click();
    await page.getByRole('heading', { name: names[15] }).waitFor();
    // Its owner moves it to another category meanwhile: the list filtered on Mobiles no longer
    // holds it, and Back shows the list without it, the cards around it where they were.
    expect((await moveAd(15, OUT_OF_MOBILES)).status).toBe(200);
    await page.goBack();
    await page.getByRole('article', { name: names[15] }).waitFor({ state: 'detached' });
    expect(await cards(page).count()).toBe(LIMITS.adPageSize - 1);
    await page.getByRole('article', { name: names[14] }).waitFor();
    await page.getByRole('article', { name: names[16] }).waitFor();
    expect((await moveAd(15, BACK_IN_MOBILES)).status).toBe(200);
    await context.close();
  });

  it('takes a search as long as it can be, which stays on a phone’s screen', async () => {
    const { context, page } = await openAs(browser, member, PHONE);
    await openAt(app, page, '/');
    const box = page.getByRole('searchbox', { name: 'Search ads' });
    await box.fill('x'.repeat(LIMITS.adSearchMax + 100));
    expect(await box.inputValue()).toHaveLength(LIMITS.adSearchMax);
    await box.press('Enter');
    await page.getByTestId('search-summary').waitFor();
    expect(await sidewaysOverflowOnPhone(page)).toBe(0);
    // A longer one in a link is searched for as far as the box would take it: no refusal.
    await openAt(app, page, `/?search=${'y'.repeat(LIMITS.adSearchMax + 50)}`);
    await page.getByText(MESSAGES.noAdsAvailable).first().waitFor();
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    // A link cut through an emoji by another site is searched for up to its last whole letter.
    await openAt(app, page, `/?search=${'क'.repeat(LIMITS.adSearchMax - 1)}😀`);
    await page.getByText(MESSAGES.noAdsAvailable).first().waitFor();
    const summary = await page.getByTestId('search-summary').innerText();
    expect(/[\uD800-\uDFFF\uFFFD]/u.test(summary), summary).toBe(false);
    // A search of emoji alone finds nothing, and says why.
    await openAt(app, page, `/?search=${encodeURIComponent('🚲 🇮🇳')}`);
    expect(await page.getByTestId('wordless-search').innerText()).toBe(WORDLESS_SEARCH_HINT);
    await context.close();
  });
});
