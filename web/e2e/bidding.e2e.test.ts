import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MESSAGES } from '@boli/engine/shared/messages';
import { launchBrowser } from '../../ops/src/testing/browser.ts';
import { startApp, type TestApp } from '../../ops/src/testing/app.ts';

/*
 * The bid area of the ad detail page against the real api, socket and expiry timer, with two
 * browsers side by side: the owner of an ad and a bidder. The bidder bids and the owner sees it
 * arrive over the socket (the list refresh is cut off, so nothing else could bring it); the owner
 * makes a final call a few seconds ahead, both see the countdown, then 'Bidding Closed'.
 * Members are signed up and verified over the api, through the email and SMS sandboxes, and the
 * ad is posted over the api (contracts.md) with a small generated JPEG.
 */

let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

// ---------------------------------------------------------------------------------------------
// The api, from the test's side

type Answer = { status: number; body: { data?: unknown; msg?: string; error?: boolean } };

async function api(
  path: string,
  { json, form, token }: { json?: unknown; form?: FormData; token?: string } = {},
): Promise<Answer> {
  const response = await fetch(new URL(path, app.baseUrl), {
    method: json === undefined && form === undefined ? 'GET' : 'POST',
    headers: {
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: json !== undefined ? JSON.stringify(json) : form,
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const dataOf = (answer: Answer): Record<string, unknown> =>
  (answer.body.data ?? {}) as Record<string, unknown>;

/** The first match of `pattern` in a message the sandboxes received for `to` (waits 15 s). */
async function fromMailbox(to: string, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = await api(`/dev/api/mailbox?to=${encodeURIComponent(to)}`);
    const entries = Array.isArray(answer.body.data) ? answer.body.data : [];
    for (const entry of entries as { subject?: string; text?: string }[]) {
      const found = `${entry.subject ?? ''}\n${entry.text ?? ''}`.match(pattern)?.[0];
      if (found) return found;
    }
    if (Date.now() > deadline) throw new Error(`nothing matching ${pattern} was sent to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** 'What is 7 + 5?' → '12'. */
function answerCaptcha(question: string): string {
  const match = /(\d+)\s*([+\-x×*])\s*(\d+)/.exec(question);
  if (!match) throw new Error(`cannot read the captcha question '${question}'`);
  const [a, op, b] = [Number(match[1]), match[2], Number(match[3])];
  return String(op === '+' ? a + b : op === '-' ? a - b : a * b);
}

type Member = {
  username: string;
  email: string;
  phone: string;
  password: string;
  bidAlias: string;
  userId: string;
  token: string;
  refreshToken: string;
};

/** A lower-case username and an upper-case alias, so no 3 characters of the name repeat. */
function newPerson(prefix: string) {
  const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
  const username = `${prefix}${digits.slice(0, 6)}`;
  const letters = Array.from(digits.slice(0, 5), (d, i) =>
    String.fromCharCode(65 + ((Number(d) * 7 + i) % 26)),
  );
  return {
    username,
    email: `${username}@example.in`,
    phone: `9${digits}${Math.floor(Math.random() * 10)}`,
    password: 'Kite#2468',
    bidAlias: `BK${letters.join('')}`,
  };
}

/** Signs up, follows the email link and verifies the phone: a member with full access. */
async function verifiedMember(prefix: string): Promise<Member> {
  const person = newPerson(prefix);
  const captcha = dataOf(await api('/api/auth/captcha'));
  const signup = await api('/api/auth/signup', {
    json: {
      firstname: 'Asha',
      lastname: 'Rao',
      email: person.email,
      username: person.username,
      bidAlias: person.bidAlias,
      password: person.password,
      confirmPassword: person.password,
      gender: 'Female',
      dob: '12-04-1990',
      phone: person.phone,
      phoneCode: '+91',
      country: 'India',
      termsOfServicesCheckBox: 'true',
      captchaId: captcha.captchaId,
      captchaAnswer: answerCaptcha(String(captcha.question)),
    },
  });
  expect(signup.status, JSON.stringify(signup.body)).toBe(200);
  const { userId, validationJWT } = dataOf(signup) as { userId: string; validationJWT: string };
  const link = await fromMailbox(person.email, /\/email-verify\/[^\s"'<>]+/);
  const q = link.split('/').pop() ?? '';
  expect((await api(`/api/auth/emailValidate?user_id=${encodeURIComponent(q)}`)).status).toBe(200);
  const sent = await api('/api/auth/signin/otp/phone/send', {
    json: { username: person.username },
    token: validationJWT,
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const otp = await fromMailbox(`+91${person.phone}`, /\b\d{6}\b/);
  const verified = await api('/api/auth/signin/otp/phone/verify', {
    json: { username: person.username, otp },
    token: validationJWT,
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const tokens = dataOf(verified) as { token: string; refreshToken: string };
  return { ...person, userId: String(userId), ...tokens };
}

/** Posting an ad needs the profile's address (section 2). */
async function fillAddress(member: Member): Promise<void> {
  const edited = await api('/api/user/editProfile', {
    token: member.token,
    json: {
      username: member.username,
      firstname: 'Asha',
      lastname: 'Rao',
      bidAlias: member.bidAlias,
      houseno: '12',
      street: 'MG Road',
      city: 'Pune',
      neighbourHood: 'Kothrud',
      district: 'Pune',
      state: 'Maharashtra',
      country: 'India',
      pincode: '411038',
      dob: '12-04-1990',
      gender: 'Female',
    },
  });
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
}

/** POST /api/posts/ (multipart) with one generated photo; answers the ad's id. */
async function postAd(owner: Member): Promise<string> {
  const photo = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 95, g: 47, b: 157 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  const fields = {
    itemName: 'Used phone for bids',
    categoryname: 'Mobiles',
    subcategory: 'Mobile Phones',
    price: '25000',
    description: 'A phone in good condition.',
    displayPhone: 'false',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('media', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'phone.jpg');
  const posted = await api('/api/posts/', { token: owner.token, form });
  expect(posted.status, JSON.stringify(posted.body)).toBe(200);
  return String(dataOf(posted)._id);
}

// ---------------------------------------------------------------------------------------------
// The browser

async function openAs(member: Member): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
  await context.addInitScript(
    (entries: Record<string, string>) => {
      for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
    },
    {
      jwt: member.token,
      refreshToken: member.refreshToken,
      userId: member.userId,
      username: member.username,
    },
  );
  return { context, page: await context.newPage() };
}

const bidArea = (page: Page) => page.getByRole('region', { name: 'Bids on this ad' });

/**
 * Stops the page's list refresh (GET /api/bid/bids/): from then on only the socket can bring
 * news to it.
 */
const cutListRefresh = (page: Page) =>
  page.route(
    (url) => url.pathname.startsWith('/api/bid/bids'),
    (route) => route.abort(),
  );

/** A `datetime-local` value `seconds` from now, in the browser's own time zone. */
const localDateTimeIn = (page: Page, seconds: number): Promise<string> =>
  page.evaluate((ahead) => {
    const at = new Date(Date.now() + ahead * 1000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const day = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
    return `${day}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
  }, seconds);

// ---------------------------------------------------------------------------------------------

describe('bidding on an ad, live', () => {
  it('the owner sees a bid arrive, makes a final call, and both see it close', async () => {
    const [owner, bidder] = await Promise.all([verifiedMember('own'), verifiedMember('bid')]);
    await fillAddress(owner);
    const adId = await postAd(owner);

    const ownerSide = await openAs(owner);
    const bidderSide = await openAs(bidder);
    const ownerPage = ownerSide.page;
    const bidderPage = bidderSide.page;
    await ownerPage.goto(new URL(`/ads/${adId}`, app.baseUrl).href);
    await bidArea(ownerPage).getByText(MESSAGES.noBidsPosted).waitFor();
    // Final Call is disabled while there are no bids before the final call.
    const finalCall = bidArea(ownerPage).getByRole('button', { name: 'Final Call' });
    expect(await finalCall.isDisabled()).toBe(true);
    await bidArea(ownerPage).getByRole('button', { name: 'Close Bid' }).waitFor();
    // The owner gets no bid form.
    expect(await bidArea(ownerPage).getByRole('button', { name: 'Bid', exact: true }).count()).toBe(
      0,
    );

    await bidderPage.goto(new URL(`/ads/${adId}`, app.baseUrl).href);
    const form = bidArea(bidderPage).getByRole('form', { name: 'Place a bid' });
    await form.waitFor();
    // Both are watching: the socket counts them.
    await bidArea(ownerPage).getByText('2 online').waitFor();
    await cutListRefresh(ownerPage);

    // The alias starts as the member's own; a bid needs a type and an amount.
    const alias = form.getByLabel('Bid alias');
    await expect.poll(() => alias.inputValue()).toBe(bidder.bidAlias);
    await form.getByRole('button', { name: 'Bid', exact: true }).click();
    await form.getByText(MESSAGES.enterAllBidDetails).waitFor();
    const amount = form.getByLabel('Amount (₹)');
    await amount.fill('-25');
    expect(await amount.inputValue()).toBe('');
    await amount.fill('1500');
    await form.getByRole('combobox', { name: 'Type' }).click();
    await bidderPage.getByRole('option', { name: 'Open', exact: true }).click();
    // An alias with 3 characters of the login name is refused before it is sent.
    await alias.fill(bidder.username.slice(0, 4));
    await form.getByRole('button', { name: 'Bid', exact: true }).click();
    await form.getByText(MESSAGES.bidAliasContainsUsername).waitFor();
    await alias.fill(bidder.bidAlias);
    await form.getByRole('button', { name: 'Bid', exact: true }).click();
    const posted = bidderPage.getByRole('dialog', { name: MESSAGES.bidPosted });
    await posted.waitFor();
    await posted.getByRole('button', { name: 'OK' }).click();
    await bidArea(bidderPage).getByRole('row').filter({ hasText: bidder.bidAlias }).waitFor();

    // The owner sees it without a reload, with the bidder's name linking to the profile.
    const row = bidArea(ownerPage).getByTestId('bid-row').first();
    await row.getByRole('link', { name: bidder.username }).waitFor({ timeout: 8_000 });
    expect(await row.getByRole('link', { name: bidder.username }).getAttribute('href')).toBe(
      `/user_profile/${bidder.userId}`,
    );
    expect(await row.innerText()).toContain('₹1,500');
    expect(await row.getByText('O', { exact: true }).count()).toBe(1); // an Open bid
    await ownerPage.screenshot({ path: '/tmp/boli-bid-owner.png', fullPage: true });

    // A guest sees the bids (aliases only) and is asked to log in to bid.
    const guest = await browser.newContext();
    const guestPage = await guest.newPage();
    await guestPage.goto(new URL(`/ads/${adId}`, app.baseUrl).href);
    await bidArea(guestPage).getByRole('row').filter({ hasText: bidder.bidAlias }).waitFor();
    expect(await bidArea(guestPage).getByRole('link', { name: bidder.username }).count()).toBe(0);
    await bidArea(guestPage).getByRole('button', { name: 'Bid', exact: true }).click();
    await guestPage.getByRole('dialog', { name: MESSAGES.loginRequired }).waitFor();
    await guest.close();

    // The final call, a few seconds ahead.
    await cutListRefresh(bidderPage);
    await expect.poll(() => finalCall.isEnabled()).toBe(true);
    await finalCall.click();
    const picker = ownerPage.getByRole('dialog', { name: 'Final Call' });
    await picker.getByLabel(/^Bidding closes at/).fill(await localDateTimeIn(ownerPage, 12));
    await picker.getByRole('button', { name: 'Make Final Call' }).click();
    const done = ownerPage.getByRole('dialog', { name: MESSAGES.finalCallDone });
    await done.waitFor();
    await done.getByRole('button', { name: 'OK' }).click();
    expect(await finalCall.count()).toBe(0); // hidden once made

    // Both count down — the bidder learns of the final call over the socket.
    for (const page of [ownerPage, bidderPage]) {
      const timer = bidArea(page).getByRole('timer', { name: 'Bid Closes in' });
      await timer.waitFor({ timeout: 8_000 });
      const first = await timer.getByTestId('countdown-seconds').innerText();
      await expect
        .poll(() => timer.getByTestId('countdown-seconds').innerText(), { timeout: 4_000 })
        .not.toBe(first);
    }
    await bidderPage.screenshot({ path: '/tmp/boli-bid-countdown.png', fullPage: true });

    // Then bidding closes on both screens, without a reload.
    for (const page of [ownerPage, bidderPage]) {
      await bidArea(page).getByText(MESSAGES.biddingClosed).waitFor({ timeout: 20_000 });
      expect(await bidArea(page).getByRole('timer').count()).toBe(0);
    }
    expect(await form.count()).toBe(0);
    expect(await bidArea(ownerPage).getByRole('button', { name: 'Close Bid' }).count()).toBe(0);

    // And it stays closed for anyone who opens the ad afterwards.
    await bidderPage.unrouteAll();
    await bidderPage.reload();
    await bidArea(bidderPage).getByText(MESSAGES.biddingClosed).waitFor();
    expect(await bidArea(bidderPage).getByRole('form', { name: 'Place a bid' }).count()).toBe(0);
    await bidderPage.screenshot({ path: '/tmp/boli-bid-closed.png', fullPage: true });

    await ownerSide.context.close();
    await bidderSide.context.close();
    // Two sign-ups through the sandboxes, a final call and its expiry: longer than the tier's default.
  }, 180_000);
});
