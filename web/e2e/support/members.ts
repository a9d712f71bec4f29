import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { accountDecider } from '@boli/engine/accounts/account.decider';
import { accountStream } from '@boli/engine/accounts/account.events';
import { handleCommand } from '@boli/engine/commandHandling/handleCommand';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import type { TestApp } from '../../../ops/src/testing/app.ts';
import { fieldByLabel as field } from './harness.ts';

/*
 * Members made through the real api and the sandboxes, the way a person would: sign-up, the
 * emailed link, the phone OTP read from the SMS sandbox, then (optionally) a full profile address.
 */

/** Who signs up: a lower-case username and an upper-case alias, so no 3 characters repeat. */
export type Person = {
  username: string;
  email: string;
  phone: string;
  password: string;
  bidAlias: string;
};

export type Member = Person & { token: string; refreshToken: string; userId: string };

type MailboxEntry = { subject?: string; text?: string };

/** The first match of `pattern` in a message the email or SMS sandbox received for `to`. */
export async function fromMailbox(app: TestApp, to: string, pattern: RegExp): Promise<string> {
  // The outbox sends from a job worker; on a busy machine that can take a while.
  const deadline = Date.now() + 45_000;
  for (;;) {
    const response = await fetch(
      new URL(`/dev/api/mailbox?to=${encodeURIComponent(to)}`, app.baseUrl),
    );
    const body = (await response.json()) as { data?: MailboxEntry[] } | MailboxEntry[];
    const entries = Array.isArray(body) ? body : (body.data ?? []);
    for (const entry of entries) {
      const found = `${entry.subject ?? ''}\n${entry.text ?? ''}`.match(pattern)?.[0];
      if (found) return found;
    }
    if (Date.now() > deadline) {
      const all = (await (
        await fetch(new URL('/dev/api/mailbox?limit=5', app.baseUrl))
      ).json()) as {
        data?: { to?: string; subject?: string }[];
      };
      const recent = (all.data ?? []).map((entry) => `${entry.to}: ${entry.subject ?? ''}`);
      throw new Error(
        `nothing matching ${pattern} was sent to ${to}; latest: ${recent.join(' | ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function call(
  app: TestApp,
  path: string,
  body: unknown,
  token?: string,
): Promise<Record<string, unknown>> {
  const response = await fetch(new URL(path, app.baseUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  expect(response.status, `${path}: ${JSON.stringify(answer)}`).toBe(200);
  return answer;
}

/** The address a full profile has: Karol Bagh, Central district, Delhi. */
export const DELHI_ADDRESS = {
  houseno: '12',
  street: 'Pusa Road',
  city: 'New Delhi',
  country: 'India',
  state: 'Delhi',
  district: 'Central',
  neighbourHood: 'Karol Bagh',
  pincode: '110005',
};

export function newPerson(prefix: string): Person {
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

/** 'What is 7 + 5?' → '12'. */
export function answerCaptcha(question: string): string {
  const match = /(\d+)\s*([+\-x×*])\s*(\d+)/.exec(question);
  if (!match) throw new Error(`cannot read the captcha question '${question}'`);
  const [a, op, b] = [Number(match[1]), match[2], Number(match[3])];
  return String(op === '+' ? a + b : op === '-' ? a - b : a * b);
}

/**
 * Register's captcha question, once it is in: till then its answer field is read-only (and the
 * question one already answered, refused, is never shown).
 */
export async function captchaQuestion(page: Page): Promise<string> {
  await expect.poll(() => field(page, 'Captcha answer').isEditable()).toBe(true);
  return page.getByTestId('captcha-question').innerText();
}

/**
 * Register's fields filled for `person` as a member types them, up to the date of birth: not the
 * captcha and not the terms. `phone` is the mobile number as typed (`person.phone` by default).
 */
export async function fillRegisterForm(page: Page, person: Person, phone = person.phone) {
  await field(page, 'Email').fill(person.email);
  await field(page, 'Username').fill(person.username);
  await field(page, 'Password').fill(person.password);
  await field(page, 'Confirm password').fill(person.password);
  await field(page, 'First name').fill('Asha');
  await field(page, 'Last name').fill('Rao');
  await field(page, 'Mobile number').fill(phone);
  await field(page, 'Bid alias').fill(person.bidAlias);
  await page.getByRole('combobox', { name: 'Gender' }).click();
  await page.getByRole('option', { name: 'Female' }).click();
  await field(page, 'Date of birth').fill('1990-04-12');
}

/** Register filled in (fillRegisterForm) sent: the captcha answered, the terms ticked, confirmed. */
export async function submitRegisterForm(page: Page) {
  await field(page, 'Captcha answer').fill(answerCaptcha(await captchaQuestion(page)));
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm your details' })
    .getByRole('button', { name: 'Confirm' })
    .click();
}

export const EMAIL_LINK = /\/email-verify\/[^\s"'<>]+/;
export const OTP_CODE = /\b\d{6}\b/;

/** What a sign-up answers: the account, and its token for the email and OTP steps. */
export type SignedUp = { userId: string; validationJWT: string };

/**
 * Signs a person up through the api, and (unless told not to) follows the email link; answers
 * the new account's id and validation token.
 */
export async function signUp(
  app: TestApp,
  person: Person,
  { verifyEmail = true } = {},
): Promise<SignedUp> {
  const captcha = (await (await fetch(new URL('/api/auth/captcha', app.baseUrl))).json()) as {
    data: { captchaId: string; question: string };
  };
  const answer = await call(app, '/api/auth/signup', {
    firstname: 'Ravi',
    lastname: 'Kumar',
    email: person.email,
    username: person.username,
    bidAlias: person.bidAlias,
    password: person.password,
    confirmPassword: person.password,
    gender: 'Male',
    dob: '12-04-1990',
    phone: person.phone,
    phoneCode: '+91',
    country: 'India',
    termsOfServicesCheckBox: 'true',
    captchaId: captcha.data.captchaId,
    captchaAnswer: answerCaptcha(captcha.data.question),
  });
  const data = (answer.data ?? {}) as Record<string, unknown>;
  const signedUp = {
    userId: String(data.userId ?? ''),
    validationJWT: String(data.validationJWT ?? ''),
  };
  if (!verifyEmail) return signedUp;
  const link = await fromMailbox(app, person.email, EMAIL_LINK);
  const verified = await fetch(
    new URL(
      `/api/auth/emailValidate?user_id=${encodeURIComponent(link.split('/').pop() ?? '')}`,
      app.baseUrl,
    ),
  );
  expect(verified.status).toBe(200);
  return signedUp;
}

/** A member with a validated phone (so a 7-day trial); with `address`, a full profile address. */
export async function createMember(
  app: TestApp,
  { address }: { address: boolean },
): Promise<Member> {
  const person = newPerson('ads');
  const { username, password, phone } = person;
  await signUp(app, person);

  const signin = await call(app, '/api/auth/signin', { username, password });
  const validationJWT = String(signin.validationJWT ?? '');
  await call(app, '/api/auth/signin/otp/phone/send', { username }, validationJWT);
  const otp = await fromMailbox(app, `+91${phone}`, OTP_CODE);
  const session = (await call(
    app,
    '/api/auth/signin/otp/phone/verify',
    { username, otp },
    validationJWT,
  )) as { data: { token: string; refreshToken: string; userDetail: { _id: string } } };
  const { token, refreshToken, userDetail } = session.data;

  if (address) {
    await call(
      app,
      '/api/user/editProfile',
      {
        username,
        firstname: 'Ravi',
        lastname: 'Kumar',
        gender: 'Male',
        dob: '12-04-1990',
        ...DELHI_ADDRESS,
      },
      token,
    );
  }
  return {
    ...person,
    token,
    refreshToken,
    userId: String(userDetail._id),
  };
}

/**
 * `member` granted `roles` by an admin, as `npm run ops -- grant-role` does, then signed in again
 * so that their token carries the roles.
 */
export async function grantRoles(
  app: TestApp,
  member: Member,
  roles: readonly ('support' | 'auditor' | 'admin')[],
): Promise<Member> {
  const store = createPostgresEventStore({ connectionString: app.databaseUrl });
  try {
    for (const role of roles) {
      await handleCommand({
        store,
        streamId: accountStream(member.userId),
        decider: accountDecider,
        command: {
          type: 'GrantRole',
          data: { role },
          metadata: {
            eventId: crypto.randomUUID(),
            now: new Date().toISOString(),
            actor: { userId: 'ops:e2e', role: 'admin' },
          },
        },
      });
    }
  } finally {
    await store.close();
  }
  // Signed in again: the token carries the roles (sign-in reads the account's stream). The app's
  // session takes them from the profile, the users read model a moment behind the grant: it is
  // asked (no sign-in spent) till it has them.
  const signedIn = await signInAgain(app, member);
  if (!roles.every((role) => rolesOfToken(signedIn.token).includes(role))) {
    throw new Error(`${member.username}'s token lacks ${roles.join(', ')}`);
  }
  const deadline = Date.now() + 30_000;
  for (;;) {
    const profile = await fetch(new URL('/api/user', app.baseUrl), {
      headers: { authorization: `Bearer ${signedIn.token}` },
    });
    const { data } = (await profile.json()) as { data?: { roles?: string[] } };
    if (roles.every((role) => data?.roles?.includes(role))) return signedIn;
    if (Date.now() > deadline) throw new Error(`${member.username} never got ${roles.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The roles a session token carries (its payload is not checked here, only read). */
const rolesOfToken = (token: string): string[] => {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    roles?: unknown;
  };
  return Array.isArray(payload.roles) ? payload.roles.map(String) : [];
};

/** `member` signed in once more over the api: a session of its own, beside the others. */
export async function signInAgain(app: TestApp, member: Member): Promise<Member> {
  const { username, password } = member;
  const signedIn = (await call(app, '/api/auth/signin', { username, password })) as {
    data: { token: string; refreshToken: string };
  };
  return { ...member, token: signedIn.data.token, refreshToken: signedIn.data.refreshToken };
}

/** What the web app keeps in localStorage for a logged-in member. */
export const storedSession = (member: Member): Record<string, string> => ({
  jwt: member.token,
  refreshToken: member.refreshToken,
  userId: member.userId,
  username: member.username,
});

/** A browser's screen size, and whether it is a phone's touch screen (`TOUCH_PHONE`). */
export type Screen = { width: number; height: number; touch?: boolean };

/**
 * A fresh browser profile with `storage` in localStorage before the app first loads; only then,
 * so that a reload sees what the app stored since. `timezoneId`: the browser's time zone.
 */
export async function openPage(
  browser: Browser,
  storage: Record<string, string> = {},
  screen: Screen = { width: 1280, height: 1000 },
  timezoneId?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const { touch, ...viewport } = screen;
  const context = await browser.newContext({
    viewport,
    ...(touch ? { isMobile: true, hasTouch: true } : {}),
    ...(timezoneId ? { timezoneId } : {}),
  });
  await context.addInitScript((entries: Record<string, string>) => {
    // The app's own page only: in a frame of another site (the sandbox checkout) sessionStorage
    // is refused, and the member's session is not that site's to hold.
    if (window.top !== window) return;
    if (window.sessionStorage.getItem('seeded')) return;
    window.sessionStorage.setItem('seeded', '1');
    for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
  }, storage);
  return { context, page: await context.newPage() };
}

/** A browser profile logged in as `member` (in `timezoneId`, when given). */
export const openAs = (browser: Browser, member: Member, screen?: Screen, timezoneId?: string) =>
  openPage(browser, storedSession(member), screen, timezoneId);
