import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { launchBrowser } from '../../ops/src/testing/browser.ts';
import { startApp, type TestApp } from '../../ops/src/testing/app.ts';

/*
 * Reviews, the mobile-number consent between two members, the notification menu and the contact
 * form, in Chromium against the whole app. Members sign up through the api and the sandboxes
 * (email link and OTP read from the dev mailbox), as in accounts.e2e.test.ts.
 */

let app: TestApp;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
}, 300_000);

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  await app?.stop();
});

// ---------------------------------------------------------------------------------------------
// Members, through the api and the dev mailbox

type MailboxEntry = { subject?: string; text?: string };

async function mailbox(to: string): Promise<MailboxEntry[]> {
  const response = await fetch(
    new URL(`/dev/api/mailbox?to=${encodeURIComponent(to)}`, app.baseUrl),
  );
  const body = (await response.json()) as unknown;
  const list = Array.isArray(body) ? body : (body as { data?: unknown }).data;
  return Array.isArray(list) ? (list as MailboxEntry[]) : [];
}

async function fromMailbox(to: string, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    for (const entry of await mailbox(to)) {
      const found = `${entry.subject ?? ''}\n${entry.text ?? ''}`.match(pattern)?.[0];
      if (found) return found;
    }
    if (Date.now() > deadline) throw new Error(`nothing matching ${pattern} was sent to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

type Answer = { status: number; body: Record<string, unknown> };

async function call(path: string, json?: unknown, token?: string): Promise<Answer> {
  const response = await fetch(new URL(path, app.baseUrl), {
    method: json === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function answerCaptcha(question: string): string {
  const match = /(\d+)\s*([+\-x×*])\s*(\d+)/.exec(question);
  if (!match) throw new Error(`cannot read the captcha question '${question}'`);
  const [a, op, b] = [Number(match[1]), match[2], Number(match[3])];
  return String(op === '+' ? a + b : op === '-' ? a - b : a * b);
}

type Person = {
  userId: string;
  username: string;
  phone: string;
  token: string;
  refreshToken: string;
};

/** A member with full access: signed up, email link followed, phone OTP entered. */
async function fullMember(prefix: string): Promise<Person> {
  const digits = String(Math.floor(Math.random() * 1e9)).padStart(9, '0');
  const username = `${prefix}${digits.slice(0, 6)}`;
  const email = `${username}@example.in`;
  const phone = `9${digits}`;
  const password = 'Kite#2468';
  const captcha = (await call('/api/auth/captcha')).body.data as {
    captchaId: string;
    question: string;
  };
  const signup = await call('/api/auth/signup', {
    firstname: prefix,
    lastname: 'Rao',
    email,
    username,
    bidAlias: `ZQ${digits.slice(0, 5).replace(/\d/g, (d) => String.fromCharCode(65 + Number(d)))}`,
    password,
    confirmPassword: password,
    gender: 'Female',
    dob: '12-04-1990',
    phone,
    phoneCode: '+91',
    country: 'India',
    termsOfServicesCheckBox: 'true',
    captchaId: captcha.captchaId,
    captchaAnswer: answerCaptcha(captcha.question),
  });
  expect(signup.status, JSON.stringify(signup.body)).toBe(200);
  const link = await fromMailbox(email, /\/email-verify\/[^\s"'<>]+/);
  const q = link.split('/').pop() ?? '';
  expect((await call(`/api/auth/emailValidate?user_id=${encodeURIComponent(q)}`)).status).toBe(200);
  const signin = await call('/api/auth/signin', { username, password });
  const validationJWT = String(signin.body.validationJWT ?? '');
  expect(validationJWT).not.toBe('');
  expect((await call('/api/auth/signin/otp/phone/send', { username }, validationJWT)).status).toBe(
    200,
  );
  const otp = await fromMailbox(`+91${phone}`, /\b\d{6}\b/);
  const verified = await call(
    '/api/auth/signin/otp/phone/verify',
    { username, otp },
    validationJWT,
  );
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const session = verified.body.data as {
    token: string;
    refreshToken: string;
    userDetail: { _id: string };
  };
  return {
    userId: session.userDetail._id,
    username,
    phone,
    token: session.token,
    refreshToken: session.refreshToken,
  };
}

/** A browser window signed in as `person` (or a guest), its clock under the test's control. */
async function windowOf(person?: Person): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  const stored: Record<string, string> = person
    ? {
        jwt: person.token,
        refreshToken: person.refreshToken,
        userId: person.userId,
        username: person.username,
      }
    : {};
  await context.addInitScript((entries: Record<string, string>) => {
    if (window.sessionStorage.getItem('seeded')) return;
    window.sessionStorage.setItem('seeded', '1');
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, stored);
  const page = await context.newPage();
  await page.clock.install();
  return page;
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(new URL(path, app.baseUrl).href);
  await page.getByRole('banner').waitFor();
}

const masked = (phone: string) => `${phone.slice(0, 3)}${'*'.repeat(phone.length - 3)}`;

// ---------------------------------------------------------------------------------------------

describe('two members and a mobile number', () => {
  it('A asks for B’s number, B approves from the bell, A sees it; B revokes, it is masked again', async () => {
    const [asha, bala] = await Promise.all([fullMember('asha'), fullMember('bala')]);

    // The api refuses what the screens never offer: reviewing or asking oneself.
    expect(
      (await call('/api/review/', { userId: asha.userId, text: 'I am great' }, asha.token)).body
        .msg,
    ).toBe(MESSAGES.reviewSelf);
    expect((await call('/api/request', { requestedTo: asha.userId }, asha.token)).body.msg).toBe(
      MESSAGES.mobileRequestSelf,
    );

    const a = await windowOf(asha);
    await visit(a, `/user_profile/${bala.userId}`);
    const phone = a.getByTestId('profile-phone');
    await expect.poll(() => phone.innerText()).toContain(masked(bala.phone));

    // Reviews: an empty one is refused; a real one is posted and listed with its author.
    await a.getByRole('button', { name: 'Post Review' }).click();
    await a.getByText(MESSAGES.reviewTextRequired).waitFor();
    await a.getByLabel('Write a review').fill('Sold me a fine scooter, on time.');
    await a.getByRole('button', { name: 'Post Review' }).click();
    await a.getByRole('dialog', { name: MESSAGES.reviewPosted }).waitFor();
    await a.getByRole('button', { name: 'OK' }).click();
    const review = a.getByTestId('review').first();
    await expect.poll(() => review.innerText()).toContain(asha.username);
    expect(await review.innerText()).toContain('Sold me a fine scooter, on time.');

    // Show → Pending.
    await a.getByRole('button', { name: 'Show', exact: true }).click();
    await a.getByRole('button', { name: 'Pending' }).waitFor();
    await a.screenshot({ path: '/tmp/boli-social-pending.png', fullPage: true });

    // B: the bell counts the request; the menu offers Approve and Reject.
    const b = await windowOf(bala);
    await visit(b, `/user_profile/${asha.userId}`);
    const bell = b.getByRole('button', { name: /^Notifications \(\d+\)$/ });
    await expect.poll(async () => bell.getAttribute('aria-label')).not.toBe('Notifications (0)');
    await bell.click();
    const request = b
      .getByTestId('notification')
      .filter({ hasText: `${asha.username} has requested your mobile number.` });
    await request.getByRole('button', { name: 'Reject' }).waitFor();
    await b.screenshot({ path: '/tmp/boli-social-bell.png', fullPage: true });
    await request.getByRole('button', { name: 'Approve' }).click();
    // The list reloads: the request is approved, so it now offers Revoke.
    await request.getByRole('button', { name: 'Revoke' }).waitFor();
    expect(await request.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    // A: within one status poll the number is shown in full.
    await a.clock.fastForward(LIMITS.mobileRequestPollMs);
    await expect.poll(() => phone.innerText(), { timeout: 15_000 }).toContain(bala.phone);
    expect(await a.getByRole('button', { name: 'Pending' }).count()).toBe(0);
    await a.screenshot({ path: '/tmp/boli-social-shown.png', fullPage: true });

    // B takes it back; at A's next poll the number is masked again and Show returns.
    await request.getByRole('button', { name: 'Revoke' }).click();
    await request.getByRole('button', { name: 'Approve' }).waitFor();
    await a.clock.fastForward(LIMITS.mobileRequestPollMs);
    await expect.poll(() => phone.innerText(), { timeout: 15_000 }).toContain(masked(bala.phone));
    await a.getByRole('button', { name: 'Show', exact: true }).waitFor();

    // A is told of the approval and of the revocation in their own menu.
    await a.clock.fastForward(LIMITS.notificationPollMs);
    await a.getByRole('button', { name: /^Notifications \(\d+\)$/ }).click();
    await a
      .getByTestId('notification')
      .filter({ hasText: `${bala.username} no longer shares their mobile number with you.` })
      .waitFor();

    // B's own profile has no review form, but lists the review A wrote.
    await b.keyboard.press('Escape');
    await visit(b, `/user_profile/${bala.userId}`);
    await b.getByTestId('review').first().waitFor();
    expect(await b.getByLabel('Write a review').count()).toBe(0);
    expect(await b.getByRole('button', { name: 'Show', exact: true }).count()).toBe(0);
  }, 240_000);
});

describe('the contact form', () => {
  it('refuses each wrong field with its message, then sends and acknowledges by email', async () => {
    const page = await windowOf();
    await visit(page, '/contactus');
    await page.getByRole('heading', { name: 'Contact Us' }).waitFor();
    const submit = page.getByRole('button', { name: 'Submit' });
    const alert = page.getByRole('alert');

    await submit.click();
    await expect.poll(() => alert.innerText()).toBe(MESSAGES.contactAllDetails);

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

    const refusedWith = async (message: string) => {
      await submit.click();
      await expect.poll(() => alert.innerText()).toBe(message);
    };
    await refusedWith(MESSAGES.contactEmailInvalid);
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Mobile number/).fill('98765abc');
    await refusedWith(MESSAGES.digitsOnly);
    await page.getByLabel(/^Mobile number/).fill('98765432109');
    await refusedWith(MESSAGES.contactMobileTooLong);
    await page.getByLabel(/^Mobile number/).fill('9876543210');
    await page.getByLabel(/^Description/).fill('x'.repeat(150));
    await refusedWith(MESSAGES.contactDescriptionTooLong);
    await page.getByLabel(/^Description/).fill('How do Hidden bids work?');
    await page.getByLabel(/^First name/).fill('');
    await refusedWith(MESSAGES.contactAllDetails);
    await page.getByLabel(/^First name/).fill('Guest');

    await submit.click();
    await page.getByRole('dialog', { name: MESSAGES.contactSent }).waitFor();
    await page.screenshot({ path: '/tmp/boli-social-contact.png', fullPage: true });
    expect(await fromMailbox(email, /We received your message: Inquiry/)).toBeTruthy();
  }, 120_000);
});
