import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { AD_MESSAGES } from '@boli/engine/ads/ad.messages';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import type { TestApp } from '../../ops/src/testing/app.ts';
import { bidArea } from './support/bids.ts';
import {
  fieldByLabel,
  loseFirstAnswer,
  openAt,
  PHONE,
  sidewaysOverflowOnPhone,
  textLinesOf,
  TOUCH_PHONE,
  withAppAndBrowser,
} from './support/harness.ts';
import { createMember, openAs, type Member } from './support/members.ts';
import { api, askForNumber, placeOpenBid, postAd } from './support/payments.ts';

/*
 * Who may change an ad, as the screens show it: Edit and Media only for the owner of an ad whose
 * bidding is open; a bookmarked edit or media page of a closed ad, of someone else's ad or of no
 * ad at all says so at once, with the way back, instead of a form the api would refuse. Also the
 * ad page's bids on a phone, the media page's upload rows after a removal, the bell's dates, and
 * what a bidder's open page shows when the owner edits the ad.
 * One owner with an open and a closed ad, and one other member who bid on the open one.
 */

let app: TestApp;
let browser: Browser;

withAppAndBrowser((running) => ({ app, browser } = running));

const OPEN_AD = 'Sitar for bids';
const CLOSED_AD = 'Harmonium sold';

let owner: Member;
let other: Member;
let openAdId: string;
let closedAdId: string;

beforeAll(async () => {
  [owner, other] = await Promise.all([
    createMember(app, { address: true }),
    createMember(app, { address: false }),
  ]);
  [openAdId, closedAdId] = await Promise.all([
    postAd(app, owner, { itemName: OPEN_AD }),
    postAd(app, owner, { itemName: CLOSED_AD }),
  ]);
  const [, closed] = await Promise.all([
    placeOpenBid(app, other, openAdId, 1500),
    api(app, '/api/bid/closeBid', { token: owner.token, json: { item_id: closedAdId } }),
  ]);
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  // Two sign-ups through the sandboxes.
}, 120_000);

/** An 80×60 JPEG of one colour, for the media page's uploads. */
const smallPhoto = (background: { r: number; g: number; b: number }): Promise<Buffer> =>
  sharp({ create: { width: 80, height: 60, channels: 3, background } })
    .jpeg()
    .toBuffer();

const visit = (page: Page, path: string) => openAt(app, page, path);

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The notice a page shows instead of its form: its message and the links on. */
async function expectNotice(page: Page, message: string, links: string[]): Promise<void> {
  await page.getByRole('alert').filter({ hasText: message }).waitFor();
  for (const name of links) await page.getByRole('link', { name, exact: true }).waitFor();
  expect(await page.getByRole('button', { name: 'Update Ad' }).count()).toBe(0);
  expect(await page.getByTestId('media-input').count()).toBe(0);
  expect(await page.getByRole('list', { name: 'Gallery' }).count()).toBe(0);
}

/** Follows the link `name` and waits until the page is at a path `expected` accepts. */
async function follow(page: Page, name: string, expected: (path: string) => boolean) {
  await page.getByRole('link', { name, exact: true }).click();
  await page.waitForURL((url) => expected(url.pathname));
}

/** A new ad of the owner's, with one Open bid of the other member's on it. */
async function adWithABid(itemName: string): Promise<string> {
  const adId = await postAd(app, owner, { itemName });
  await placeOpenBid(app, other, adId, 1500);
  return adId;
}

