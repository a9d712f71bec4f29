import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { MESSAGES } from '@boli/engine/shared/messages';
import type { TestApp } from '../../ops/src/testing/app.ts';
import { TOUCH_TARGET_PX } from '../src/app/theme.ts';
import { openAt, PHONE, textLinesOf, TOUCH_PHONE, withAppAndBrowser } from './support/harness.ts';
import { createMember, openAs, type Member } from './support/members.ts';

/*
 * The top bar's user search on a touch phone: the box is a fingertip tall, each user found fits
 * the list (the name wraps under the username), and Enter opens the first one's profile.
 */

let app: TestApp;
let browser: Browser;

withAppAndBrowser((running) => ({ app, browser } = running));

let member: Member;
let found: Member;

beforeAll(async () => {
  [member, found] = await Promise.all([
    createMember(app, { address: false }),
    createMember(app, { address: false }),
  ]);
}, 120_000);

describe('searching users on a phone', () => {
  it('is a fingertip tall, shows each user within the list, and Enter opens the first', async () => {
    const { context, page } = await openAs(browser, member, TOUCH_PHONE);
    await openAt(app, page, '/');
    const box = page.getByRole('combobox', { name: 'Search users' });
    // The field's box, which a tap anywhere in focuses, not only the text's line.
    const field = box.locator('xpath=ancestor::*[contains(@class, "MuiInputBase-root")][1]');
    expect((await field.boundingBox())?.height).toBeGreaterThanOrEqual(TOUCH_TARGET_PX);
    await box.tap();
    await box.fill(found.username);
    const option = page.getByRole('option').filter({ hasText: found.username });
    await option.waitFor();
    await option.getByText('Ravi Kumar').waitFor();

    // Nothing of the row past the list's edge, nor past the screen's.
    const overflow = await option.evaluate(
      (li: {
        scrollWidth: number;
        clientWidth: number;
        getBoundingClientRect(): { right: number };
      }) => ({
        inside: li.scrollWidth - li.clientWidth,
        right: li.getBoundingClientRect().right,
      }),
    );
    expect(overflow.inside).toBeLessThanOrEqual(0);
    expect(overflow.right).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: '/tmp/boli-user-search-phone.png' });
    // On the narrowest phone the list is wider than the box: a username on one line, on screen.
    await page.setViewportSize({ width: 320, height: 640 });
    // The row's text: the username (its first node), the name in a line of its own under it.
    const names = option.locator('li > span, :scope > span').first();
    await expect.poll(() => names.evaluate(textLinesOf, true)).toBe(1);
    const listBox = (await page.getByRole('listbox').boundingBox())!;
    expect(listBox.width).toBeGreaterThan((await field.boundingBox())!.width);
    expect(listBox.x).toBeGreaterThanOrEqual(0);
    expect(listBox.x + listBox.width).toBeLessThanOrEqual(320);
    await page.setViewportSize(PHONE);

    await page.getByRole('combobox', { name: 'Search users' }).press('Enter');
    await page.waitForURL((url) => url.pathname === `/user_profile/${found.userId}`);
    await page.getByText(found.username).first().waitFor();
    // The box is empty again, for the next search: not searching for the profile now open.
    const searches: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/api/user/searchUser')) searches.push(sent.url());
    });
    await expect.poll(() => box.inputValue()).toBe('');
    await page.waitForTimeout(600);
    expect(searches).toEqual([]);
    await context.close();
  });

  it('says a search that failed, not that nobody was found, and Retry searches again', async () => {
    const { context, page } = await openAs(browser, member, PHONE);
    await openAt(app, page, '/');
    const failing = (url: URL) => url.pathname === '/api/user/searchUser';
    await page.route(failing, (route) => route.fulfill({ status: 500, body: '' }));
    const box = page.getByRole('combobox', { name: 'Search users' });
    await box.fill(found.username);
    const failure = page.getByRole('alert').filter({ hasText: MESSAGES.generic });
    await failure.waitFor();
    expect(await page.getByText(MESSAGES.noUsersFound, { exact: true }).count()).toBe(0);
    await page.unroute(failing);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('option').filter({ hasText: found.username }).waitFor();
    // The box kept what was typed, and the keyboard.
    expect(await box.inputValue()).toBe(found.username);
    expect(await box.evaluate((input) => input === document.activeElement)).toBe(true);
    await context.close();
  });
});
