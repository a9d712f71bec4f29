import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { MESSAGES } from '@boli/engine/shared/messages';
import type { TestApp } from '../../ops/src/testing/app.ts';
import { fieldByLabel, openAt, withAppAndBrowser } from './support/harness.ts';
import {
  createMember,
  fillRegisterForm,
  EMAIL_LINK,
  fromMailbox,
  newPerson,
  openAs,
  openPage,
  OTP_CODE,
  type Person,
  signUp,
  submitRegisterForm,
} from './support/members.ts';

/*
 * The accounts screens where a member can get stuck (docs/api/accounts.md): reloading the OTP
 * screen, Verify Email too early, Resend Email without a login or for a verified email, the OTP
 * screen for a verified phone, a dead reset link and a taken username.
 */

let app: TestApp;
let browser: Browser;

withAppAndBrowser((running) => ({ app, browser } = running));

const desktop = (storage: Record<string, string> = {}) =>
  openPage(browser, storage, { width: 1280, height: 900 });

const visit = (page: Page, path: string) => openAt(app, page, path);

const field = fieldByLabel;

const alert = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text }).first();

const main = (page: Page) => page.getByRole('main');

async function post(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(new URL(path, app.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Record<string, unknown>;
}

/** How many SMS the sandbox received for `to`. */
async function smsCount(to: string): Promise<number> {
  const response = await fetch(
    new URL(`/dev/api/mailbox?to=${encodeURIComponent(to)}`, app.baseUrl),
  );
  return ((await response.json()) as { data: unknown[] }).data.length;
}

/** The OTP send and resend calls `context`'s pages make, as they leave. */
function otpSendsOf(context: BrowserContext): string[] {
  const sends: string[] = [];
  context.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'POST' && /\/otp\/phone\/(send|resend)$/.test(pathname))
      sends.push(pathname.split('/').pop() ?? '');
  });
  return sends;
}

/** The Verify Mobile Number screen, open and asking for the code; answers its tries-left text. */
async function otpScreenShown(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Verify Mobile Number' }).waitFor();
  const tries = page.getByTestId('otp-tries-left');
  await tries.waitFor();
  // Time for a send the screen would make as it opens.
  await page.waitForLoadState('networkidle');
  return tries.innerText();
}

/**
 * A member signed up, email verified (unless `verifyEmail` is false), phone not: logged in, and
 * stored as the login page stores them.
 */
async function unverifiedPhoneLogin(
  person: Person,
  { verifyEmail = true } = {},
): Promise<Record<string, string>> {
  await signUp(app, person, { verifyEmail });
  const answer = await post('/api/auth/signin', {
    username: person.username,
    password: person.password,
  });
  const data = answer.data as { token: string; refreshToken: string };
  return {
    jwt: data.token,
    refreshToken: data.refreshToken,
    userId: String((answer.userDetail as { _id: string })._id),
    username: person.username,
    validationJWT: String(answer.validationJWT),
  };
}

