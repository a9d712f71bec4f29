import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../../ops/src/testing/app.ts';
import { accessibilityViolations } from './support/axe.ts';
import { bidArea } from './support/bids.ts';
import { PHONE, withAppAndBrowser } from './support/harness.ts';
import { createMember, grantRoles, openAs, openPage, type Member } from './support/members.ts';
import { api, postAd } from './support/payments.ts';

/*
 * What axe-core finds of WCAG 2.1 A and AA on the screens each kind of user lives in, on a
 * desktop and on a phone, in the states that matter: a refused form, a dialog, a replay that
 * greys what came after it. Each check asks for no violation at all.
 */

let app: TestApp;
let browser: Browser;

withAppAndBrowser((running) => ({ app, browser } = running));

const SCREENS = [
  { name: 'a desktop', size: { width: 1280, height: 800 } },
  { name: 'a phone', size: PHONE },
] as const;

const visit = async (page: Page, path: string) => {
  await page.goto(new URL(path, app.baseUrl).href);
  await page.getByRole('banner').waitFor();
};

const bid = async (bidder: Member, adId: string, bidamt: number) => {
  const placed = await api(app, '/api/bid/', {
    token: bidder.token,
    json: { item_id: adId, bidamt, type: 'Open', bidAlias: bidder.bidAlias },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
};

describe.each(SCREENS)('accessibility on $name', ({ size }) => {
  it('has no violation on the guest pages', async () => {
    const owner = await createMember(app, { address: true });
    const adId = await postAd(app, owner, { itemName: 'Harmonium for a guest to read' });
    const { context, page } = await openPage(browser, {}, size);
    for (const path of [
      '/',
      `/ads/${adId}`,
      '/login',
      '/register',
      '/forgot-password',
      '/contactus',
    ]) {
      await visit(page, path);
      await page.getByRole('main').waitFor();
      expect(await accessibilityViolations(page), path).toEqual([]);
    }
    await context.close();
  });

  it('has no violation on a member’s bid form refused, Post Ad, My Bids, the bid calendar, the bell and the avatar', async () => {
    const [owner, bidder] = await Promise.all([
      createMember(app, { address: true }),
      createMember(app, { address: true }),
    ]);
    const adId = await postAd(app, owner, { itemName: 'Sitar with a bid form' });
    await bid(bidder, adId, 30_000);
    const { context, page } = await openAs(browser, bidder, size);

    await visit(page, `/ads/${adId}`);
    const form = bidArea(page).getByRole('form', { name: 'Place a bid' });
    await form.getByLabel('Bid alias').fill('');
    await form.getByRole('button', { name: 'Bid', exact: true }).click();
    await form.getByRole('alert').waitFor();
    expect(await accessibilityViolations(page), 'the bid form refused').toEqual([]);

    await visit(page, '/postAd');
    await page.getByText('Add at least one photo or video to post the ad.').waitFor();
    expect(await accessibilityViolations(page), '/postAd').toEqual([]);
    // Tab passes the disabled Post Ad! by: a screen reader finds why it waits from the button.
    const postButton = page.getByRole('button', { name: 'Post Ad!' });
    expect(await postButton.isDisabled()).toBe(true);
    expect(
      await page.locator(`#${await postButton.getAttribute('aria-describedby')}`).innerText(),
    ).toBe('Add at least one photo or video to post the ad.');

    await visit(page, '/myBids');
    await page.getByText('Sitar with a bid form').first().waitFor();
    expect(await accessibilityViolations(page), '/myBids').toEqual([]);

    // FullCalendar's: its arrows' icons, and the year view's days of other months.
    await visit(page, '/bid-calendar');
    await page.getByRole('button', { name: /^Next / }).waitFor();
    await page.locator('.fc-daygrid-day').first().waitFor();
    expect(await accessibilityViolations(page), '/bid-calendar').toEqual([]);

    await page.getByRole('button', { name: /^Notifications, / }).click();
    const notes = page.getByRole('dialog', { name: 'Notifications' });
    await notes.waitFor();
    expect(await accessibilityViolations(page), 'the notifications').toEqual([]);
    await page.keyboard.press('Escape');
    await notes.waitFor({ state: 'hidden' });

    await page.getByRole('banner').getByLabel(`Enlarge ${bidder.username}'s picture`).click();
    const picture = page.getByRole('dialog', { name: `${bidder.username}'s picture` });
    await picture.waitFor();
    // Named by an element that is there (axe only suspects an id that names nothing).
    const title = await picture.getAttribute('aria-labelledby');
    expect(await page.locator(`#${title}`).innerText()).toBe(`${bidder.username}'s picture`);
    expect(await accessibilityViolations(page), 'the enlarged picture').toEqual([]);
    await context.close();
  });

  it('has no violation on support’s replay of an ad’s history, nor on the auditor’s ledger', async () => {
    const [owner, bidder, supportMember, auditorMember] = await Promise.all([
      createMember(app, { address: true }),
      createMember(app, { address: true }),
      createMember(app, { address: false }),
      createMember(app, { address: false }),
    ]);
    const [support, auditor] = await Promise.all([
      grantRoles(app, supportMember, ['support']),
      grantRoles(app, auditorMember, ['auditor']),
    ]);
    const adId = await postAd(app, owner, { itemName: 'Veena in a dispute' });
    await bid(bidder, adId, 40_000);
    const between = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await bid(bidder, adId, 41_000);

    // Replayed between the two bids: the second's rows are greyed, and must still be readable.
    const staff = await openAs(browser, support, size);
    await visit(staff.page, `/support/ads/${adId}?asOf=${between}`);
    await staff.page.getByTestId('events-after-replay').waitFor();
    expect(await staff.page.locator('[data-after-replay]').count()).toBeGreaterThan(0);
    expect(await accessibilityViolations(staff.page), 'the replay').toEqual([]);
    await staff.context.close();

    const audit = await openAs(browser, auditor, size);
    await visit(audit.page, '/audit');
    await audit.page.getByTestId('series-result').waitFor();
    expect(await accessibilityViolations(audit.page), '/audit').toEqual([]);
    await audit.context.close();
  });
});
