import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { AD_MESSAGES } from '@boli/engine/ads/ad.messages';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { AMOUNT_TYPED_HINT } from '../src/lib/numberInput.ts';
import { launchBrowser } from '../../ops/src/testing/browser.ts';
import { makeTestVideo } from '../../ops/src/testing/testVideo.ts';
import { startApp, type TestApp } from '../../ops/src/testing/app.ts';
import {
  createMember,
  DELHI_ADDRESS,
  openPage,
  storedSession,
  type Member,
} from './support/members.ts';
import { dialogOwnsBack, fieldByLabel, loseFirstAnswer, openAt } from './support/harness.ts';
import { postAd } from './support/payments.ts';
import { VIDEO_UNPLAYABLE } from '../src/features/ads/model/adTexts.ts';

/*
 * The ads screens against the real api: a member posts an Automobiles ad with two photos and a
 * video (each staged on its own, with progress), finds it with the filters and with a misspelt
 * search, edits it, and a guest sees it on the home page; a member without an address is sent to
 * fill it in.
 */

let app: TestApp;
let browser: Browser;
let mediaDir: string;
type MediaFile = { name: string; mimeType: string; buffer: Buffer };
let media: MediaFile[];

async function makeMedia(): Promise<MediaFile[]> {
  mediaDir = mkdtempSync(join(tmpdir(), 'boli-ads-e2e-'));
  const video = makeTestVideo(join(mediaDir, 'drive.webm'));
  const picture = (r: number, g: number, b: number) =>
    sharp({ create: { width: 320, height: 240, channels: 3, background: { r, g, b } } });
  return [
    {
      name: 'front.jpg',
      mimeType: 'image/jpeg',
      buffer: await picture(95, 47, 157).jpeg().toBuffer(),
    },
    {
      name: 'side.png',
      mimeType: 'image/png',
      buffer: await picture(20, 160, 90).png().toBuffer(),
    },
    { name: 'drive.webm', mimeType: 'video/webm', buffer: readFileSync(video) },
  ];
}

beforeAll(async () => {
  [app, browser, media] = await Promise.all([startApp(), launchBrowser(), makeMedia()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  if (mediaDir) rmSync(mediaDir, { recursive: true, force: true });
});

/** A fresh desktop browser profile that may use the clipboard (Share copies the ad's link). */
async function desktop(
  storage: Record<string, string> = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openPage(browser, storage, { width: 1280, height: 900 });
  await opened.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: app.baseUrl,
  });
  return opened;
}

const visit = (page: Page, path: string) => openAt(app, page, path);

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A text field by its label; required fields' labels end in ' *'. */
const field = fieldByLabel;

