import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { indiaWallClockOf } from '@boli/engine/shared/indiaTime';
import { MESSAGES } from '@boli/engine/shared/messages';
import type { TestApp } from '../../ops/src/testing/app.ts';
import {
  dialogOwnsBack,
  PHONE,
  sidewaysOverflowOnPhone,
  withAppAndBrowser,
} from './support/harness.ts';
import { createMember, grantRoles, openAs, openPage, storedSession } from './support/members.ts';
import { ONLY_ADMIN_BLOCKS_STAFF } from '../src/features/support/moderation.ts';
import { ADS_WITHDRAWN_BY } from '../src/features/ads/model/adTexts.ts';
import { api, postAd } from './support/payments.ts';

/*
 * Support blocks a member from the member's profile (the Moderation panel), on a phone, in a
 * browser set to California time: the block's time is India's, the member's open session stops
 * working at once, and unblocking makes them active again. Members see no such panel.
 */

let app: TestApp;
let browser: Browser;

withAppAndBrowser((running) => ({ app, browser } = running));

const CALIFORNIA = 'America/Los_Angeles';
const REASON = 'Posting fake ads for cars he does not own';
const UNBLOCK_REASON = 'The bids were his own, the seller confirmed';

const profileOf = async (page: Page, userId: string) => {
  await page.goto(new URL(`/user_profile/${userId}`, app.baseUrl).href);
  await page.getByRole('banner').waitFor();
};

type Status = { blocked: boolean; blockedAt: string | null };

