import { afterAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { LIVE_SOCKET_PATH } from '@boli/engine/shared/routeAccess';
import type { TestApp } from '../../ops/src/testing/app.ts';
import {
  dialogOwnsBack,
  loseFirstAnswer,
  openAt,
  PHONE,
  textLinesOf,
  withAppAndBrowser,
} from './support/harness.ts';
import {
  createMember,
  fromMailbox,
  grantRoles,
  openPage,
  storedSession,
  type Member,
} from './support/members.ts';
import { api, askForNumber, placeOpenBid, postAd } from './support/payments.ts';
import { PHONE_SHOWN_FOR_BID } from '../src/features/profile/model/phoneShown.ts';

/*
 * Reviews, the mobile-number consent between two members, the notification menu and the contact
 * form, in Chromium against the whole app. Members sign up through the api and the sandboxes
 * (email link and OTP read from the dev mailbox: support/members.ts).
 */

let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

withAppAndBrowser((running) => ({ app, browser } = running), 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
});

/** A browser window signed in as `member` (or a guest), its clock under the test's control. */
async function windowOf(member?: Member): Promise<Page> {
  const { context, page } = await openPage(browser, member ? storedSession(member) : {}, {
    width: 1280,
    height: 900,
  });
  contexts.push(context);
  await page.clock.install();
  return page;
}

const visit = (page: Page, path: string) => openAt(app, page, path);

/**
 * Answers of POST /api/review/delete seen by a window, kept so that a missing 'Review deleted.'
 * dialog says what the server answered (this step timed out once under a clean clone's load).
 */
function deleteAnswersOf(page: Page): string[] {
  const answers: string[] = [];
  page.on('response', (response) => {
    if (!response.url().includes('/api/review/delete')) return;
    void response.text().then(
      (body) => answers.push(`${response.status()} ${body.slice(0, 200)}`),
      () => answers.push(`${response.status()}`),
    );
  });
  page.on('requestfailed', (request) => {
    if (request.url().includes('/api/review/delete'))
      answers.push(`failed ${request.failure()?.errorText}`);
  });
  return answers;
}

/** Waits for the 'Review deleted.' dialog; without it, fails with what the page and server said. */
async function reviewDeletedIn(page: Page, answers: readonly string[]): Promise<void> {
  try {
    await page.getByRole('dialog', { name: MESSAGES.reviewDeleted }).waitFor();
  } catch (error) {
    const alerts = await page.getByRole('alert').allInnerTexts();
    throw new Error(
      `No 'Review deleted.' dialog. Delete answers: ${JSON.stringify(answers)}; alerts: ${JSON.stringify(alerts)}`,
      { cause: error },
    );
  }
}

const masked = (phone: string) => `${phone.slice(0, 3)}${'*'.repeat(phone.length - 3)}`;

/** The first request of the live link (socket.io's long-polling handshake, at LIVE_SOCKET_PATH). */
const LIVE_HANDSHAKE = new RegExp(`${LIVE_SOCKET_PATH}/\\?EIO=`);

/** The tab chosen again, as the page hears it (an expression: no DOM types in e2e files). */
const BACK_INTO_VIEW = `document.dispatchEvent(new Event('visibilitychange'))`;

// ---------------------------------------------------------------------------------------------