describe('the OTP screen of a member whose phone is not validated', () => {
  it('sends one code, not one per load, and Resend OTP still sends', async () => {
    const person = newPerson('rec');
    const phone = `+91${person.phone}`;
    const { context, page } = await desktop(await unverifiedPhoneLogin(person));
    const sends = otpSendsOf(context);

    // The first load sends (the spec's "on screen load").
    await visit(page, '/');
    await alert(page, MESSAGES.otpSent).waitFor();
    const tries = await otpScreenShown(page);
    expect(tries).toMatch(/^\d+ more codes? can be sent today\.$/);
    await fromMailbox(app, phone, OTP_CODE);
    expect(sends).toEqual(['send']);

    // A reload, a typed URL and a new tab ask for the same code: nothing is sent.
    await page.reload();
    expect(await otpScreenShown(page)).toBe(tries);
    await visit(page, '/otp-phone-verify');
    expect(await otpScreenShown(page)).toBe(tries);
    const tab = await context.newPage();
    await visit(tab, '/settings');
    expect(await otpScreenShown(tab)).toBe(tries);
    await tab.close();
    expect(sends).toEqual(['send']);
    expect(await alert(page, MESSAGES.otpSent).count()).toBe(0);
    await page.waitForTimeout(1000);
    expect(await smsCount(phone)).toBe(1);

    // Resend OTP, once its countdown allows it, sends a new code.
    const resend = page.getByRole('button', { name: /^Resend OTP/ });
    // Counting down it says it is unavailable, and keeps the focus of a press meanwhile.
    await expect.poll(() => resend.getAttribute('aria-disabled'), { timeout: 10_000 }).toBeNull();
    await resend.click();
    await alert(page, MESSAGES.otpSent).waitFor();
    expect(await resend.getAttribute('aria-disabled')).toBe('true');
    expect(await resend.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(sends).toEqual(['send', 'resend']);
    await expect.poll(() => smsCount(phone), { timeout: 45_000 }).toBe(2);
    const afterResend = await page.getByTestId('otp-tries-left').innerText();
    expect(afterResend).not.toBe(tries);
    await page.reload();
    expect(await otpScreenShown(page)).toBe(afterResend);
    expect(sends).toEqual(['send', 'resend']);

    // The code the screen asked for after the reload verifies the phone.
    const code = await fromMailbox(app, phone, OTP_CODE);
    await field(page, 'OTP number').fill(code);
    await page.getByRole('button', { name: 'Submit' }).click();
    await alert(page, MESSAGES.phoneVerified).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'My Ads' }).waitFor();
    await context.close();
  });
});