/** Picks `option` in the select labelled `label` (a MUI select's name starts with its label). */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${escape(label)}`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const adCard = (page: Page, name: string) => page.getByRole('article', { name });
const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('a member with a full profile', () => {
  let member: Member;
  beforeAll(async () => {
    member = await createMember(app, { address: true });
  });

  it('posts a car with two photos and a video, finds it, edits it, and a guest sees it', async () => {
    const { context, page } = await desktop(storedSession(member));

    // --- Post New Ad
    await visit(page, '/postAd');
    await page.getByRole('heading', { name: 'Post New Ad' }).waitFor();
    // The address comes from the profile.
    expect(await field(page, 'Street').inputValue()).toBe('Pusa Road');
    const postButton = page.getByRole('button', { name: 'Post Ad!' });
    expect(await postButton.isDisabled()).toBe(true);

    // The item name's limit is said while typing: over it, the field is marked at once.
    await field(page, 'Item name').fill('x'.repeat(LIMITS.itemNameMax + 1));
    expect(await field(page, 'Item name').getAttribute('aria-invalid')).toBe('true');
    await field(page, 'Item name').fill('Swift Dzire');
    await page
      .getByText(`11/${LIMITS.itemNameMax} — at most ${LIMITS.itemNameMax} characters`)
      .waitFor();
    expect(await field(page, 'Item name').getAttribute('aria-invalid')).toBe('false');
    await choose(page, 'Category', 'Automobiles');
    await choose(page, 'Subcategory', 'Cars');
    await field(page, 'Price (₹)').fill('550000');
    // A minus sign is refused, and the field says so rather than dropping it unexplained.
    await field(page, 'Price (₹)').fill('-550000');
    await page.getByText(AMOUNT_TYPED_HINT).waitFor();
    expect(await field(page, 'Price (₹)').inputValue()).toBe('550000');
    await field(page, 'Description').fill('One owner, serviced at the dealer, new tyres.');
    await page.getByText('45/150').waitFor();
    await choose(page, 'Manufacturer', 'Maruti Suzuki');
    await choose(page, 'Model', 'Dzire');
    await choose(page, 'Year of manufacture', '2018');
    await field(page, 'Mileage (km)').fill('42000');
    await choose(page, 'Owner or Dealer', 'Owner');
    await choose(page, 'New or Used', 'Used');
    // A reload keeps what was typed.
    await page.reload();
    await page.getByRole('heading', { name: 'Post New Ad' }).waitFor();
    await expect.poll(() => field(page, 'Item name').inputValue()).toBe('Swift Dzire');
    expect(await field(page, 'Mileage (km)').inputValue()).toBe('42000');
    // Files are not kept across a reload, and the form says so until they are added again.
    const filesNotKept = page.getByText('Your details were kept; photos and videos are not');
    await filesNotKept.waitFor();

    // Only a file the server refuses: the form says why Post Ad! waits, and the ways on.
    await page
      .getByTestId('media-input')
      .setInputFiles([
        { name: 'first.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo') },
      ]);
    await page.getByTestId('no-upload-done').waitFor();
    expect(await postButton.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Remove first.jpg' }).click();
    await page.getByTestId('media-input').setInputFiles(media);
    await filesNotKept.waitFor({ state: 'detached' });
    expect(await page.getByTestId('no-upload-done').count()).toBe(0);
    const uploads = page.getByRole('list', { name: 'Uploads' });
    for (const file of media) {
      await uploads.getByRole('progressbar', { name: `${file.name} upload progress` }).waitFor();
    }
    await uploads.locator('li[data-status="uploaded"]').nth(2).waitFor();
    expect(await uploads.locator('li[data-status="failed"]').count()).toBe(0);
    // A file the server refuses (text named .jpg) takes none of the ad's six slots.
    await page
      .getByTestId('media-input')
      .setInputFiles([
        { name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo') },
      ]);
    // Its name is allowed, its content is not a photo: the row says that, not the list of types.
    await uploads
      .locator('li[data-status="failed"]')
      .getByText(AD_MESSAGES.mediaNotWhatNamed)
      .waitFor();
    await page.getByText(`${media.length} of 6 chosen`).waitFor();
    await page.getByRole('button', { name: 'Remove fake.jpg' }).click();
    await page.screenshot({ path: '/tmp/boli-ads-post.png', fullPage: true });
    // Leaving would lose the files (the fields are kept): asked first; Stay keeps them.
    await page.getByRole('banner').getByRole('link', { name: 'Boli', exact: true }).click();
    const leaveFiles = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leaveFiles.getByRole('button', { name: 'Stay' }).click();
    await leaveFiles.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/postAd');
    await page.getByText(`${media.length} of 6 chosen`).waitFor();

    // Post Ad! is far below the form's top: a refusal takes the focus to what must be mended.
    const focused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);
    const inView = (locator: Locator) =>
      locator.evaluate((el) => {
        const { top, bottom } = el.getBoundingClientRect();
        return top >= 0 && bottom <= window.innerHeight;
      });
    await field(page, 'Item name').fill('');
    await postButton.click();
    await expect.poll(() => focused(field(page, 'Item name'))).toBe(true);
    expect(await inView(field(page, 'Item name'))).toBe(true);
    await field(page, 'Item name').fill('Swift Dzire');
    // A post whose answer is lost on the way (the ad is posted): the notice saying so takes the
    // focus, nothing typed is lost, and pressing again posts no second ad (its Idempotency-Key).
    await loseFirstAnswer(page, '/api/posts/');
    await postButton.click();
    const notice = page.getByRole('alert').filter({ hasText: MESSAGES.adUnconfirmed });
    await expect.poll(() => focused(notice)).toBe(true);
    expect(await inView(notice)).toBe(true);
    expect(await field(page, 'Item name').inputValue()).toBe('Swift Dzire');

    // Reloaded meanwhile (what a member does on a flaky link): the form says the ad may have been
    // posted; its files added again and Post Ad! pressed, the same post goes: still one ad.
    await page.reload();
    await page
      .getByTestId('lost-post')
      .getByText(/^Your last Post Ad! \(“Swift Dzire”\) was sent, but its answer never came/)
      .waitFor();
    await page.getByRole('button', { name: 'Finish posting it' }).waitFor();
    await page.getByTestId('media-input').setInputFiles(media);
    await uploads.locator('li[data-status="uploaded"]').nth(2).waitFor();
    await postButton.click();
    // Section 8's success dialog, named by its message; OK goes on to My Ads.
    const posted = page.getByRole('dialog', { name: MESSAGES.adPosted });
    await posted.waitFor();
    expect(new URL(page.url()).pathname).toBe('/postAd');
    await posted.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((url) => url.pathname === '/myAds');
    // Posted: the next ad starts from the profile's address again.
    expect(
      await page.evaluate(() =>
        Object.keys(sessionStorage).filter((key) => key.startsWith('postAdDraft')),
      ),
    ).toEqual([]);
    const mine = adCard(page, 'Swift Dzire');
    await mine.waitFor();
    expect(await mine.count()).toBe(1);
    expect(await mine.getByTestId('ad-price').innerText()).toBe('₹5,50,000');
    await mine.getByRole('link', { name: 'Edit Swift Dzire' }).waitFor();
    await mine.getByRole('link', { name: 'Media of Swift Dzire' }).waitFor();

    // --- The filters find it; a price range above it does not
    await visit(page, '/ads');
    await page.getByRole('heading', { name: 'Ad list' }).waitFor();
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const filters = page.getByRole('form', { name: 'Filters' });
    expect(await filters.getByRole('button', { name: 'Clear' }).isDisabled()).toBe(true);
    await choose(page, 'Category', 'Automobiles');
    await choose(page, 'Subcategory', 'Cars');
    // A state is chosen without picking India first: the country follows it.
    await choose(page, 'State', 'Delhi');
    expect(await page.getByRole('combobox', { name: /^Country/ }).innerText()).toContain('India');
    await choose(page, 'District', 'Central');
    await choose(page, 'Make', 'Maruti Suzuki');
    await field(page, 'Price from (₹)').fill('500000');
    await field(page, 'Price to (₹)').fill('600000');
    await choose(page, 'Owner or Dealer', 'Owner');
    await page.screenshot({ path: '/tmp/boli-ads-filters.png', fullPage: true });
    await filters.getByRole('button', { name: 'Apply Filter' }).click();
    await adCard(page, 'Swift Dzire').waitFor();
    // Its photo adds nothing to the card link's name, which says the title once.
    expect(await adCard(page, 'Swift Dzire').locator('img').first().getAttribute('alt')).toBe('');
    // The keyboard is back on Filter, whose name counts the filters now on; the count of ads
    // found is said to a screen reader.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''))
      .toMatch(/^Filter \(\d+ active\)$/);
    await page
      .getByRole('status')
      .getByText(/^\d+ ads? shown/)
      .waitFor();

    await page.getByRole('button', { name: /^Filter/ }).click();
    await field(page, 'Price from (₹)').fill('700000');
    // Letters do not go in, and the box says so; a range the wrong way round is said under its
    // To box.
    await field(page, 'Price to (₹)').fill('9x');
    expect(await field(page, 'Price to (₹)').inputValue()).toBe('600000');
    await filters.getByText(AMOUNT_TYPED_HINT).waitFor();
    await field(page, 'Price to (₹)').fill('650000');
    await filters.getByText('From is above To').waitFor();
    expect(await filters.getByRole('button', { name: 'Apply Filter' }).isDisabled()).toBe(true);
    await field(page, 'Price to (₹)').fill('900000');
    await page.getByRole('button', { name: 'Apply Filter' }).click();
    // Said on the page, and to a screen reader: once, by the live region (the words on the page
    // are hidden from it).
    await page.getByRole('status').getByText(MESSAGES.noAdsAvailable).waitFor();
    expect(await page.getByText(MESSAGES.noAdsAvailable).count()).toBe(2);
    expect(
      await page.getByRole('paragraph').filter({ hasText: MESSAGES.noAdsAvailable }).count(),
    ).toBe(0);
    expect(await adCard(page, 'Swift Dzire').count()).toBe(0);
    // …with the way out.
    await page.getByRole('button', { name: 'Clear filters' }).waitFor();

    // Changing the category clears the subcategory and hides the vehicle filters.
    await page.getByRole('button', { name: /^Filter/ }).click();
    // Sports ads are a team's or a player's: that is a filter there, and only there.
    await choose(page, 'Category', 'Sports');
    await choose(page, 'Team or Player', 'Team');
    await choose(page, 'Category', 'Furniture');
    expect(await page.getByRole('combobox', { name: /^Make/ }).count()).toBe(0);
    expect(await page.getByRole('combobox', { name: /^Team or Player/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await adCard(page, 'Swift Dzire').waitFor();

    // A link whose price range is the wrong way round says why nothing is listed.
    await visit(page, '/ads?priceFrom=700000&priceTo=100');
    await page.getByText('Price: From is above To').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await adCard(page, 'Swift Dzire').waitFor();
    // One that is no number is not applied, and says so beside the ads it leaves listed.
    await visit(page, '/ads?priceFrom=abc');
    await adCard(page, 'Swift Dzire').waitFor();
    expect(await page.getByTestId('filters-problem').innerText()).toBe('Price: Enter a number');
    await visit(page, '/ads');

    // --- A misspelt search from the top bar
    const search = page.getByRole('searchbox', { name: 'Search ads' });
    await search.fill('swfit dezire');
    await search.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('search') === 'swfit dezire');
    await page.getByTestId('search-summary').waitFor();
    await adCard(page, 'Swift Dzire').waitFor();
    // The list's filters narrow the results too, and the search stays.
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    await field(page, 'Price to (₹)').fill('100000');
    await filters.getByRole('button', { name: 'Apply Filter' }).click();
    await page.getByRole('status').getByText(MESSAGES.noAdsAvailable).waitFor();
    expect(new URL(page.url()).searchParams.get('search')).toBe('swfit dezire');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await adCard(page, 'Swift Dzire').click();

    // --- The detail: gallery, facts, share, Edit for the owner
    await page.getByRole('heading', { name: 'Swift Dzire' }).waitFor();
    // The tab is named after the ad, so that several open ads can be told apart.
    await expect.poll(() => page.title()).toBe('Swift Dzire · Boli');
    expect(pathOf(page)).toMatch(/^\/ads\/swift-dzire-/);
    expect(await page.getByTestId('ad-price').innerText()).toBe('₹5,50,000');
    await page.getByText('Maruti Suzuki').waitFor();
    // Mileage is grouped as money is.
    await page.getByText('42,000', { exact: true }).waitFor();
    // The owner sees their phone, and that the ad does not show it (Show my phone was not ticked).
    await page.getByTestId('phone-hidden').waitFor();
    const gallery = page.getByTestId('ad-gallery');
    await gallery.getByRole('button', { name: 'Show video 3' }).click();
    const video = gallery.locator('video');
    await video.waitFor();
    expect(await video.getAttribute('controls')).not.toBeNull();
    expect(await video.getAttribute('poster')).toBeTruthy();
    await gallery.getByRole('button', { name: 'Show photo 1' }).click();
    // The page shows the photo's display copy where the screen needs no more; enlarged, the photo.
    const enlarge = gallery.getByRole('button', { name: 'Enlarge photo 1' });
    const shownCopy = () =>
      enlarge.getByRole('img').evaluate((img) => (img as HTMLImageElement).currentSrc);
    await expect.poll(shownCopy).toMatch(/\.display\.jpg$/);
    // The photo opens on the whole screen; the arrow keys step through the gallery.
    await enlarge.click();
    const viewer = page.getByRole('dialog', { name: 'Swift Dzire: photo 1 of 3' });
    const photo = viewer.getByRole('img', { name: 'Swift Dzire' });
    await photo.waitFor();
    expect(await photo.evaluate((img) => img.getBoundingClientRect().width)).toBe(
      page.viewportSize()!.width,
    );
    await page.keyboard.press('ArrowRight');
    const second = page.getByRole('dialog', { name: 'Swift Dzire: photo 2 of 3' });
    await second.getByRole('status').getByText('Photo 2 of 3').waitFor();
    // Closed on another photo than the one it opened on, the focus is on that photo.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    const focusedLabel = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
    await expect.poll(focusedLabel).toBe('Enlarge photo 2');
    await gallery.getByRole('button', { name: 'Enlarge photo 2' }).click();
    await page.getByRole('button', { name: 'Previous' }).click();
    await viewer.waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    await viewer.waitFor({ state: 'detached' });
    await expect.poll(focusedLabel).toBe('Enlarge photo 1');
    // The browser's Back closes it too (on a phone it looks like a page), staying on the ad.
    const adHere = page.url();
    await gallery.getByRole('button', { name: 'Enlarge photo 1' }).click();
    await viewer.waitFor();
    // Its entry comes a turn after it opens: a Back before that would leave the ad.
    await dialogOwnsBack(page);
    await page.goBack();
    await viewer.waitFor({ state: 'detached' });
    expect(page.url()).toBe(adHere);
    // However the viewers were closed, none left a step behind: Back is the search again.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('search') === 'swfit dezire');
    await page.goForward();
    await page.getByRole('heading', { name: 'Swift Dzire' }).waitFor();

    await page.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share this ad' });
    for (const app of ['WhatsApp', 'Facebook', 'Twitter', 'Telegram', 'Email'])
      await share.getByRole('link', { name: app }).waitFor();
    expect(await share.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toContain(
      encodeURIComponent(page.url()),
    );
    await share.getByRole('button', { name: 'Copy link' }).click();
    await share.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
    await page.screenshot({ path: '/tmp/boli-ads-detail.png', fullPage: true });
    await share.getByRole('button', { name: 'Close' }).click();
    const adUrl = page.url();

    // --- Edit Ad → Done → My Ads
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.getByRole('heading', { name: 'Edit Ad' }).waitFor();
    expect(await field(page, 'Item name').inputValue()).toBe('Swift Dzire');
    await field(page, 'Price (₹)').fill('525000');
    // Cancel with a change not saved asks first; Stay keeps the form as typed.
    await page.getByRole('link', { name: 'Cancel' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Stay' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toMatch(/^\/editAd\//);
    expect(await field(page, 'Price (₹)').inputValue()).toBe('525000');
    await page.getByRole('button', { name: 'Update Ad' }).click();
    await page.getByRole('heading', { name: MESSAGES.adUpdated }).waitFor();
    // Read out: the heading has the focus.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe(MESSAGES.adUpdated);
    await page.getByRole('link', { name: 'Back to My Ads' }).click();
    await page.waitForURL((url) => url.pathname === '/myAds');
    await adCard(page, 'Swift Dzire').getByText('₹5,25,000').waitFor();

    // --- Media: choose another thumbnail, add a photo (with progress), remove it again
    await adCard(page, 'Swift Dzire').getByRole('link', { name: 'Media of Swift Dzire' }).click();
    await page.getByRole('heading', { name: 'Photos and videos of Swift Dzire' }).waitFor();
    const items = page.getByRole('list', { name: 'Gallery' }).getByRole('listitem');
    await items.nth(2).waitFor();
    expect(await items.count()).toBe(3);
    // Each item is named by its kind and place, not by the file name it was stored under.
    expect(await items.nth(1).getAttribute('aria-label')).toBe('Photo 2');
    expect(await items.nth(1).getByRole('img').getAttribute('alt')).toBe('Photo 2');
    await items.nth(1).getByRole('button', { name: 'Use as thumbnail: Photo 2' }).click();
    await items.nth(1).getByText('Thumbnail', { exact: true }).waitFor();
    expect(await page.getByText('Thumbnail', { exact: true }).count()).toBe(1);
    // Arranged: the second photo moved first; the keyboard stays on its button, which now does
    // nothing (first already), and a screen reader hears where it went. Kept over a reload.
    const sourceOf = (item: Locator) => item.getByRole('img').getAttribute('src');
    await page.getByText('3 of 6 in the gallery').waitFor();
    const movedPhoto = await sourceOf(items.nth(1));
    await items.nth(1).getByRole('button', { name: 'Move photo 2 earlier' }).click();
    await expect.poll(() => sourceOf(items.nth(0))).toBe(movedPhoto);
    await page.getByRole('status').filter({ hasText: 'Moved to place 1 of 3.' }).waitFor();
    const first = items.nth(0).getByRole('button', { name: 'Move photo 1 earlier' });
    await expect
      .poll(() => first.evaluate((button) => button === document.activeElement))
      .toBe(true);
    expect(await first.getAttribute('aria-disabled')).toBe('true');
    await page.reload();
    await expect.poll(() => sourceOf(items.nth(0))).toBe(movedPhoto);
    await items.nth(0).getByText('Thumbnail', { exact: true }).waitFor();
    // Two at once, stored side by side: removing each item takes its own upload row with it.
    await page.getByTestId('media-input').setInputFiles([
      { ...media[0]!, name: 'rear.jpg' },
      { ...media[0]!, name: 'side.jpg' },
    ]);
    const uploadRows = page.getByRole('list', { name: 'Uploads' }).getByRole('listitem');
    await expect
      .poll(() => uploadRows.and(page.locator('[data-status="uploaded"]')).count())
      .toBe(2);
    // Each row shows the picture it added.
    expect(await uploadRows.locator('img').count()).toBe(2);
    await items.nth(4).waitFor();
    // Stored as each finished, then put back in the order chosen: the gallery ends with them in
    // their rows' order. Till then an item may move under the pointer, and a click whose press
    // and release land on different items is no click at all.
    const rowSources = await uploadRows
      .locator('img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('src')));
    await expect
      .poll(async () => [await sourceOf(items.nth(3)), await sourceOf(items.nth(4))])
      .toEqual(rowSources);
    // Remove asks first: Cancel keeps the item.
    const asked = page.getByRole('dialog', { name: /^Remove this (photo|video)\?$/ });
    await items
      .nth(4)
      .getByRole('button', { name: /^Remove (photo|video) \d$/ })
      .click();
    await asked.getByRole('button', { name: 'Cancel' }).click();
    await asked.waitFor({ state: 'detached' });
    expect(await items.count()).toBe(5);
    // The page behind an open dialog is hidden from the accessibility tree: counted once it closed.
    const removeConfirmed = async (item: Locator) => {
      await item.getByRole('button', { name: 'Remove' }).click();
      await asked.getByRole('button', { name: 'Remove' }).click();
      await asked.waitFor({ state: 'detached' });
    };
    await removeConfirmed(items.nth(4));
    await expect.poll(() => items.count()).toBe(4);
    await expect.poll(() => uploadRows.count()).toBe(1);
    await removeConfirmed(items.nth(3));
    await expect.poll(() => items.count()).toBe(3);
    await expect.poll(() => uploadRows.count()).toBe(0);
    await page.screenshot({ path: '/tmp/boli-ads-media.png', fullPage: true });
    await context.close();

    // --- A guest sees it on the home page, and may open it
    const guest = await desktop();
    await visit(guest.page, '/');
    const card = adCard(guest.page, 'Swift Dzire');
    await card.waitFor();
    expect(await card.getByTestId('ad-price').innerText()).toBe('₹5,25,000');
    await visit(guest.page, new URL(adUrl).pathname);
    await guest.page.getByRole('heading', { name: 'Swift Dzire' }).waitFor();
    expect(await guest.page.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);
    await guest.page.screenshot({ path: '/tmp/boli-ads-guest.png', fullPage: true });
    await guest.context.close();
    // A long walk through the screens; the machine is shared, so it gets more than the default.
  }, 180_000);

  it('sends again, on Retry, a photo the connection failed', async () => {
    const { context, page } = await desktop(storedSession(member));
    await visit(page, '/postAd');
    await page.getByRole('heading', { name: 'Post New Ad' }).waitFor();
    await page.route('**/api/gallery/stage', (route) => route.abort(), { times: 1 });
    await page.getByTestId('media-input').setInputFiles(media[0]!);
    const uploads = page.getByRole('list', { name: 'Uploads' });
    await uploads.locator('li[data-status="failed"]').waitFor();
    await uploads.getByRole('button', { name: 'Retry' }).click();
    await uploads.locator('li[data-status="uploaded"]').waitFor();
    expect(await uploads.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await context.close();
  });

  it('says a video the browser cannot play cannot be played, and offers the file', async () => {
    // An FLV, of the kinds section 5 allows, which no Chromium plays.
    const flv = makeTestVideo(join(mediaDir, 'old-camera.flv'), { codec: 'flv1' });
    const adId = await postAd(app, member, {
      itemName: 'Harmonium with an old video',
      moreMedia: [{ name: 'old-camera.flv', mimeType: 'video/x-flv', buffer: readFileSync(flv) }],
    });
    const { context, page } = await desktop(storedSession(member));
    await visit(page, `/ads/${adId}`);
    const gallery = page.getByTestId('ad-gallery');
    await gallery.getByRole('button', { name: 'Show video 2' }).click();
    await gallery.getByText(VIDEO_UNPLAYABLE).waitFor();
    const download = gallery.getByRole('link', { name: 'Download the video' });
    expect(await download.getAttribute('href')).toMatch(/^\/media\/.+\.flv$/);
    expect(await gallery.locator('video').count()).toBe(0);
    await context.close();
  });

  it('adds photos from the keyboard: Enter on Choose files opens the file chooser', async () => {
    const { context, page } = await desktop(storedSession(member));
    // Playwright starts catching file choosers when a page gets its first listener, without
    // waiting for the browser to agree: a listener added just before the key press races it, and
    // Enter (which clicks on its keydown, where Space clicks on its keyup) loses. So one listens
    // from the start, before the page is opened.
    page.on('filechooser', () => undefined);
    await visit(page, '/postAd');
    await page.getByRole('heading', { name: 'Post New Ad' }).waitFor();
    const postButton = page.getByRole('button', { name: 'Post Ad!' });
    expect(await postButton.isDisabled()).toBe(true);
    const choose = page.getByRole('button', { name: 'Choose files' });
    for (const key of ['Enter', 'Space']) {
      await choose.focus();
      const chooser = page.waitForEvent('filechooser', { timeout: 5_000 });
      await page.keyboard.press(key);
      const files = await chooser;
      expect(files.isMultiple()).toBe(true);
      if (key === 'Enter') await files.setFiles(media[0]!);
    }
    // The file chosen from the keyboard is added, and the ad can be posted.
    const uploads = page.getByRole('list', { name: 'Uploads' });
    await uploads.locator('li[data-status="uploaded"]').waitFor();
    await expect.poll(() => postButton.isEnabled()).toBe(true);
    await context.close();
  });

  it('edits an ad open in two tabs without undoing unseen what the other tab saved', async () => {
    const adId = await postAd(app, member, { itemName: 'Sitar in two tabs' });
    const { context, page: first } = await desktop(storedSession(member));
    const second = await context.newPage();
    for (const tab of [first, second]) {
      await visit(tab, `/editAd/${adId}`);
      await tab.getByRole('heading', { name: 'Edit Ad' }).waitFor();
    }
    await field(first, 'Price (₹)').fill('24000');
    await field(first, 'Description').fill('Price lowered in the first tab.');
    await first.getByRole('button', { name: 'Update Ad' }).click();
    await first.getByRole('heading', { name: MESSAGES.adUpdated }).waitFor();

    // The second tab still shows the ad as it was opened; its own price is refused, not saved
    // over the first tab's, and its form now shows the ad as it is, with its price kept.
    await field(second, 'Price (₹)').fill('23000');
    await second.getByRole('button', { name: 'Update Ad' }).click();
    await second.getByRole('alert').filter({ hasText: AD_MESSAGES.adChangedElsewhere }).waitFor();
    expect(await field(second, 'Description').inputValue()).toBe('Price lowered in the first tab.');
    expect(await field(second, 'Price (₹)').inputValue()).toBe('23000');
    // Pressed again, knowingly, it is saved.
    await second.getByRole('button', { name: 'Update Ad' }).click();
    await second.getByRole('heading', { name: MESSAGES.adUpdated }).waitFor();
    await context.close();
  });
});

describe('a member without an address', () => {
  let member: Member;
  beforeAll(async () => {
    member = await createMember(app, { address: false });
  });

  it('is asked to fill it in before posting, and sent to the profile', async () => {
    const { context, page } = await desktop(storedSession(member));
    await visit(page, '/postAd');
    const dialog = page.getByRole('dialog', { name: MESSAGES.addressRequired });
    await dialog.waitFor();
    await page.screenshot({ path: '/tmp/boli-ads-address.png', fullPage: true });
    // Back closes it, as Cancel does, rather than leaving the form under it.
    await dialogOwnsBack(page);
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/postAd');
    await visit(page, '/postAd');
    // Its Edit profile takes the dialog's history entry: Back from the profile is the form, once.
    await dialogOwnsBack(page);
    const entries = await page.evaluate(() => window.history.length);
    await dialog.getByRole('link', { name: 'Edit profile' }).click();
    await page.waitForURL((url) => url.pathname === '/editprofile');
    expect(await page.evaluate(() => window.history.length)).toBe(entries);
    await page.goBack();
    await dialog.waitFor();
    // Opened as at the start again (the keyboard on nothing), for Cancel's focus below.
    await visit(page, '/postAd');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // Cancelled, the form still says why it cannot be posted yet, and offers the way, which has
    // the keyboard; the ad's own address fields say they do not stand for the profile's.
    const notice = page.getByRole('alert').filter({ hasText: MESSAGES.addressRequired });
    await notice.waitFor();
    await expect
      .poll(() =>
        notice
          .getByRole('link', { name: 'Edit profile' })
          .evaluate((link) => link === document.activeElement),
      )
      .toBe(true);
    await page.getByTestId('ad-address-note').waitFor();
    // What was typed of the ad is kept while the member is away filling the profile in.
    await field(page, 'Item name').fill('Tabla kept over the profile');
    await notice.getByRole('link', { name: 'Edit profile' }).click();
    await page.waitForURL((url) => url.pathname === '/editprofile');
    // Post Ad has a House number too, shown until Edit profile's script has arrived.
    await page.getByRole('heading', { name: 'Edit profile' }).waitFor();
    // The address saved, the member is back on Post Ad, which no longer asks for it.
    await field(page, 'House number').fill(DELHI_ADDRESS.houseno);
    await field(page, 'Street').fill(DELHI_ADDRESS.street);
    await field(page, 'Town/Village').fill(DELHI_ADDRESS.city);
    await choose(page, 'Country', DELHI_ADDRESS.country);
    await choose(page, 'State', DELHI_ADDRESS.state);
    await choose(page, 'District', DELHI_ADDRESS.district);
    await choose(page, 'Neighbourhood', DELHI_ADDRESS.neighbourHood);
    // Pasted grouped as people write it, it is its six digits.
    const { pincode } = DELHI_ADDRESS;
    await field(page, 'Pincode').fill(`${pincode.slice(0, 3)} ${pincode.slice(3)}`);
    expect(await field(page, 'Pincode').inputValue()).toBe(pincode);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/postAd');
    await page.getByRole('heading', { name: 'Post New Ad' }).waitFor();
    expect(await notice.count()).toBe(0);
    expect(await dialog.count()).toBe(0);
    // The ad kept, with the address just saved filled in, as a new ad's is.
    await expect.poll(() => field(page, 'Street').inputValue()).toBe(DELHI_ADDRESS.street);
    expect(await field(page, 'Item name').inputValue()).toBe('Tabla kept over the profile');
    // A phone pasted the usual Indian way is its ten digits, not cut at ten characters.
    await field(page, 'Phone').fill('+91 98765 43210');
    expect(await field(page, 'Phone').inputValue()).toBe('9876543210');
    await context.close();
  });
});