describe('support blocks and unblocks a member from their profile', () => {
  it('blocks with a reason, ends their session, unblocks; members see no panel', async () => {
    const [target, viewer, staffMember, auditorMember] = await Promise.all([
      createMember(app, { address: true }),
      createMember(app, { address: false }),
      createMember(app, { address: false }),
      createMember(app, { address: false }),
    ]);
    const support = await grantRoles(app, staffMember, ['support']);
    const auditor = await grantRoles(app, auditorMember, ['auditor']);
    const adId = await postAd(app, target, { itemName: 'Scooter he does not own' });

    // Another member has the profile open while support blocks them.
    const watching = await openAs(browser, viewer);
    await profileOf(watching.page, target.userId);
    await watching.page.getByRole('heading', { name: target.username, level: 1 }).waitFor();

    // The member is signed in, on their own profile, while support blocks them.
    const { context: targetContext, page: targetPage } = await openAs(browser, target);
    await targetPage.goto(new URL('/profile-me', app.baseUrl).href);
    await targetPage.getByRole('heading', { name: target.username }).waitFor();

    const { context: staffContext, page } = await openPage(
      browser,
      storedSession(support),
      PHONE,
      CALIFORNIA,
    );
    await profileOf(page, target.userId);
    const panel = page.getByRole('region', { name: 'Moderation' });
    const status = panel.getByTestId('moderation-status');
    await status.getByText('Active', { exact: true }).waitFor();
    const sellerAds = page.getByRole('region', { name: `Ads by ${target.username}` });
    await sellerAds.getByRole('article', { name: 'Scooter he does not own' }).waitFor();
    expect(await sidewaysOverflowOnPhone(page)).toBe(0);
    // An active member's profile offers staff the review form, as it does anyone.
    await page.getByLabel('Write a review').waitFor();

    // --- Block: Back closes the dialog as Cancel does; the reason is required -----------------
    await panel.getByRole('button', { name: 'Block member' }).click();
    const dialog = page.getByRole('dialog', { name: `Block ${target.username}` });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Not sure yet');
    const profileUrl = page.url();
    // The dialog's own history entry comes a turn after it opens.
    await dialogOwnsBack(page);
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(profileUrl);
    await panel.getByRole('button', { name: 'Block member' }).click();
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await dialog.getByText('Please give a reason').waitFor();
    await page.screenshot({ path: '/tmp/boli-moderation-dialog-phone.png' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill(REASON);
    expect(await dialog.getByText('Please give a reason').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await page.getByText('Member blocked.', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The profile open elsewhere, read again (at its next refresh, or its tab chosen again), gives
    // way, as an ad's page gives way to 'Ad not found'.
    await watching.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await watching.page.getByText(MESSAGES.noUsersFound).waitFor();
    expect(await watching.page.getByRole('heading', { name: target.username }).count()).toBe(0);
    await watching.context.close();

    const answer = await api(app, `/api/support/users/${target.userId}`, { token: support.token });
    const { blockedAt } = answer.body.data as Status;
    const blockedLine = `Blocked since ${indiaWallClockOf(blockedAt!)} IST by ${support.username}: "${REASON}"`;
    await status.getByText(blockedLine, { exact: true }).waitFor();
    // The profile follows the block at once: no review form for a blocked member, and their ads,
    // withdrawn, listed no more (once: not a copy of the section for each change).
    await page.getByLabel('Write a review').waitFor({ state: 'detached' });
    await sellerAds.getByText(ADS_WITHDRAWN_BY(target.username)).waitFor();
    expect(await sellerAds.count()).toBe(1);
    // Support can reach the member about it, whatever the member shares with others.
    const contact = panel.getByTestId('moderation-contact');
    await contact.getByRole('link', { name: target.email.toLowerCase() }).waitFor();
    expect(await contact.innerText()).toContain(target.phone);
    await panel.getByRole('button', { name: 'Unblock member' }).waitFor();
    expect(await sidewaysOverflowOnPhone(page)).toBe(0);
    await page.screenshot({ path: '/tmp/boli-moderation-blocked-phone.png', fullPage: true });
    // …and reach their ads, withdrawn as they now are, through the Ad history lookup.
    await panel.getByTestId('moderation-ads').click();
    await page
      .getByRole('region', { name: 'Ads found' })
      .getByRole('link', { name: 'Scooter he does not own' })
      .waitFor();
    await page.goBack();
    await status.getByText(blockedLine, { exact: true }).waitFor();

    // --- The member's open session stops working ---------------------------------------------
    const refused = targetPage.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/user',
    );
    await targetPage.reload();
    const response = await refused;
    expect(response.status()).toBe(401);
    expect(((await response.json()) as { msg: string }).msg).toBe(MESSAGES.loginRequired);
    // The app forgets the token and shows the guest's view.
    await targetPage.getByRole('link', { name: 'Login', exact: true }).waitFor();
    expect(await targetPage.evaluate("window.localStorage.getItem('jwt')")).toBeNull();
    const signIn = await api(app, '/api/auth/signin', {
      json: { username: target.username, password: target.password },
    });
    expect(signIn).toMatchObject({
      status: 403,
      body: { msg: ACCOUNT_MESSAGES.accountBlocked },
    });
    await targetContext.close();

    // --- Their ads: withdrawn from members; support sees why, and is offered no bid ------------
    await page.goto(new URL(`/ads/${adId}`, app.baseUrl).href);
    const withdrawn = page.getByTestId('ad-withdrawn');
    await withdrawn
      .getByText(`Withdrawn: ${target.username} is blocked.`, { exact: false })
      .waitFor();
    await page.getByRole('region', { name: 'Bids on this ad' }).waitFor();
    await page.getByText(MESSAGES.noBidsPosted).first().waitFor();
    expect(await page.getByRole('form', { name: 'Place a bid' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Bid history', exact: true }).click();
    await page.getByTestId('history-withdrawn').waitFor();
    // When it was withdrawn, and why, stays in the ad's history once the block is lifted too.
    expect(await page.getByTestId('history-owner-blocks').innerText()).toMatch(
      /^Withdrawn while its owner was blocked: from .* IST on \(it holds\), “.+”\.$/,
    );
    const forMembers = await api(app, `/api/posts/post?item_id=${adId}`, { token: viewer.token });
    expect(forMembers.status).toBe(404);

    // --- Hidden from members, a blocked member is still found by support ----------------------
    // Support sees the profile they moderate, by id and by username, and finds it by search.
    await profileOf(page, target.userId);
    await status.getByText(blockedLine, { exact: true }).waitFor();
    await page.getByRole('heading', { name: target.username, level: 1 }).waitFor();
    expect(await page.getByText(MESSAGES.noUsersFound, { exact: true }).count()).toBe(0);
    // Nothing the api would refuse for a blocked member: no number request, no review form.
    await page.getByRole('heading', { name: 'Reviews' }).waitFor();
    expect(await page.getByRole('button', { name: 'Show', exact: true }).count()).toBe(0);
    expect(await page.getByLabel('Write a review').count()).toBe(0);
    await page.screenshot({ path: '/tmp/boli-moderation-blocked-reloaded-phone.png' });
    await page.goto(new URL(`/${target.username}`, app.baseUrl).href);
    await status.getByText(blockedLine, { exact: true }).waitFor();
    await page.getByRole('heading', { name: target.username, level: 1 }).waitFor();
    const search = await api(
      app,
      `/api/user/searchUser?key=${encodeURIComponent(target.username)}`,
      { token: support.token },
    );
    expect((search.body.data as { username: string }[]).map((hit) => hit.username)).toEqual([
      target.username,
    ]);
    // The top bar's search marks them blocked before the profile is opened.
    await page.getByRole('combobox', { name: 'Search users' }).fill(target.username);
    await page.getByRole('option', { name: `${target.username} · Blocked` }).waitFor();
    await page.keyboard.press('Escape');
    const byMember = await api(app, `/api/user/id?user_id=${target.userId}`, {
      token: viewer.token,
    });
    expect(byMember.status).toBe(404);
    await profileOf(page, target.userId);

    // --- Unblock -------------------------------------------------------------------------------
    // Lifting it asks why, as the block did.
    await panel.getByRole('button', { name: 'Unblock member' }).click();
    const lift = page.getByRole('dialog', { name: `Unblock ${target.username}` });
    await lift.getByRole('button', { name: 'Unblock', exact: true }).click();
    await lift.getByText('Please give a reason').waitFor();
    await lift.getByRole('textbox', { name: 'Reason' }).fill(UNBLOCK_REASON);
    await lift.getByRole('button', { name: 'Unblock', exact: true }).click();
    await page.getByText('Member unblocked.', { exact: true }).waitFor();
    await lift.waitFor({ state: 'detached' });
    await status.getByText('Active', { exact: true }).waitFor();
    await sellerAds.getByRole('article', { name: 'Scooter he does not own' }).waitFor();
    expect(await sellerAds.count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Reviews' }).count()).toBe(1);
    const blockAgain = panel.getByRole('button', { name: 'Block member' });
    await blockAgain.waitFor();
    // The keyboard is on it, not lost with the busy Unblock.
    await expect
      .poll(() => blockAgain.evaluate((button) => button === document.activeElement))
      .toBe(true);
    const after = await api(app, `/api/support/users/${target.userId}`, { token: support.token });
    expect(after.body.data).toMatchObject({ blocked: false, reason: null });
    await page.setViewportSize({ width: 1280, height: 1000 });
    await profileOf(page, target.userId);
    await page.getByRole('heading', { name: target.username, level: 1 }).waitFor();
    await status.getByText('Active', { exact: true }).waitFor();
    // Lifted, the block is still told, with who lifted it: a later dispute may need both.
    const history = panel.getByTestId('moderation-history');
    await expect
      .poll(() => history.getByRole('listitem').allInnerTexts())
      .toEqual([
        expect.stringMatching(
          new RegExp(`^Unblocked .* IST by ${support.username}: "${UNBLOCK_REASON}"$`),
        ),
        blockedLine.replace('Blocked since', 'Blocked'),
      ]);
    await page.screenshot({ path: '/tmp/boli-moderation-active-desktop.png', fullPage: true });

    // Another staff member's profile: only an admin blocks them, and the panel says so.
    await profileOf(page, auditor.userId);
    await page.getByRole('heading', { name: auditor.username, level: 1 }).waitFor();
    await panel.getByText(ONLY_ADMIN_BLOCKS_STAFF).waitFor();
    expect(await panel.getByRole('button', { name: 'Block member' }).count()).toBe(0);

    // Not on the staff member's own profile.
    await profileOf(page, support.userId);
    await page.getByRole('heading', { name: support.username, level: 1 }).waitFor();
    expect(await panel.count()).toBe(0);
    await staffContext.close();

    // --- A plain member sees the profile and no panel -----------------------------------------
    const { context: viewerContext, page: viewerPage } = await openAs(browser, viewer, PHONE);
    await profileOf(viewerPage, target.userId);
    await viewerPage.getByRole('heading', { name: target.username, level: 1 }).waitFor();
    expect(await viewerPage.getByRole('region', { name: 'Moderation' }).count()).toBe(0);
    expect(await viewerPage.getByRole('button', { name: 'Block member' }).count()).toBe(0);
    await viewerPage.screenshot({ path: '/tmp/boli-moderation-member-phone.png', fullPage: true });
    await viewerContext.close();
  }, 180_000);
});