describe('a mobile number mistyped at sign-up', () => {
  it('is changed on the OTP screen, and the code to the new number verifies it', async () => {
    const person = newPerson('rec');
    const { context, page } = await desktop(await unverifiedPhoneLogin(person));
    await visit(page, '/');
    await otpScreenShown(page);
    // The screen says which number the code went to: the mistyped one is seen.
    const sentTo = page.getByTestId('otp-sent-to');
    expect(await sentTo.innerText()).toBe(`+91 ${person.phone}`);
    await page.getByRole('button', { name: 'Wrong number? Change it' }).click();
    const form = page.getByRole('form', { name: 'Change the mobile number' });
    // The keyboard is in the number's field; a number no SMS could reach is refused there.
    const number = form.getByRole('textbox', { name: 'Mobile number' });
    await expect.poll(() => number.evaluate((el) => el === document.activeElement)).toBe(true);
    await number.fill('0123456789');
    await form.getByRole('button', { name: 'Save number' }).click();
    // Said as it comes, and the field, marked and described by it, has the keyboard.
    await form.getByRole('alert').filter({ hasText: MESSAGES.invalidMobile }).waitFor();
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    expect(await number.getAttribute('aria-describedby')).toBeTruthy();
    await expect.poll(() => number.evaluate((el) => el === document.activeElement)).toBe(true);
    const fixed = newPerson('rec').phone;
    await number.fill(fixed);
    await form.getByRole('button', { name: 'Save number' }).click();
    await page.getByRole('status').filter({ hasText: 'Mobile number changed.' }).waitFor();
    // The old number's code is no longer spoken of, nor is any code said sent but to the new one.
    expect(await page.getByText(MESSAGES.otpSent).count()).toBe(0);
    expect(await page.getByText(/sent by SMS to the mobile number of/).count()).toBe(0);
    // A code goes to the new number once Resend's countdown allows it, and verifies the phone.
    const resend = page.getByRole('button', { name: /^Resend OTP/ });
    await expect.poll(() => resend.getAttribute('aria-disabled'), { timeout: 10_000 }).toBeNull();
    if ((await smsCount(`+91${fixed}`)) === 0) await resend.click();
    const code = await fromMailbox(app, `+91${fixed}`, OTP_CODE);
    await expect.poll(() => sentTo.innerText()).toBe(`+91 ${fixed}`);
    await field(page, 'OTP number').fill(code);
    await page.getByRole('button', { name: 'Submit' }).click();
    await alert(page, MESSAGES.phoneVerified).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
});

describe('Verify Email before the link was followed', () => {
  it('says “Your email is not validated.”', async () => {
    const person = newPerson('rec');
    const { userId, validationJWT } = await signUp(app, person, { verifyEmail: false });
    // What the register screen stores before it opens /otp-phone-verify.
    const { context, page } = await desktop({ validationJWT, userId, username: person.username });
    await visit(page, '/otp-phone-verify');
    await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await alert(page, MESSAGES.emailNotValidated).waitFor();
    // Resend Email answered, its answer is the one shown: the earlier refusal goes.
    await page.getByRole('button', { name: /^Resend Email/ }).click();
    await alert(page, MESSAGES.emailSent).waitFor();
    expect(await page.getByText(MESSAGES.emailNotValidated).count()).toBe(0);
    // The link followed in another browser (the phone the email was read on), Verify Email goes
    // on to the code, with the keyboard in its field.
    const elsewhere = await desktop();
    await visit(elsewhere.page, await fromMailbox(app, person.email, EMAIL_LINK));
    await elsewhere.page.waitForURL((url) => !url.pathname.startsWith('/email-verify/'));
    await page.getByRole('button', { name: 'Verify Email' }).click();
    const code = field(page, 'OTP number');
    await code.waitFor();
    await expect.poll(() => code.evaluate((input) => input === document.activeElement)).toBe(true);
    await elsewhere.context.close();
    await context.close();
  });
});

describe('the email’s link opened by a member logged in meanwhile', () => {
  it('goes on to the code, sent, not back to verifying the email', async () => {
    const person = newPerson('rec');
    // Logged in before the email was verified: the OTP screen asks for the email first.
    const { context, page } = await desktop(
      await unverifiedPhoneLogin(person, { verifyEmail: false }),
    );
    await visit(page, '/');
    await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
    // The link, in another tab of the same browser.
    const link = await fromMailbox(app, person.email, EMAIL_LINK);
    const tab = await context.newPage();
    await visit(tab, link);
    await tab.waitForURL((url) => url.pathname === '/otp-phone-verify');
    await alert(tab, MESSAGES.otpSent).waitFor();
    expect(await otpScreenShown(tab)).toMatch(/^\d+ more codes? can be sent today\.$/);
    expect(await tab.getByRole('heading', { name: 'Verify Your Email' }).count()).toBe(0);
    // The first tab goes on to that code by itself, and sends no other.
    await field(page, 'OTP number').waitFor();
    expect(await page.getByRole('heading', { name: 'Verify Your Email' }).count()).toBe(0);
    expect(await otpScreenShown(page)).toBe(await otpScreenShown(tab));
    await context.close();
  });
});

describe('Resend Email on /email-verify-message', () => {
  it('asks a visitor who is not logged in to log in, and comes back to send it', async () => {
    const person = newPerson('rec');
    await signUp(app, person, { verifyEmail: false });
    const { context, page } = await desktop();
    // A link opened on another device, gone bad.
    await visit(page, '/email-verify/not-a-verification-link');
    await main(page)
      .getByText(`${MESSAGES.emailNotValidated} This verification link is not valid.`, {
        exact: false,
      })
      .waitFor();
    await page.getByRole('link', { name: 'Resend Email' }).click();
    await page.waitForURL((url) => url.pathname === '/email-verify-message');
    await main(page).getByText('Please login to have the verification email sent again.').waitFor();
    expect(await page.getByRole('button', { name: 'Resend Email' }).count()).toBe(0);
    expect(await page.getByText(MESSAGES.resendFailed).count()).toBe(0);

    const login = main(page).getByRole('link', { name: 'Login' });
    expect(await login.getAttribute('href')).toBe('/login?redirect=%2Femail-verify-message');
    await login.click();
    await field(page, 'Email or username').fill(person.username);
    await field(page, 'Password').fill(person.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    // The phone step comes after the email: that screen offers Resend Email, now with a login.
    await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
    const resendEmail = page.getByRole('button', { name: /^Resend Email/ });
    await resendEmail.click();
    await alert(page, MESSAGES.emailSent).waitFor();
    // Counting down, it keeps the focus (a disabled button would drop it to the page).
    expect(await resendEmail.evaluate((button) => button === document.activeElement)).toBe(true);
    await context.close();
  });

  it('tells a member whose email is verified so, without offering to send it, and goes on to /', async () => {
    const member = await createMember(app, { address: false });
    const { context, page } = await openAs(browser, member);
    await visit(page, '/email-verify-message');
    await main(page).getByText('Your email is verified: nothing more to do here.').waitFor();
    expect(await page.getByRole('button', { name: 'Resend Email' }).count()).toBe(0);
    expect(await page.getByText('Your email is not verified yet').count()).toBe(0);
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'My Ads' }).waitFor();
    await context.close();
  });
});

describe('the email link opened again once the email and mobile are verified', () => {
  it('leads a visitor to the login, saying so, rather than to the mobile’s code', async () => {
    const member = await createMember(app, { address: false });
    const link = await fromMailbox(app, member.email, EMAIL_LINK);
    const { context, page } = await desktop();
    await visit(page, link);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText(ACCOUNT_MESSAGES.alreadyVerified).waitFor();
    expect(await page.getByRole('heading', { name: 'Verify Mobile Number' }).count()).toBe(0);
    await context.close();
  });
});

describe('/otp-phone-verify for a member whose phone is verified', () => {
  it('goes to / without sending a code', async () => {
    const member = await createMember(app, { address: false });
    const { context, page } = await openAs(browser, member);
    const sends = otpSendsOf(context);
    await visit(page, '/otp-phone-verify');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'My Ads' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Verify Mobile Number' }).count()).toBe(0);
    expect(sends).toEqual([]);
    await context.close();
  });
});

describe('a password-reset link that is not valid', () => {
  it('says so as it opens, with no form, and offers a new link or the login', async () => {
    const { context, page } = await desktop();
    await visit(page, '/api/auth/resetPassword/not-a-reset-link');
    await alert(page, ACCOUNT_MESSAGES.resetLinkInvalid).waitFor();
    expect(await field(page, 'New password').count()).toBe(0);
    expect(await main(page).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login',
    );
    await main(page).getByRole('link', { name: 'Request a new link' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await context.close();
  });
});

describe('signing up with a username that is taken', () => {
  it('says “Already signed up.” and marks the Username field', async () => {
    const taken = newPerson('rec');
    await signUp(app, taken, { verifyEmail: false });
    const person = { ...newPerson('rec'), username: taken.username };
    const { context, page } = await desktop();
    await visit(page, '/register');
    await fillRegisterForm(page, person);
    await submitRegisterForm(page);

    await alert(page, MESSAGES.alreadySignedUp).waitFor();
    const username = field(page, 'Username');
    expect(await username.getAttribute('aria-invalid')).toBe('true');
    const helperId = (await username.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${helperId}"]`).innerText()).toBe(MESSAGES.alreadySignedUp);
    expect(await field(page, 'Email').getAttribute('aria-invalid')).toBe('false');
    await context.close();
  });
});

describe('another account’s email link, opened where a member is logged in', () => {
  it('says whose email it verified, and the member goes on as themselves', async () => {
    const [member, person] = [await createMember(app, { address: false }), newPerson('rec')];
    await signUp(app, person, { verifyEmail: false });
    const { context, page } = await openAs(browser, member);
    await visit(page, await fromMailbox(app, person.email, EMAIL_LINK));
    await page
      .getByText(
        `The email of ${person.username} is verified. The link was for that account, not yours.`,
      )
      .waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    // Still the member who was logged in, not sent to verify someone else's phone.
    await page.getByRole('banner').getByText(member.username, { exact: true }).waitFor();
    await context.close();
  });
});