describe('an ad whose bidding is closed', () => {
  it('offers its owner no Edit or Media, on its page and on My Ads', async () => {
    const { context, page } = await openAs(browser, owner);
    await visit(page, `/ads/${closedAdId}`);
    await page.getByRole('heading', { name: CLOSED_AD }).waitFor();
    await page.getByRole('button', { name: 'Share' }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Media', exact: true }).count()).toBe(0);

    // The open ad next to it still has them.
    await visit(page, `/ads/${openAdId}`);
    await page.getByRole('link', { name: 'Edit', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Media', exact: true }).waitFor();

    await visit(page, '/myAds');
    const open = page.getByRole('article', { name: OPEN_AD });
    const closed = page.getByRole('article', { name: CLOSED_AD });
    await open.getByRole('link', { name: `Edit ${OPEN_AD}` }).waitFor();
    await open.getByRole('link', { name: `Media of ${OPEN_AD}` }).waitFor();
    await closed.getByTestId('bidding-badge').waitFor();
    expect(await closed.getByRole('link', { name: `Edit ${CLOSED_AD}` }).count()).toBe(0);
    expect(await closed.getByRole('link', { name: `Media of ${CLOSED_AD}` }).count()).toBe(0);
    await page.screenshot({ path: '/tmp/boli-owner-my-ads.png', fullPage: true });
    await context.close();
  });

  it('says so at once on its bookmarked edit and media pages, with the way back', async () => {
    const { context, page } = await openAs(browser, owner);
    await visit(page, `/editAd/${closedAdId}`);
    await page.getByRole('heading', { name: 'Edit Ad' }).waitFor();
    await expectNotice(page, AD_MESSAGES.adClosed, ['View the ad', 'Back to My Ads']);
    await page.screenshot({ path: '/tmp/boli-owner-edit-closed.png', fullPage: true });
    await follow(page, 'View the ad', (path) => path.startsWith('/ads/'));
    await page.getByRole('heading', { name: CLOSED_AD }).waitFor();

    await visit(page, `/postAd/media/${closedAdId}`);
    await expectNotice(page, AD_MESSAGES.adClosed, ['View the ad', 'Back to My Ads']);
    await page.screenshot({ path: '/tmp/boli-owner-media-closed.png', fullPage: true });
    await follow(page, 'Back to My Ads', (path) => path === '/myAds');
    await page.getByRole('article', { name: CLOSED_AD }).waitFor();
    await context.close();
  });
});

describe('an ad whose bidding closes while its edit form or media page is open', () => {
  it('gives way to the reason when Update Ad is refused, with the way back', async () => {
    const closingAd = await postAd(app, owner, { itemName: 'Tabla closing soon' });
    const { context, page } = await openAs(browser, owner);
    await visit(page, `/editAd/${closingAd}`);
    const update = page.getByRole('button', { name: 'Update Ad' });
    await update.waitFor();
    const closed = await api(app, '/api/bid/closeBid', {
      token: owner.token,
      json: { item_id: closingAd },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    await fieldByLabel(page, 'Description').fill('A tabla pair, now with a new case.');
    await update.click();
    await expectNotice(page, AD_MESSAGES.adClosed, ['View the ad', 'Back to My Ads']);
    await context.close();
  });

  it('gives way to the reason on the media page when an upload is refused', async () => {
    const closingAd = await postAd(app, owner, { itemName: 'Flute closing soon' });
    const photo = await smallPhoto({ r: 160, g: 40, b: 20 });
    const { context, page } = await openAs(browser, owner);
    await visit(page, `/postAd/media/${closingAd}`);
    await page.getByRole('list', { name: 'Gallery' }).waitFor();
    const closed = await api(app, '/api/bid/closeBid', {
      token: owner.token,
      json: { item_id: closingAd },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    await page
      .getByTestId('media-input')
      .setInputFiles([{ name: 'case.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await expectNotice(page, AD_MESSAGES.adClosed, ['View the ad', 'Back to My Ads']);
    await page.getByRole('heading', { name: 'Photos and videos', exact: true }).waitFor();
    await context.close();
  });
});

describe('an ad edited after a bid', () => {
  it('shows its bidder the new details on the open page, and tells which changed in the bell', async () => {
    const adId = await adWithABid('Veena for bids');
    const bidder = await openAs(browser, other);
    await visit(bidder.page, `/ads/${adId}`);
    const bell = bidder.page.getByRole('button', { name: /^Notifications, \d+ new$/ });
    await bell.waitFor();
    const unreadBefore = await bell.getAttribute('aria-label');

    const seller = await openAs(browser, owner);
    await visit(seller.page, `/editAd/${adId}`);
    await fieldByLabel(seller.page, 'Price (₹)').fill('22000');
    await fieldByLabel(seller.page, 'Description').fill(
      'A veena in good condition, with its case.',
    );
    await seller.page.getByRole('button', { name: 'Update Ad' }).click();
    await seller.page.getByRole('heading', { name: MESSAGES.adUpdated }).waitFor();

    // Without a reload: the open page shows the new details, and the note comes to its bell.
    await bidder.page.getByTestId('ad-price').filter({ hasText: '₹22,000' }).waitFor();
    await bidder.page.getByText('A veena in good condition, with its case.').waitFor();
    await expect.poll(() => bell.getAttribute('aria-label')).not.toBe(unreadBefore);
    await bell.click();
    await bidder.page
      .getByTestId('notification')
      .filter({
        hasText:
          'The owner edited Veena for bids, which you bid on: price and description changed. ' +
          'Check the ad before you bid again.',
      })
      .waitFor();
    await bidder.page.waitForTimeout(300); // for the picture only: the menu done fading in
    await bidder.page.screenshot({ path: '/tmp/boli-bell-ad-edited.png' });
    await bidder.page.keyboard.press('Escape');

    // A second edit, of the price alone: one line, the newest, saying what either changed.
    await visit(seller.page, `/editAd/${adId}`);
    await fieldByLabel(seller.page, 'Price (₹)').fill('21000');
    await seller.page.getByRole('button', { name: 'Update Ad' }).click();
    await seller.page.getByRole('heading', { name: MESSAGES.adUpdated }).waitFor();
    await bidder.page.getByTestId('ad-price').filter({ hasText: '₹21,000' }).waitFor();
    await bell.click();
    const edits = bidder.page
      .getByTestId('notification')
      .filter({ hasText: 'The owner edited Veena for bids' });
    await edits.filter({ hasText: 'Edited 2 times: price and description changed' }).waitFor();
    expect(await edits.count()).toBe(1);
    expect(await edits.innerText()).toContain('which you bid on: price changed.');
    await Promise.all([bidder.context.close(), seller.context.close()]);
  });
});

describe('an ad with bids, being edited', () => {
  it('tells its owner of the bids, and keeps the changes over a reload until Update Ad', async () => {
    const adId = await adWithABid('Tanpura for bids');
    const seller = await openAs(browser, owner);
    const { page } = seller;
    await visit(page, `/editAd/${adId}`);
    await page
      .getByTestId('edit-ad-bids')
      .filter({ hasText: '1 bid was placed on this ad.' })
      .waitFor();
    const price = fieldByLabel(page, 'Price (₹)');
    await price.fill('23000');
    await fieldByLabel(page, 'Description').fill('A tanpura, retuned, with a new case.');
    // The tab reloaded (or put away by the phone and opened again): nothing typed is lost.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await expect.poll(() => price.inputValue()).toBe('23000');
    expect(await fieldByLabel(page, 'Description').inputValue()).toBe(
      'A tanpura, retuned, with a new case.',
    );
    await page.getByRole('alert').filter({ hasText: 'Your changes were kept' }).waitFor();
    // Another tab saves another price meanwhile: the next reload keeps the member's, and says
    // that Update Ad would undo the other change.
    const elsewhere = await api(app, '/api/posts/edit', {
      token: owner.token,
      json: { ad_id: adId, price: 24000, was: { price: '25000' } },
    });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
    await page.reload();
    await expect.poll(() => price.inputValue()).toBe('23000');
    await page
      .getByTestId('edit-ad-changed-elsewhere')
      .filter({ hasText: 'Changed elsewhere since you made your changes: Price.' })
      .waitFor();
    await page.getByRole('button', { name: 'Update Ad' }).click();
    await page.getByRole('heading', { name: MESSAGES.adUpdated }).waitFor();
    // Saved: the edit page opened again starts from the ad as it now reads, with nothing kept.
    await page.reload();
    await expect.poll(() => price.inputValue()).toBe('23000');
    expect(await page.getByText('Your changes were kept').count()).toBe(0);
    await seller.context.close();
  });
});

describe('someone else’s ad', () => {
  it('gets the owner notice, not the form, on its edit and media pages', async () => {
    const { context, page } = await openAs(browser, other);
    await visit(page, `/editAd/${openAdId}`);
    await expectNotice(page, AD_MESSAGES.notAdOwner, ['View the ad', 'Back to ads']);
    await page.screenshot({ path: '/tmp/boli-other-edit.png', fullPage: true });

    await visit(page, `/postAd/media/${openAdId}`);
    await expectNotice(page, AD_MESSAGES.notAdOwner, ['View the ad', 'Back to ads']);
    expect(await page.getByRole('button', { name: 'Remove' }).count()).toBe(0);
    await follow(page, 'View the ad', (path) => path.startsWith('/ads/'));
    await page.getByRole('heading', { name: OPEN_AD }).waitFor();
    await context.close();
  });
});

describe('an ad that does not exist', () => {
  it('is not found on the detail, edit and media pages, each with the way back', async () => {
    const { context, page } = await openAs(browser, owner);
    for (const path of [
      '/ads/no-such-ad-123',
      '/editAd/no-such-ad-123',
      '/postAd/media/no-such-ad-123',
    ]) {
      await visit(page, path);
      await expectNotice(page, AD_MESSAGES.adNotFound, ['Back to ads']);
      if (path.startsWith('/ads/')) {
        // The tab says so too, not 'Ad detail'.
        await expect.poll(() => page.title()).toBe(`${AD_MESSAGES.adNotFound} · Boli`);
        continue;
      }
      await page.getByRole('link', { name: 'Back to My Ads', exact: true }).waitFor();
      await page.screenshot({ path: `/tmp/boli-not-found-${path.split('/')[1]}.png` });
      await follow(page, 'Back to ads', (at) => at === '/');
    }
    expect(pathOf(page)).toBe('/');
    await context.close();
  });
});

/** How far `locator` sticks out right of `frame` (below 1 px: none of it is cut off). */
async function overhang(locator: Locator, frame: Locator): Promise<number> {
  const [box, within] = [await locator.boundingBox(), await frame.boundingBox()];
  if (!box || !within) throw new Error('not shown');
  return box.x + box.width - Math.min(within.x + within.width, PHONE.width);
}

describe('the bids on a phone', () => {
  it('show the amount and the time without sideways scrolling, to the owner and to others', async () => {
    for (const [who, member] of [
      ['owner', owner],
      ['bidder', other],
    ] as const) {
      const { context, page } = await openAs(browser, member, PHONE);
      await visit(page, `/ads/${openAdId}`);
      const row = bidArea(page).getByTestId('bid-row').first();
      const amount = row.getByText('₹1,500', { exact: true });
      await amount.waitFor();
      await bidArea(page).screenshot({ path: `/tmp/boli-phone-bids-${who}.png` });
      // Not scrolled off the side of the table's box; the whole row too, its time included.
      const box = bidArea(page).getByRole('table').locator('..');
      expect(await overhang(amount, box), `${who}: the amount`).toBeLessThan(1);
      expect(await overhang(row, box), `${who}: the row`).toBeLessThan(1);
      await row.getByRole('time').first().waitFor();
      await context.close();
    }
  });
});

describe('an ad whose title and description are one long word each', () => {
  it('wraps them on its page and its media page, on a phone as on a desktop', async () => {
    // As long as an item name may be; a description of a pasted link with no space in it.
    const title = `Harmonium${'L'.repeat(LIMITS.itemNameMax - 'Harmonium'.length)}`;
    const description = `https://example.com/${'e'.repeat(100)}`;
    const adId = await postAd(app, owner, { itemName: title, description });
    const { context, page } = await openAs(browser, owner);
    for (const path of [`/ads/${adId}`, `/postAd/media/${adId}`]) {
      await visit(page, path);
      await page.getByRole('heading', { level: 1, name: new RegExp(title) }).waitFor();
      expect(await page.evaluate('document.documentElement.scrollWidth - innerWidth')).toBe(0);
      expect(await sidewaysOverflowOnPhone(page), path).toBe(0);
    }
    await context.close();
  });
});

/** `adId` bid on by the other member, then in its final call till `deadline`. */
async function inFinalCall(adId: string, deadline: string): Promise<void> {
  await placeOpenBid(app, other, adId, 90_000);
  const called = await api(app, '/api/bid/finalCall', {
    token: owner.token,
    json: { item_id: adId, finalCallDateTime: deadline },
  });
  expect(called.status).toBe(200);
}

describe('an ad’s page with its text enlarged on the narrowest phone', () => {
  it('wraps its details and its countdown inside the page', async () => {
    const narrowest = { width: 320, height: 568, touch: true } as const;
    const adId = await postAd(app, owner, {
      itemName: 'Royal Enfield Classic 350',
      fields: {
        categoryname: 'Automobiles',
        subcategory: 'Bikes',
        make: 'Royal Enfield',
        model: 'Classic 350',
        mileage: '12000',
        yearOfManufacture: '2021',
        ownerOrDealer: 'Owner',
        newOrused: 'Used',
      },
    });
    // In its final call, so that the countdown shows too.
    await inFinalCall(adId, new Date(Date.now() + 86_400_000).toISOString());
    const { context, page } = await openAs(browser, other, narrowest);
    // As a member who enlarged the browser's text would have it.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.style.fontSize = '150%';
      });
    });
    await visit(page, `/ads/${adId}`);
    await page.getByText('Year of manufacture', { exact: true }).waitFor();
    // The layout's width, not the window's: a phone zooms out to show a page wider than itself.
    const overflow = () =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
    expect(await overflow()).toBe(0);
    // The countdown's four units stay inside the bids' card, each word on one line.
    const timer = bidArea(page).getByRole('timer');
    const card = await bidArea(page).boundingBox();
    for (const word of ['Days', 'Hours', 'Minutes', 'Seconds']) {
      const label = timer.getByText(word, { exact: true });
      const unit = await label.boundingBox();
      expect(unit!.x + unit!.width, word).toBeLessThanOrEqual(card!.x + card!.width);
      expect(await label.evaluate(textLinesOf), word).toBe(1);
    }
    // At the usual text size the four fit in one row.
    await page.evaluate(() => (document.documentElement.style.fontSize = ''));
    const tops = new Set<number>();
    for (const word of ['Days', 'Hours', 'Minutes', 'Seconds']) {
      tops.add(Math.round((await timer.getByText(word, { exact: true }).boundingBox())!.y));
    }
    expect(tops.size).toBe(1);
    await context.close();
  });
});

describe('a final call years ahead, on the narrowest phone with its text doubled', () => {
  it('keeps its countdown’s seven-digit day count inside the card', async () => {
    const adId = await postAd(app, owner, { itemName: 'Teak swing for the long run' });
    await inFinalCall(adId, '9999-12-31T18:29:00.000Z');
    const { context, page } = await openAs(browser, other, {
      width: 320,
      height: 568,
      touch: true,
    });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.style.fontSize = '200%';
      });
    });
    await visit(page, `/ads/${adId}`);
    const timer = bidArea(page).getByRole('timer');
    const days = timer.getByTestId('countdown-days');
    await expect.poll(async () => (await days.innerText()).length).toBeGreaterThanOrEqual(7);
    const card = (await bidArea(page).boundingBox())!;
    for (const part of [
      days,
      ...['Days', 'Hours', 'Minutes', 'Seconds'].map((word) =>
        timer.getByText(word, { exact: true }),
      ),
    ]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(card.x);
      expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
      expect(await part.evaluate(textLinesOf)).toBe(1);
    }
    await context.close();
  });
});

describe('the media page', () => {
  it('drops a file’s upload row when the item it added is removed; Dismiss keeps the item', async () => {
    const photo = await smallPhoto({ r: 20, g: 160, b: 90 });
    const { context, page } = await openAs(browser, owner);
    await visit(page, `/postAd/media/${openAdId}`);
    const items = page.getByRole('list', { name: 'Gallery' }).getByRole('listitem');
    await items.first().waitFor();
    const held = await items.count();
    await page
      .getByTestId('media-input')
      .setInputFiles([{ name: 'rear.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    const row = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem', {
      name: 'rear.jpg',
    });
    await row.and(page.locator('[data-status="uploaded"]')).waitFor();
    await items.nth(held).waitFor();
    await items.nth(held).getByRole('button', { name: 'Remove' }).click();
    const asked = page.getByRole('dialog', { name: 'Remove this photo?' });
    // It shows which photo, not the name the server stored it under.
    await asked.locator('img').waitFor();
    expect(await asked.innerText()).not.toMatch(/\.jpe?g/);
    // Its answer lost on the way back (removed all the same): the gallery shows it gone, and no
    // failure is said.
    await loseFirstAnswer(page, '/api/gallery/remove');
    await asked.getByRole('button', { name: 'Remove' }).click();
    await asked.waitFor({ state: 'detached' });
    await expect.poll(() => items.count()).toBe(held);
    await row.waitFor({ state: 'detached' });
    expect(await page.getByRole('alert').filter({ hasText: MESSAGES.generic }).count()).toBe(0);
    await page.screenshot({ path: '/tmp/boli-media-removed.png', fullPage: true });

    // An upload row's X says what it does here: the file is the ad's already, so it only goes
    // from the list (Dismiss), and the gallery keeps it.
    await page
      .getByTestId('media-input')
      .setInputFiles([{ name: 'side.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    const side = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem', {
      name: 'side.jpg',
    });
    await side.and(page.locator('[data-status="uploaded"]')).waitFor();
    await expect.poll(() => items.count()).toBe(held + 1);
    expect(await side.getByRole('button', { name: 'Remove side.jpg' }).count()).toBe(0);
    await side.getByRole('button', { name: 'Dismiss side.jpg' }).click();
    await side.waitFor({ state: 'detached' });
    await page.reload();
    await items.first().waitFor();
    await expect.poll(() => items.count()).toBe(held + 1);
    await context.close();
  });
});

describe('a thumbnail chosen on the media page', () => {
  it('is shown chosen, with no failure said, when its answer was lost on the way back', async () => {
    const { context, page } = await openAs(browser, owner);
    await visit(page, `/postAd/media/${openAdId}`);
    const gallery = page.getByRole('list', { name: 'Gallery' });
    await gallery.getByRole('listitem').first().waitFor();
    const held = await gallery.getByRole('listitem').count();
    await page.getByTestId('media-input').setInputFiles([
      {
        name: 'top.jpg',
        mimeType: 'image/jpeg',
        buffer: await smallPhoto({ r: 200, g: 40, b: 90 }),
      },
    ]);
    await expect.poll(() => gallery.getByRole('listitem').count()).toBe(held + 1);
    const use = gallery.getByRole('button', { name: /^Use as thumbnail: / }).first();
    const label = (await use.getAttribute('aria-label'))!.replace('Use as thumbnail: ', '');
    await loseFirstAnswer(page, '/api/gallery/thumbnail');
    await use.click();
    await gallery
      .getByRole('listitem', { name: label, exact: true })
      .getByText('Thumbnail', { exact: true })
      .waitFor();
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts(), { timeout: 3_000 })
      .toEqual([]);
    await context.close();
  });
});

describe('files chosen together on the media page', () => {
  it('end in the gallery in the order they were chosen, not the order their uploads finished', async () => {
    // The first is large and slow to store; the two small ones finish before it.
    const large = await sharp({
      create: {
        width: 2400,
        height: 1800,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .jpeg({ quality: 95 })
      .toBuffer();
    const adId = await postAd(app, owner, { itemName: 'Harmonium with three photos' });
    const { context, page } = await openAs(browser, owner);
    await visit(page, `/postAd/media/${adId}`);
    const items = page.getByRole('list', { name: 'Gallery' }).getByRole('listitem');
    await items.first().waitFor();
    const held = await items.count();
    await page.getByTestId('media-input').setInputFiles([
      { name: 'large.jpg', mimeType: 'image/jpeg', buffer: large },
      {
        name: 'small.jpg',
        mimeType: 'image/jpeg',
        buffer: await smallPhoto({ r: 200, g: 20, b: 20 }),
      },
      {
        name: 'wider.jpg',
        mimeType: 'image/jpeg',
        buffer: await sharp({
          create: { width: 120, height: 60, channels: 3, background: '#2050c0' },
        })
          .jpeg()
          .toBuffer(),
      },
    ]);
    const uploads = page.getByRole('list', { name: 'Uploads' });
    await expect
      .poll(() => uploads.locator('[data-status="uploaded"]').count(), { timeout: 60_000 })
      .toBe(3);
    // Told apart by their sizes as stored (a photo keeps its shape, and a small one its size).
    const shapes = async () => {
      const { body } = await api(app, `/api/gallery/media?item_id=${adId}`, { token: owner.token });
      const gallery = body.data as { url: string }[];
      if (gallery.length !== held + 3) return null;
      return Promise.all(
        gallery.slice(held).map(async ({ url }) => {
          const file = Buffer.from(await (await fetch(new URL(url, app.baseUrl))).arrayBuffer());
          const { width = 0, height = 1 } = await sharp(file).metadata();
          return width > 200 ? 'large' : `${width}x${height}`;
        }),
      );
    };
    await expect.poll(shapes, { timeout: 20_000 }).toEqual(['large', '80x60', '120x60']);
    // And the page shows that order.
    await expect.poll(() => items.count()).toBe(held + 3);
    await context.close();
  }, 120_000);
});

describe('the media page on a phone', () => {
  it('puts its title above its buttons; a file too many is said only while the ad is full', async () => {
    const adId = await postAd(app, owner, { itemName: 'Tanpura 1795967552810 with case' });
    const { context, page } = await openAs(browser, owner, TOUCH_PHONE);
    await visit(page, `/postAd/media/${adId}`);
    const title = page.getByRole('heading', { level: 1 });
    await title.waitFor();
    // The title has the row's width; the buttons go under it.
    const [heading, view] = [
      await title.boundingBox(),
      await page.getByRole('link', { name: 'View the ad', exact: true }).boundingBox(),
    ];
    expect(view!.y).toBeGreaterThanOrEqual(heading!.y + heading!.height);
    expect(heading!.width).toBeGreaterThan(PHONE.width * 0.75);
    // Nothing to drop from on a phone: Choose files is the way, and the size limit is said.
    const zone = page.getByTestId('media-drop-zone');
    expect(await zone.getByText('Drop photos and videos here').isVisible()).toBe(false);
    await zone.getByText(/^Up to 6 files of 10 MB at most/).waitFor();

    // One more than the ad has room for: the last is refused, and said.
    const items = page.getByRole('list', { name: 'Gallery' }).getByRole('listitem');
    await items.first().waitFor();
    const room = LIMITS.adMedia.maxFiles - (await items.count());
    const photo = await smallPhoto({ r: 200, g: 120, b: 40 });
    const files = Array.from({ length: room + 1 }, (_, index) => ({
      name: `extra${index}.jpg`,
      mimeType: 'image/jpeg',
      buffer: photo,
    }));
    await page.getByTestId('media-input').setInputFiles(files);
    const tooMany = page.getByText(`extra${room}.jpg: ${AD_MESSAGES.tooManyMedia}`);
    await tooMany.waitFor();
    await expect.poll(() => items.count(), { timeout: 30_000 }).toBe(LIMITS.adMedia.maxFiles);
    // A photo removed makes room: the refusal no longer holds, and goes.
    await items.last().getByRole('button', { name: 'Remove' }).tap();
    await page
      .getByRole('dialog', { name: 'Remove this photo?' })
      .getByRole('button', { name: 'Remove' })
      .tap();
    await expect.poll(() => items.count()).toBe(LIMITS.adMedia.maxFiles - 1);
    await tooMany.waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Choose files' }).isEnabled()).toBe(true);
    await context.close();
  });
});

describe('the notification bell', () => {
  it('puts each notification’s date on a line of its own, under the message', async () => {
    await askForNumber(app, other, owner);
    const { context, page } = await openAs(browser, owner);
    await visit(page, '/myAds');
    const bell = page.getByRole('button', { name: /^Notifications, \d+ new$/ });
    await expect.poll(() => bell.getAttribute('aria-label')).not.toBe('Notifications, 0 new');
    await bell.click();
    // (`other` bid on the owner's ad earlier: the note says so.)
    const words = new RegExp(
      `${other.username}, who bid on your .+, has requested your mobile number\\.`,
    );
    const notification = page.getByTestId('notification').filter({ hasText: words });
    const message = notification.getByText(words);
    const date = notification.getByRole('time');
    await date.waitFor();
    // Polled: the menu grows in (a transform) as it opens.
    const dateUnderMessage = async () => {
      const [above, below] = [await message.boundingBox(), await date.boundingBox()];
      return above !== null && below !== null && below.y >= above.y + above.height - 1;
    };
    await expect.poll(dateUnderMessage).toBe(true);
    await page.waitForTimeout(300); // for the picture only: the menu done fading in
    await page.screenshot({ path: '/tmp/boli-bell.png' });
    await context.close();
  });
});