describe('two members and a mobile number', () => {
  it('counts a notification once: opened on one device, it is not new on another', async () => {
    const [asha, bala] = await Promise.all([
      createMember(app, { address: false }),
      createMember(app, { address: false }),
    ]);
    const reviewed = await api(app, '/api/review/', {
      json: { userId: asha.userId, text: 'Quick to reply.' },
      token: bala.token,
    });
    expect(reviewed.status).toBe(200);
    const bellOf = (page: Page) => page.getByRole('button', { name: /^Notifications, \d+ new$/ });
    const phone = await windowOf(asha);
    await visit(phone, '/profile-me');
    await expect.poll(() => bellOf(phone).getAttribute('aria-label')).toBe('Notifications, 1 new');
    const kept = phone.waitForResponse(
      (response) =>
        response.url().endsWith('/api/notification/seen') && response.request().method() === 'POST',
    );
    await bellOf(phone).click();
    await phone.getByRole('dialog', { name: 'Notifications' }).waitFor();
    expect((await kept).status()).toBe(200);
    await phone.keyboard.press('Escape');
    await expect.poll(() => bellOf(phone).getAttribute('aria-label')).toBe('Notifications, 0 new');
    // Another browser (nothing kept in it) counts from the account's mark.
    const laptop = await windowOf(asha);
    await visit(laptop, '/profile-me');
    await expect.poll(() => bellOf(laptop).getAttribute('aria-label')).toBe('Notifications, 0 new');
    // One that arrives while the page is open is said aloud, as the count rising is seen.
    const again = await api(app, '/api/review/', {
      json: { userId: asha.userId, text: 'Packed it well.' },
      token: bala.token,
    });
    expect(again.status).toBe(200);
    await expect.poll(() => bellOf(laptop).getAttribute('aria-label')).toBe('Notifications, 1 new');
    await laptop
      .getByRole('status')
      .filter({ hasText: /^New notification: / })
      .waitFor();
  });

  it('counts a note that came after the page read its list but before its live link joined', async () => {
    const [asha, bala] = await Promise.all([
      createMember(app, { address: false }),
      createMember(app, { address: false }),
    ]);
    const laptop = await windowOf(asha);
    // The live link's handshake is held until the note has come; the page reads its list at once.
    let joinLive = () => {};
    const held = new Promise<void>((resolve) => (joinLive = resolve));
    await laptop.route(LIVE_HANDSHAKE, async (route) => {
      await held;
      await route.fallback();
    });
    const firstRead = laptop.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/notification' && response.status() === 200,
    );
    await visit(laptop, '/profile-me');
    await firstRead;
    const bell = laptop.getByRole('button', { name: /^Notifications, \d+ new$/ });
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 0 new');
    const reviewed = await api(app, '/api/review/', {
      json: { userId: asha.userId, text: 'Came with the box.' },
      token: bala.token,
    });
    expect(reviewed.status).toBe(200);
    await expect
      .poll(async () => {
        const listed = await api(app, '/api/notification', { token: asha.token });
        return Array.isArray(listed.body.data) ? listed.body.data.length : -1;
      })
      .toBe(1);
    // Pushed to no one, the note is counted when the link joins, not at the next minute's poll
    // (the page's clock is held: no poll runs).
    joinLive();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 1 new');
  });

  it('keeps a request in reach however many notes follow it; folds a member’s reviews; shows older on asking', async () => {
    const [asha, bala, chitra] = await Promise.all([
      createMember(app, { address: false }),
      createMember(app, { address: false }),
      createMember(app, { address: false }),
    ]);
    await askForNumber(app, asha, bala);
    const reviews = LIMITS.notificationListLimit + 2;
    for (let n = 1; n <= reviews; n += 1) {
      const json = { userId: bala.userId, text: `Review number ${n}.` };
      expect((await api(app, '/api/review/', { json, token: chitra.token })).status).toBe(200);
    }
    const b = await windowOf(bala);
    await visit(b, '/profile-me');
    const bell = b.getByRole('button', { name: /^Notifications, / });
    // The request and the reviews' line are new; older notes may be new too.
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 2+ new');
    await bell.click();
    const notes = b.getByRole('dialog', { name: 'Notifications' }).getByTestId('notification');
    await expect.poll(() => notes.count()).toBe(2);
    expect(await notes.first().innerText()).toContain(
      `${asha.username} has requested your mobile number.`,
    );
    await notes.first().getByRole('button', { name: 'Approve' }).waitFor();
    await notes.nth(1).getByText(`${LIMITS.notificationListLimit} reviews`).waitFor();
    const older = b.getByRole('button', { name: 'Show older notifications' });
    await older.click();
    await notes.nth(1).getByText(`${reviews} reviews`).waitFor();
    await expect.poll(() => older.count()).toBe(0);
    expect(await notes.count()).toBe(2);
    // Answered there, it reads as answered, though no page read again holds it as it is now
    // (the newest page keeps only the requests still waiting; the older one was read before).
    const asked = notes.filter({ hasText: `${asha.username} has requested your mobile number.` });
    await asked.getByRole('button', { name: 'Approve' }).click();
    await asked.getByRole('button', { name: 'Revoke' }).waitFor();
    expect(await asked.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await notes.count()).toBe(2);
    await b.keyboard.press('Escape');
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications, 0 new');
  });

  it('keeps a member’s tabs in step: what one tab did, the other shows at once', async () => {
    const [asha, bala] = await Promise.all([
      createMember(app, { address: false }),
      createMember(app, { address: false }),
    ]);
    const bellOf = (page: Page) => page.getByRole('button', { name: /^Notifications, \d+ new$/ });
    const badgeOf = (page: Page) => bellOf(page).getAttribute('aria-label');
    // Two tabs of one browser, their clocks stopped: no poll catches up for them.
    const tabsOf = async (member: Member, path: string) => {
      const first = await windowOf(member);
      const second = await first.context().newPage();
      await second.clock.install();
      await visit(first, path);
      await visit(second, path);
      return [first, second] as const;
    };

    // B's two tabs on A's profile: Show pressed in one is Pending in the other.
    const [b1, b2] = await tabsOf(bala, `/user_profile/${asha.userId}`);
    await b2.getByRole('button', { name: 'Show', exact: true }).waitFor();
    await b1.getByRole('button', { name: 'Show', exact: true }).click();
    await b2.getByRole('button', { name: 'Pending' }).waitFor();

    // A's two tabs: a review and the request, live in both.
    const reviewed = await api(app, '/api/review/', {
      json: { userId: asha.userId, text: 'Kept every promise.' },
      token: bala.token,
    });
    expect(reviewed.status).toBe(200);
    const [a1, a2] = await tabsOf(asha, '/profile-me');
    for (const tab of [a1, a2]) await expect.poll(() => badgeOf(tab)).toBe('Notifications, 2 new');
    // The bell opened in one: the review is seen in both; the request, unanswered, still counts.
    await bellOf(a1).click();
    const request = a1
      .getByTestId('notification')
      .filter({ hasText: `${bala.username} has requested your mobile number.` });
    await request.getByRole('button', { name: 'Reject' }).waitFor();
    await expect.poll(() => badgeOf(a2)).toBe('Notifications, 1 new');
    // Answered in one, it counts in neither.
    await request.getByRole('button', { name: 'Reject' }).click();
    await request.getByText('You rejected this request.').waitFor();
    await expect.poll(() => badgeOf(a2)).toBe('Notifications, 0 new');
  });

  it('masks again on an open profile the number its member stops showing to all', async () => {
    const [asha, bala] = await Promise.all([
      createMember(app, { address: false }),
      createMember(app, { address: false }),
    ]);
    const showing = (value: boolean) =>
      api(app, '/api/user/changeSetting', {
        json: { key: 'showMobileNumber', value },
        token: bala.token,
      });
    expect((await showing(true)).status).toBe(200);
    const a = await windowOf(asha);
    await visit(a, `/user_profile/${bala.userId}`);
    const phone = a.getByTestId('profile-phone');
    await expect.poll(() => phone.innerText()).toContain(bala.phone);
    expect((await showing(false)).status).toBe(200);
    // Nothing tells the page; it reads the profile again on coming back into view (and every
    // LIMITS.profileRefreshMs while shown).
    await a.evaluate(BACK_INTO_VIEW);
    await expect.poll(() => phone.innerText()).toContain(masked(bala.phone));
    expect(await phone.innerText()).not.toContain(bala.phone);
  });

  it('says why a bidder’s number shows, their switch off, to the owner of the ad they bid on', async () => {
    const [owner, bidder] = await Promise.all([
      createMember(app, { address: true }),
      createMember(app, { address: false }),
    ]);
    const adId = await postAd(app, owner);
    await placeOpenBid(app, bidder, adId, 1_500, bidder.bidAlias);
    const o = await windowOf(owner);
    await visit(o, `/user_profile/${bidder.userId}`);
    await expect.poll(() => o.getByTestId('profile-phone').innerText()).toContain(bidder.phone);
    await o.getByText(PHONE_SHOWN_FOR_BID).waitFor();
    // Not to the bidder's other viewers, to whom it is masked.
    const stranger = await windowOf(await createMember(app, { address: false }));
    await visit(stranger, `/user_profile/${bidder.userId}`);
    await expect
      .poll(() => stranger.getByTestId('profile-phone').innerText())
      .toContain(masked(bidder.phone));
    expect(await stranger.getByText(PHONE_SHOWN_FOR_BID).count()).toBe(0);
  });

  it('offers Edit on the member’s own profile opened by their name, as on My profile', async () => {
    const asha = await createMember(app, { address: false });
    const a = await windowOf(asha);
    await visit(a, `/${asha.username}`);
    await a.getByRole('link', { name: 'Edit profile' }).click();
    await a.waitForURL('**/editprofile');
  });

  it('A asks for B’s number, B approves from the bell, A sees it; B revokes, it is masked again', async () => {
    const [asha, bala] = await Promise.all([
      createMember(app, { address: false }),
      createMember(app, { address: false }),
    ]);

    // The api refuses what the screens never offer: reviewing or asking oneself.
    const selfReview = { userId: asha.userId, text: 'I am great' };
    expect((await api(app, '/api/review/', { json: selfReview, token: asha.token })).body.msg).toBe(
      MESSAGES.reviewSelf,
    );
    const selfRequest = { requestedTo: asha.userId };
    expect(
      (await api(app, '/api/request', { json: selfRequest, token: asha.token })).body.msg,
    ).toBe(MESSAGES.mobileRequestSelf);

    const a = await windowOf(asha);
    await visit(a, `/user_profile/${bala.userId}`);
    const phone = a.getByTestId('profile-phone');
    await expect.poll(() => phone.innerText()).toContain(masked(bala.phone));
    // The tab is named after the member, so that several open profiles can be told apart.
    await expect.poll(() => a.title()).toBe(`${bala.username} · Boli`);
    // A name that is nobody's is an unknown page (a mistyped /help), saying what it looked for.
    const nobody = await windowOf(asha);
    await visit(nobody, '/nosuchmember');
    await nobody.getByRole('heading', { name: MESSAGES.pageNotFound }).waitFor();
    await nobody.getByText(MESSAGES.noMemberNamed('nosuchmember')).waitFor();
    await expect.poll(() => nobody.title()).toBe(`${MESSAGES.pageNotFound} · Boli`);
    await nobody.close();
    // The top bar's picture enlarges in a dialog named after its member.
    await a.getByRole('button', { name: `Enlarge ${asha.username}'s picture` }).click();
    const picture = a.getByRole('dialog', { name: `${asha.username}'s picture` });
    await picture.waitFor();
    await a.keyboard.press('Escape');
    await a.getByRole('dialog').waitFor({ state: 'detached' });
    // Its Close button too, for a phone without Escape.
    await a.getByRole('button', { name: `Enlarge ${asha.username}'s picture` }).click();
    await picture.getByRole('button', { name: 'Close' }).click();
    await a.getByRole('dialog').waitFor({ state: 'detached' });

    // Reviews: an empty one is refused; a real one is posted and listed with its author.
    await a.getByRole('button', { name: 'Post Review' }).click();
    await a.getByText(MESSAGES.reviewTextRequired).waitFor();
    // …the box it is about marked, pointing to why, and given the keyboard.
    const box = a.getByLabel('Write a review');
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    expect(await box.getAttribute('aria-describedby')).toContain('review-failure');
    await expect.poll(() => box.evaluate((field) => field === document.activeElement)).toBe(true);
    await a.getByLabel('Write a review').fill('Sold me a fine scooter, on time.');
    // Written, the box is mended: its refusal and mark go.
    await a.getByText(MESSAGES.reviewTextRequired).waitFor({ state: 'detached' });
    expect(await box.getAttribute('aria-invalid')).toBe('false');
    // The box counts towards its limit, which it stops at.
    await a.getByText(`32 / ${LIMITS.reviewTextMax} characters`).waitFor();
    // A review being typed outlives a reload.
    await a.reload();
    await expect
      .poll(() => a.getByLabel('Write a review').inputValue())
      .toBe('Sold me a fine scooter, on time.');
    // Its answer lost on the way (posted all the same): pressing again is said to be safe, and is.
    await loseFirstAnswer(a, '/api/review/');
    await a.getByRole('button', { name: 'Post Review' }).click();
    await a.getByText(MESSAGES.reviewUnconfirmed).waitFor();
    await a.getByRole('button', { name: 'Post Review' }).click();
    await a.getByRole('dialog', { name: MESSAGES.reviewPosted }).waitFor();
    await a.getByRole('button', { name: 'OK' }).click();
    // Closed, the dialog hands the focus back to the (now empty) review box.
    await expect.poll(() => a.evaluate('document.activeElement?.tagName')).toBe('TEXTAREA');
    expect(await a.getByLabel('Write a review').inputValue()).toBe('');
    expect(
      await a.getByTestId('review').filter({ hasText: 'Sold me a fine scooter' }).count(),
    ).toBe(1);
    const review = a.getByTestId('review').first();
    await expect.poll(() => review.innerText()).toContain(asha.username);
    expect(await review.innerText()).toContain('Sold me a fine scooter, on time.');

    // Show → Pending.
    await a.getByRole('button', { name: 'Show', exact: true }).click();
    const pending = a.getByRole('button', { name: 'Pending' });
    await pending.waitFor();
    // The keyboard stays on it (it does nothing), and a screen reader hears what happened.
    expect(await pending.getAttribute('aria-disabled')).toBe('true');
    await expect.poll(() => pending.evaluate((el) => el === document.activeElement)).toBe(true);
    await a.getByRole('status').getByText('Request sent.', { exact: false }).waitFor();
    await a.screenshot({ path: '/tmp/boli-social-pending.png', fullPage: true });
    // On a phone the masked number and Pending each keep to one line.
    await a.setViewportSize({ width: 390, height: 844 });
    for (const part of [phone, a.getByRole('button', { name: 'Pending' })]) {
      const lineHeight = await part.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect((await part.boundingBox())!.height).toBeLessThan(lineHeight * 1.9);
    }
    await a.setViewportSize({ width: 1280, height: 900 });

    // B: the bell counts the request; the menu offers Approve and Reject.
    const b = await windowOf(bala);
    await visit(b, `/user_profile/${asha.userId}`);
    const bell = b.getByRole('button', { name: /^Notifications, \d+ new$/ });
    await expect.poll(async () => bell.getAttribute('aria-label')).not.toBe('Notifications, 0 new');
    // The bell says it opens a popup, and the popup is a named dialog.
    expect(await bell.getAttribute('aria-haspopup')).toBe('dialog');
    await bell.click();
    await b.getByRole('dialog', { name: 'Notifications' }).waitFor();
    const request = b
      .getByTestId('notification')
      .filter({ hasText: `${asha.username} has requested your mobile number.` });
    await request.getByRole('button', { name: 'Reject' }).waitFor();
    await b.screenshot({ path: '/tmp/boli-social-bell.png', fullPage: true });
    // Each answer is described by the request it answers, so several read apart.
    const describedBy = await request
      .getByRole('button', { name: 'Approve' })
      .getAttribute('aria-describedby');
    expect(await b.locator(`[id="${describedBy}"]`).innerText()).toBe(
      `${asha.username} has requested your mobile number.`,
    );
    // Its answer lost on the way (approved all the same): no failure is said, since it was given.
    await loseFirstAnswer(b, '/api/request/status', 'PUT');
    await request.getByRole('button', { name: 'Approve' }).click();
    // The list reloads: the request is approved, so it now offers Revoke.
    await request.getByRole('button', { name: 'Revoke' }).waitFor();
    expect(await request.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await b.getByText(MESSAGES.generic).count()).toBe(0);
    await request.getByText('You approved: they can see your number.').waitFor();
    // The keyboard is not left on nothing, nor put on another answer a second Enter would press:
    // it goes to the request answered.
    const onRequest = () => request.evaluate((el) => el === document.activeElement);
    await expect.poll(onRequest).toBe(true);

    // A: told of the approval, the open profile shows the number in full at once (no poll).
    await expect.poll(() => phone.innerText(), { timeout: 15_000 }).toContain(bala.phone);
    expect(await a.getByRole('button', { name: 'Pending' }).count()).toBe(0);
    // Said, and the keyboard that was on Pending is on the number now.
    await a
      .getByRole('status')
      .filter({ hasText: 'Approved: their mobile number is shown.' })
      .waitFor();
    await expect.poll(() => phone.evaluate((el) => el === document.activeElement)).toBe(true);
    await a.screenshot({ path: '/tmp/boli-social-shown.png', fullPage: true });
    // Opened afresh with the number approved already, the profile leaves the focus alone.
    const again = await windowOf(asha);
    await visit(again, `/user_profile/${bala.userId}`);
    await expect.poll(() => again.getByTestId('profile-phone').innerText()).toContain(bala.phone);
    await again.waitForTimeout(500);
    expect(await again.evaluate(() => document.activeElement?.id)).not.toBe('profile-phone');
    await again.close();

    // B takes it back; told so, A's profile masks the number again and Show returns, waiting.
    await request.getByRole('button', { name: 'Revoke' }).click();
    await request.getByRole('button', { name: 'Approve' }).waitFor();
    await expect.poll(onRequest).toBe(true);
    // Approve and Reject again (section 4), and what was answered is said above them.
    await request.getByText('You took back your approval.').waitFor();
    await expect.poll(() => phone.innerText(), { timeout: 15_000 }).toContain(masked(bala.phone));
    const showAgain = a.getByRole('button', { name: 'Show', exact: true });
    await showAgain.waitFor();
    // Asking again at once would be another notification for B: Show waits a day, and says so,
    // naming the no for what it was (an approval taken back, not a refusal).
    await a
      .getByText(/^They no longer share their number with you\. You can ask again from .* IST\.$/)
      .waitFor();
    // It keeps the keyboard's reach, and says why to a screen reader; pressed, it asks nothing.
    expect(await showAgain.getAttribute('aria-disabled')).toBe('true');
    expect(await showAgain.getAttribute('aria-describedby')).toBe('mobile-request-ask-again');
    await showAgain.focus();
    await a.keyboard.press('Enter');
    expect(await a.getByRole('button', { name: 'Pending' }).count()).toBe(0);

    // A is told of the approval and of the revocation in their own menu.
    await a.clock.fastForward(LIMITS.notificationPollMs);
    await a.getByRole('button', { name: /^Notifications, \d+ new$/ }).click();
    await a
      .getByTestId('notification')
      .filter({ hasText: `${bala.username} no longer shares their mobile number with you.` })
      .waitFor();

    // Back closes B's panel, on the page (on a phone it covers the page).
    const panel = b.getByRole('dialog', { name: 'Notifications' });
    await b.goBack();
    await expect.poll(() => panel.count()).toBe(0);
    expect(new URL(b.url()).pathname).toBe(`/user_profile/${asha.userId}`);
    await bell.click();

    // B opens the review's notification: their own profile, with no review form, lists it.
    await b
      .getByRole('link', { name: `${asha.username} posted a review on your profile.` })
      .click();
    await b.waitForURL((url) => url.pathname === '/profile-me');
    await b.getByTestId('review').first().waitFor();
    // At its reviews, which the page scrolls to once they are in (below the profile's details).
    expect(new URL(b.url()).hash).toBe('#reviews');
    await expect
      .poll(() =>
        b.locator('#reviews').evaluate((section) => {
          const { top } = section.getBoundingClientRect();
          return top >= 0 && top < window.innerHeight;
        }),
      )
      .toBe(true);
    expect(await b.getByLabel('Write a review').count()).toBe(0);
    expect(await b.getByRole('button', { name: 'Show', exact: true }).count()).toBe(0);
    // On a phone the reviewer's name is a finger's target, and the avatar beside it leads to the
    // same profile; a detail has the width under its label, so the email is not broken.
    await b.setViewportSize(PHONE);
    const written = b.getByTestId('review').first();
    const reviewer = written.getByRole('link', { name: asha.username, exact: true });
    expect((await reviewer.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    expect(await written.locator(`a[href="/user_profile/${asha.userId}"]`).count()).toBe(2);
    expect(await b.getByText(bala.email, { exact: true }).evaluate(textLinesOf)).toBe(1);
    await b.setViewportSize({ width: 1280, height: 900 });
    // The page opened took the panel's place: Back goes to the page it was opened on.
    await b.goBack();
    await b.waitForURL((url) => url.pathname === `/user_profile/${asha.userId}`);
    expect(await panel.count()).toBe(0);
  }, 240_000);
});

describe('a request answered on the asker’s profile', () => {
  it('B opens A’s request from its email and answers it there; the bell follows, and back', async () => {
    const [asha, bala] = await Promise.all([
      createMember(app, { address: false }),
      createMember(app, { address: false }),
    ]);
    await askForNumber(app, asha, bala);
    // The email's link opens the asker's profile.
    const link = await fromMailbox(app, bala.email, new RegExp(`\\S+/user_profile/${asha.userId}`));
    const b = await windowOf(bala);
    await visit(b, link);
    const asks = b.getByRole('region', {
      name: new RegExp(`^${asha.username} has requested your mobile number\\.`),
    });
    await b.screenshot({ path: '/tmp/boli-social-incoming.png' });
    await asks.getByRole('button', { name: 'Approve' }).click();
    await asks.getByText('You approved: they can see your number.').waitFor();
    // The button pressed is gone: the keyboard is on the answered request, not on Revoke.
    await expect.poll(() => asks.evaluate((el) => el === document.activeElement)).toBe(true);
    const seen = await api(app, `/api/user/id?user_id=${bala.userId}`, { token: asha.token });
    expect((seen.body.data as { phone: string }).phone).toBe(bala.phone);

    // The bell in the same tab reads it as answered, and a Revoke there shows on the profile.
    await b.getByRole('button', { name: /^Notifications, \d+ new$/ }).click();
    const request = b
      .getByTestId('notification')
      .filter({ hasText: `${asha.username} has requested your mobile number.` });
    await request.getByRole('button', { name: 'Revoke' }).click();
    await request.getByText('You took back your approval.').waitFor();
    await b.keyboard.press('Escape');
    await asks.getByText('You took back your approval.').waitFor();
    await asks.getByRole('button', { name: 'Approve' }).waitFor();

    // A member asked nothing by A sees no such panel on A's profile.
    const chetan = await createMember(app, { address: false });
    const c = await windowOf(chetan);
    await visit(c, `/user_profile/${asha.userId}`);
    await c.getByTestId('profile-phone').waitFor();
    expect(await c.getByRole('region', { name: /has requested your mobile number/ }).count()).toBe(
      0,
    );
  }, 180_000);
});

describe('another member’s profile on a phone', () => {
  it('takes the reader past the member’s ads to the reviews, long ones folded; Back closes an enlarged picture', async () => {
    const [asha, bala] = await Promise.all([
      createMember(app, { address: false }),
      createMember(app, { address: true }),
    ]);
    for (const itemName of ['Brass lamp', 'Copper pot', 'Teak stool', 'Clay lamp']) {
      await postAd(app, bala, { itemName });
    }
    const long = `${'Every word of this review counts. '.repeat(28)}Last line.`;
    for (const text of [long, 'Short and sweet.']) {
      const posted = await api(app, '/api/review/', {
        json: { userId: bala.userId, text },
        token: asha.token,
      });
      expect(posted.status).toBe(200);
    }
    const a = await windowOf(asha);
    await a.setViewportSize(PHONE);
    await visit(a, `/user_profile/${bala.userId}`);
    await a.getByText('Clay lamp').first().waitFor();
    const headingShown = `(() => {
      const box = document.getElementById('reviews-heading').getBoundingClientRect();
      return box.top >= 0 && box.bottom <= window.innerHeight;
    })()`;
    // Under the member's ads, the reviews are screens down; Reviews, beside the name, goes there.
    expect(await a.evaluate(headingShown)).toBe(false);
    await a.getByRole('button', { name: 'Reviews', exact: true }).click();
    await expect.poll(() => a.evaluate(headingShown)).toBe(true);
    expect(await a.evaluate(() => document.activeElement?.id)).toBe('reviews-heading');
    await a.getByLabel('Write a review').waitFor();

    // A long review ends at eight lines with Show more, which shows it whole; a short one is whole.
    const reviews = a.getByTestId('review');
    const longOne = reviews.filter({ hasText: 'Last line.' });
    const heightOf = async () => (await longOne.boundingBox())!.height;
    const shut = await heightOf();
    expect(shut).toBeLessThan(400);
    await longOne.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(heightOf).toBeGreaterThan(shut + 200);
    await longOne.getByRole('button', { name: 'Show less' }).click();
    await expect.poll(heightOf).toBe(shut);
    const shortOne = reviews.filter({ hasText: 'Short and sweet.' });
    expect(await shortOne.getByRole('button', { name: 'Show more' }).count()).toBe(0);

    // The top bar's picture, enlarged, covers the page: Back closes it, and stays on the page.
    await a.getByRole('button', { name: `Enlarge ${asha.username}'s picture` }).click();
    const picture = a.getByRole('dialog', { name: `${asha.username}'s picture` });
    await picture.waitFor();
    await dialogOwnsBack(a);
    await a.goBack();
    await expect.poll(() => picture.count()).toBe(0);
    expect(new URL(a.url()).pathname).toBe(`/user_profile/${bala.userId}`);
  }, 120_000);
});

describe('a review changed after it was posted', () => {
  it('its writer rewrites and deletes it; the member it is about cannot; support can', async () => {
    const [asha, bala, shalini] = await Promise.all([
      createMember(app, { address: false }),
      createMember(app, { address: false }),
      createMember(app, { address: false }),
    ]);
    const support = await grantRoles(app, shalini, ['support']);
    for (const text of ['Slow to answer, but honest.', 'Packed the lens with care.']) {
      const posted = await api(app, '/api/review/', {
        json: { userId: bala.userId, text },
        token: asha.token,
      });
      expect(posted.status).toBe(200);
    }

    // The writer: Edit and Delete on each of their reviews.
    const a = await windowOf(asha);
    const ashasDeletes = deleteAnswersOf(a);
    await visit(a, `/user_profile/${bala.userId}`);
    const slow = a.getByTestId('review').filter({ hasText: 'Slow to answer' });
    await slow.getByRole('button', { name: /^Edit/ }).click();
    const box = a.getByLabel('Your review', { exact: true });
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
    // Emptied, it is refused with the words of a new review, and kept open.
    await box.fill('  ');
    await a.getByRole('button', { name: 'Save' }).click();
    await a.getByText(MESSAGES.reviewTextRequired).waitFor();
    // Written again, the refusal goes as it is typed, not at the next Save.
    await box.fill('Fine now');
    await a.getByText(MESSAGES.reviewTextRequired).waitFor({ state: 'detached' });
    expect(await box.getAttribute('aria-invalid')).toBe('false');
    // Past the limit (a paste, say), nothing is cut off: it says so at once, and Save is refused
    // with the same words, the text still whole for the member to shorten.
    const tooLong = `${'Long story. '.repeat(84)}The end.`;
    await box.fill(tooLong);
    await a.getByText(`${MESSAGES.reviewTooLong} (1016 / 1000 characters)`).waitFor();
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    await a.getByRole('button', { name: 'Save' }).click();
    await a.getByRole('alert').filter({ hasText: MESSAGES.reviewTooLong }).waitFor();
    expect(await box.inputValue()).toBe(tooLong);
    // Cancel leaves the text as it was and gives the keyboard back to Edit.
    await a.getByRole('button', { name: 'Cancel' }).click();
    expect(await slow.innerText()).toContain('Slow to answer, but honest.');
    await expect.poll(() => a.evaluate(() => document.activeElement?.textContent)).toBe('Edit');
    // Escape does as Cancel does.
    await slow.getByRole('button', { name: /^Edit/ }).click();
    await a.getByLabel('Your review', { exact: true }).fill('Not this');
    await a.keyboard.press('Escape');
    await a.getByLabel('Your review', { exact: true }).waitFor({ state: 'detached' });
    expect(await slow.innerText()).toContain('Slow to answer, but honest.');
    await slow.getByRole('button', { name: /^Edit/ }).click();
    await a
      .getByLabel('Your review', { exact: true })
      .fill('Answered within the hour, and honest.');
    await a.getByRole('button', { name: 'Save' }).click();
    await a.getByRole('dialog', { name: MESSAGES.reviewUpdated }).waitFor();
    await a.getByRole('button', { name: 'OK' }).click();
    const rewritten = a.getByTestId('review').filter({ hasText: 'Answered within the hour' });
    await expect.poll(() => rewritten.innerText()).toContain('edited');

    // Delete asks first; Keep it keeps it.
    const lens = a.getByTestId('review').filter({ hasText: 'Packed the lens' });
    await lens.getByRole('button', { name: /^Delete/ }).click();
    await a.getByRole('dialog', { name: 'Delete this review?' }).waitFor();
    await a.getByRole('button', { name: 'Keep it' }).click();
    await a.getByRole('dialog', { name: 'Delete this review?' }).waitFor({ state: 'hidden' });
    expect(await lens.count()).toBe(1);
    await lens.getByRole('button', { name: /^Delete/ }).click();
    await a
      .getByRole('dialog', { name: 'Delete this review?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await reviewDeletedIn(a, ashasDeletes);
    await a.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => lens.count()).toBe(0);

    // The member it is about: told of the rewrite; no Edit or Delete on their own profile.
    const b = await windowOf(bala);
    await visit(b, '/profile-me');
    await b.getByTestId('review').filter({ hasText: 'Answered within the hour' }).waitFor();
    expect(await b.getByRole('button', { name: /^(Edit|Delete)/ }).count()).toBe(0);
    // A review posted meanwhile shows on the open profile with its notification, unreloaded
    // (then its writer takes it back, for what follows).
    const second = 'Came back for a second lens.';
    const added = await api(app, '/api/review/', {
      json: { userId: bala.userId, text: second },
      token: asha.token,
    });
    expect(added.status).toBe(200);
    await b.getByTestId('review').filter({ hasText: second }).waitFor();
    const addedId = (added.body.data as { _id: string; text: string }[]).find(
      (review) => review.text === second,
    )!._id;
    const removed = await api(app, '/api/review/delete', {
      json: { reviewId: addedId },
      token: asha.token,
    });
    expect(removed.status).toBe(200);
    // A deletion notifies nobody: the open profile lets the review go once it is looked at again.
    await b.evaluate(BACK_INTO_VIEW);
    await b.getByTestId('review').filter({ hasText: second }).waitFor({ state: 'detached' });
    const notes = (await api(app, '/api/notification', { token: bala.token })).body.data as {
      message: string;
    }[];
    expect(notes.map((note) => note.message)).toContain(
      `${asha.username} changed their review on your profile.`,
    );

    // Support: Delete on anyone's review, no Edit.
    const s = await windowOf(support);
    const supportsDeletes = deleteAnswersOf(s);
    await visit(s, `/user_profile/${bala.userId}`);
    const theirs = s.getByTestId('review').filter({ hasText: 'Answered within the hour' });
    await theirs.waitFor();
    expect(await theirs.getByRole('button', { name: /^Edit/ }).count()).toBe(0);
    await theirs
      .getByRole('button', { name: `Delete the review by ${asha.username}`, exact: false })
      .click();
    const ask = s.getByRole('dialog', { name: 'Delete this review?' });
    expect(await ask.innerText()).toContain(`The review by ${asha.username} will no longer show`);
    await ask.getByRole('button', { name: 'Delete' }).click();
    await reviewDeletedIn(s, supportsDeletes);
    await s.getByRole('button', { name: 'OK' }).click();
    await s.getByText('No reviews yet').waitFor();
  }, 240_000);
});

describe('many reviews', () => {
  it('shows a page of them, and More reviews the next, till there are no more', async () => {
    const [asha, bala] = await Promise.all([
      createMember(app, { address: false }),
      createMember(app, { address: false }),
    ]);
    const count = LIMITS.reviewPageSize + 1;
    for (let n = 1; n <= count; n += 1) {
      const text = `Deal number ${n} went well.`;
      await api(app, '/api/review/', { json: { userId: bala.userId, text }, token: asha.token });
    }
    const a = await windowOf(asha);
    await visit(a, `/user_profile/${bala.userId}`);
    const reviews = a.getByTestId('review');
    await expect.poll(() => reviews.count()).toBe(LIMITS.reviewPageSize);
    await a.getByRole('button', { name: 'More reviews' }).click();
    await expect.poll(() => reviews.count()).toBe(count);
    expect(await reviews.last().innerText()).toContain('Deal number 1 went well.');
    await expect.poll(() => a.getByRole('button', { name: 'More reviews' }).count()).toBe(0);
    // The button gone with the last page, the keyboard is on the first review it brought.
    await expect.poll(() => a.evaluate(() => document.activeElement?.id)).toMatch(/^review-name-/);

    // Rewritten on the second page, the review stays in its place with the list as it was,
    // and the keyboard comes back to its Edit once the success is said.
    const oldest = reviews.filter({ hasText: 'Deal number 1 went well.' });
    await oldest.getByRole('button', { name: /^Edit/ }).click();
    await a
      .getByLabel('Your review', { exact: true })
      .fill('Deal number 1, looking back, was fine.');
    await a.getByRole('button', { name: 'Save' }).click();
    await a.getByRole('dialog', { name: MESSAGES.reviewUpdated }).waitFor();
    await a.getByRole('button', { name: 'OK' }).click();
    const rewritten = reviews.filter({ hasText: 'Deal number 1, looking back, was fine.' });
    await rewritten.waitFor();
    expect(await reviews.count()).toBe(count);
    await expect.poll(() => a.evaluate(() => document.activeElement?.id)).toMatch(/^review-edit-/);
    expect(await rewritten.getByRole('button', { name: /^Edit/ }).getAttribute('id')).toBe(
      await a.evaluate(() => document.activeElement?.id),
    );

    // A second tab, left open since before: its rewrite of a review changed meanwhile is refused,
    // not saved over the newer text unseen. Its words stay in the editor, beside the review as it
    // now reads, and Save then puts them in its place.
    const stale = await windowOf(asha);
    await visit(stale, `/user_profile/${bala.userId}`);
    const second = stale.getByTestId('review').filter({ hasText: 'Deal number 2 went well.' });
    await second.waitFor();
    const current = reviews.filter({ hasText: 'Deal number 2 went well.' });
    await current.getByRole('button', { name: /^Edit/ }).click();
    await a.getByLabel('Your review', { exact: true }).fill('Deal number 2: the newest words.');
    await a.getByRole('button', { name: 'Save' }).click();
    await a.getByRole('dialog', { name: MESSAGES.reviewUpdated }).waitFor();
    await second.getByRole('button', { name: /^Edit/ }).click();
    await stale.getByLabel('Your review', { exact: true }).fill('Deal number 2: stale words.');
    await stale.getByRole('button', { name: 'Save' }).click();
    await stale.getByText(MESSAGES.reviewChanged).waitFor();
    await stale
      .getByTestId('review-now')
      .filter({ hasText: 'Deal number 2: the newest words.' })
      .waitFor();
    expect(await stale.getByLabel('Your review', { exact: true }).inputValue()).toBe(
      'Deal number 2: stale words.',
    );
    await stale.getByRole('button', { name: 'Save' }).click();
    await stale.getByRole('dialog', { name: MESSAGES.reviewUpdated }).waitFor();
    await stale.getByTestId('review').filter({ hasText: 'Deal number 2: stale words.' }).waitFor();
    expect(await stale.getByText('Deal number 2: the newest words.').count()).toBe(0);
  }, 120_000);
});

describe('the contact form', () => {
  it('refuses each wrong field with its message, then sends and acknowledges by email', async () => {
    const page = await windowOf();
    // The list of countries comes only after the first refusal, as on a slow line.
    let countriesMayCome!: () => void;
    const countriesHeld = new Promise<void>((resolve) => (countriesMayCome = resolve));
    const isCountries = (url: URL) => url.pathname === '/api/address/getCountry';
    await page.route(isCountries, async (route) => {
      await countriesHeld;
      await route.fallback();
    });
    await visit(page, '/contactus');
    await page.getByRole('heading', { name: 'Contact Us' }).waitFor();
    const submit = page.getByRole('button', { name: 'Submit' });
    const alert = page.getByRole('alert');

    await submit.click();
    await expect.poll(() => alert.innerText()).toBe(MESSAGES.contactAllDetails);
    // Every empty field is marked, and the focus is on the first one that takes typing.
    expect(await page.locator('[aria-invalid="true"]:not([aria-hidden="true"])').count()).toBe(7);
    // …and says so under itself, which a screen reader reads with the field.
    const firstName = page.getByLabel(/^First name/);
    const describedBy = await firstName.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe(MESSAGES.cannotBeBlank);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid')))
      .toBe('true');
    // The countries arriving then leave the focus where the refusal put it.
    const focused = () => page.evaluate(() => document.activeElement?.id);
    const fieldToFix = await focused();
    const countriesCame = page.waitForResponse((answer) => isCountries(new URL(answer.url())));
    countriesMayCome();
    await countriesCame;
    await page.waitForTimeout(200);
    expect(await focused()).toBe(fieldToFix);

    const email = `guest${Date.now()}@example.in`;
    await page.getByRole('combobox', { name: 'Country' }).click();
    await page.getByRole('option', { name: 'India', exact: true }).click();
    await page.getByLabel(/^First name/).fill('Guest');
    await page.getByLabel(/^Last name/).fill('Visitor');
    await page.getByLabel(/^Email/).fill('guest@');
    await page.getByLabel(/^Mobile number/).fill('98765');
    await page.getByRole('combobox', { name: 'Subject' }).click();
    await page.getByRole('option', { name: 'Inquiry' }).click();
    await page.getByLabel(/^Description/).fill('How do Hidden bids work?');
    // The summary followed the fields as they were filled: all are, and the email is what is left.
    await expect.poll(() => alert.innerText()).toBe(MESSAGES.invalidEmail);

    const refusedWith = async (message: string) => {
      await submit.click();
      await expect.poll(() => alert.innerText()).toBe(message);
    };
    await refusedWith(MESSAGES.invalidEmail);
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Mobile number/).fill('98765abc');
    await refusedWith(MESSAGES.digitsOnly);
    await page.getByLabel(/^Mobile number/).fill('98765432109');
    await refusedWith(MESSAGES.contactMobileTooLong);
    // Pasted with its dial code and spaces, the number keeps its 10 digits.
    await page.getByLabel(/^Mobile number/).fill('+91 98765 43210');
    expect(await page.getByLabel(/^Mobile number/).inputValue()).toBe('9876543210');
    await page.getByLabel(/^Description/).fill('x'.repeat(150));
    await refusedWith(MESSAGES.contactDescriptionTooLong);
    await page.getByLabel(/^Description/).fill('How do Hidden bids work?');
    await page.getByLabel(/^First name/).fill('');
    await refusedWith(MESSAGES.contactAllDetails);
    await page.getByLabel(/^First name/).fill('Guest');
    // A message being written outlives a reload: kept in the tab till sent.
    await page.reload();
    await expect
      .poll(() => page.getByLabel(/^Description/).inputValue())
      .toBe('How do Hidden bids work?');
    expect(await page.getByLabel(/^Email/).inputValue()).toBe(email);

    // Sent offline, the form says so while offline, and takes it back once the connection is.
    await page.context().setOffline(true);
    await refusedWith(MESSAGES.offline);
    await page.context().setOffline(false);
    await alert.filter({ hasText: MESSAGES.offline }).waitFor({ state: 'detached' });

    await submit.click();
    await page.getByRole('dialog', { name: MESSAGES.contactSent }).waitFor();
    await page.screenshot({ path: '/tmp/boli-social-contact.png', fullPage: true });
    expect(await fromMailbox(app, email, /We received your message: Inquiry/)).toBeTruthy();
    // Sent, it is not kept: the form opens empty again.
    await page.reload();
    await page.getByRole('heading', { name: 'Contact Us' }).waitFor();
    expect(await page.getByLabel(/^Description/).inputValue()).toBe('');
  }, 120_000);

  it('is in a member’s menu, whose top bar has no Contact Us, and knows who writes', async () => {
    const member = await createMember(app, { address: false });
    const page = await windowOf(member);
    await visit(page, '/settings');
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('link', { name: 'Contact Us' }).count()).toBe(0);
    await banner.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('menuitem', { name: 'Contact Us' }).click();
    await page.getByRole('heading', { name: 'Contact Us' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/contactus');
    // The member's own email and mobile are filled in from their profile.
    await expect.poll(() => page.getByLabel(/^Email/).inputValue()).toBe(member.email);
    expect(await page.getByLabel(/^Mobile number/).inputValue()).toBe(member.phone);
    expect(await page.getByLabel(/^First name/).inputValue()).not.toBe('');
  });
});
