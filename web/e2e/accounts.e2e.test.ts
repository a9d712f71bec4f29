import { createHmac } from 'node:crypto';
import sharp from 'sharp';
import { COMMON_PASSWORD_MESSAGE } from '../../api/src/identity/passwords.ts';
import { describe, expect, it } from 'vitest';
import type { Browser, Dialog, Locator, Page } from 'playwright-core';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { MESSAGES } from '@boli/engine/shared/messages';
import { LIMITS } from '@boli/engine/shared/limits';
import type { TestApp } from '../../ops/src/testing/app.ts';
import { fieldByLabel, openAt, PHONE, withAppAndBrowser } from './support/harness.ts';
import { api } from './support/payments.ts';
import { EMAIL_FIRST, EMAIL_VERIFIED_NOW } from '../src/features/accounts/model/verifySteps.ts';
import { PINCODE_EMPTIED_HINT } from '../src/lib/placeFields.ts';
import {
  answerCaptcha,
  captchaQuestion,
  createMember,
  EMAIL_LINK,
  fillRegisterForm,
  fromMailbox,
  newPerson,
  openAs,
  openPage,
  OTP_CODE,
  signUp,
  submitRegisterForm,
  type Person,
} from './support/members.ts';

/*
 * The accounts screens against the real api (docs/api/accounts.md): sign-up → email link → phone
 * OTP → full access, the OTP screen's refusals, login, forgot/reset password and an expired
 * session. Links and codes are read from the dev mailbox the email and SMS sandboxes fill
 * (support/members.ts).
 */

let app: TestApp;
let browser: Browser;

withAppAndBrowser((running) => ({ app, browser } = running));

/** A fresh desktop browser profile, with `storage` in localStorage before the app first loads. */
const desktop = (storage: Record<string, string> = {}) =>
  openPage(browser, storage, { width: 1280, height: 900 });

const visit = (page: Page, path: string) => openAt(app, page, path);

const field = fieldByLabel;

const pathOf = (page: Page): string => new URL(page.url()).pathname;

// ---------------------------------------------------------------------------------------------
// The api and the dev mailbox, from the test's side

const RESET_LINK = /\/api\/auth\/resetPassword\/[^\s"'<>]+/;

async function post(path: string, body: unknown, token?: string) {
  const response = await fetch(new URL(path, app.baseUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function login(page: Page, username: string, password: string): Promise<void> {
  await visit(page, '/login');
  await field(page, 'Email or username').fill(username);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

const alert = (page: Page, text: string) =>
  page.getByRole('alert').filter({ hasText: text }).first();

// ---------------------------------------------------------------------------------------------

describe('a new member', () => {
  it('registers, verifies the email and the phone, and lands on / with full access', async () => {
    const person = newPerson('acc');
    const { context, page } = await desktop();
    await visit(page, '/register');
    await page.getByRole('heading', { name: 'Register' }).waitFor();

    await fillRegisterForm(page, person);
    const signUp = page.getByRole('button', { name: 'Sign up' });
    expect(await signUp.isDisabled()).toBe(true); // no captcha answer yet
    // …which it says, for Tab passes a disabled button by.
    expect(await signUp.getAttribute('aria-describedby')).toBe('sign-up-hint');
    await page.getByText('Answer the captcha above to sign up.').waitFor();

    // Without the terms ticked, the form says so next to the box.
    const question = await captchaQuestion(page);
    await field(page, 'Captcha answer').fill(answerCaptcha(question));
    await signUp.click();
    await page.getByText(MESSAGES.agreeToTermsToMoveForward).waitFor();
    expect(await page.getByText('Answer the captcha above to sign up.').count()).toBe(0);
    // The box is named for what it does, not its label's link to the terms, and is described
    // by the refusal, as the fields are by theirs.
    const terms = page.getByRole('checkbox', {
      name: 'I agree to the terms and conditions',
      exact: true,
    });
    expect(await terms.getAttribute('aria-invalid')).toBe('true');
    const describedBy = await terms.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe(
      MESSAGES.agreeToTermsToMoveForward,
    );
    await terms.check();

    // A wrong answer is told before the confirm dialog, and a new question is asked. The one
    // refused goes with the refusal, and nothing is answered till the new one is in (held here):
    // an answer to the old one would be a wrong answer to the new.
    let releaseQuestion = () => {};
    const questionHeld = new Promise<void>((resolve) => (releaseQuestion = resolve));
    await page.route('**/api/auth/captcha', async (route) => {
      await questionHeld;
      await route.fallback();
    });
    await field(page, 'Captcha answer').fill(String(Number(answerCaptcha(question)) + 1));
    await signUp.click();
    await alert(page, 'Wrong captcha answer.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByTestId('captcha-question').innerText()).toBe('Loading the question…');
    expect(await field(page, 'Captcha answer').isEditable()).toBe(false);
    expect(await field(page, 'Captcha answer').inputValue()).toBe('');
    releaseQuestion();
    await page.unroute('**/api/auth/captcha');
    // The refused question is gone with the refusal: the one read is the new one.
    const again = await captchaQuestion(page);
    await field(page, 'Captcha answer').fill(answerCaptcha(again));
    await page.screenshot({ path: '/tmp/boli-acc-register.png', fullPage: true });

    // A double tap: its second tap lands on the backdrop of the dialog its first one opened,
    // which stays open.
    await signUp.dblclick();
    const confirm = page.getByRole('dialog', { name: 'Confirm your details' });
    await confirm.getByText(MESSAGES.confirmDetailsWarning).waitFor();
    await page.waitForTimeout(600);
    expect(await confirm.isVisible()).toBe(true);
    for (const label of ['Gender:', 'DOB:', 'EMail:']) await confirm.getByText(label).waitFor();
    await confirm.getByText(person.email).waitFor();
    // The browser's Back closes it (on a phone it looks like a page), the form kept as typed.
    await page.goBack();
    await confirm.waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/register');
    expect(await field(page, 'Email').inputValue()).toBe(person.email);
    // Its Back button too, and the keyboard is on Sign up again, not at the top of the form.
    await signUp.click();
    await confirm.getByRole('button', { name: 'Back' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expect
      .poll(() => signUp.evaluate((button) => button === document.activeElement))
      .toBe(true);
    await signUp.click();
    await confirm.getByRole('button', { name: 'Confirm' }).click();

    // The email is not verified yet: the OTP screen asks for it first.
    await page.waitForURL((url) => url.pathname === '/otp-phone-verify');
    await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
    // Under the screen's own heading, which step this is and what the next will ask.
    await page.getByText(EMAIL_FIRST).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('validationJWT'))).toBeTruthy();

    const link = await fromMailbox(app, person.email, EMAIL_LINK);
    // Opened on another device, not signed in there: it says the email is verified, then what next.
    const elsewhere = await browser.newContext();
    const otherDevice = await elsewhere.newPage();
    await visit(otherDevice, link);
    await otherDevice.getByText(EMAIL_VERIFIED_NOW).waitFor();
    await otherDevice
      .getByText(`Please login to verify the mobile number of ${person.username}.`)
      .waitFor();
    await elsewhere.close();
    await visit(page, link);
    await page.waitForURL((url) => url.pathname === '/otp-phone-verify');
    await page.getByRole('heading', { name: 'Verify Mobile Number' }).waitFor();
    await alert(page, MESSAGES.otpSent).waitFor();
    await page.getByTestId('otp-tries-left').waitFor();

    // A wrong code: 'Incorrect OTP.', and how many more codes may be sent today.
    const code = await fromMailbox(app, `+91${person.phone}`, OTP_CODE);
    const wrong = code === '000000' ? '111111' : '000000';
    await field(page, 'OTP number').fill(wrong);
    await page.getByRole('button', { name: 'Submit' }).click();
    await alert(page, MESSAGES.incorrectOtp).waitFor();
    // The focus is back on the code, to type it again.
    await expect
      .poll(() => field(page, 'OTP number').evaluate((input) => input === document.activeElement))
      .toBe(true);
    expect(await page.getByTestId('otp-tries-left').innerText()).toMatch(
      /\d+ more codes? can be sent today\.|Daily limit reached/,
    );
    await page.screenshot({ path: '/tmp/boli-acc-otp.png', fullPage: true });

    // Pasted in two groups, as an SMS app may copy it: the whole code, not cut at 6 characters.
    await field(page, 'OTP number').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    expect(await field(page, 'OTP number').inputValue()).toBe(code);
    await page.getByRole('button', { name: 'Submit' }).click();
    await alert(page, MESSAGES.phoneVerified).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'My Ads' }).waitFor();
    // Said again once the page has reloaded, so that it is not gone in a blink; and only once.
    await page.getByText(MESSAGES.phoneVerified).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('boli.noticeAfterReload'))).toBeNull();
    await page.getByRole('link', { name: person.username }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeTruthy();

    // Full access: the settings page, with switches that stick.
    await visit(page, '/settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    const showEmail = page.getByRole('switch', { name: 'Show my email' });
    const before = await showEmail.isChecked();
    await showEmail.click();
    // Saved as it is switched, and said so, in white on a green it reads on (5.1:1).
    const saved = page.getByText(MESSAGES.settingsUpdated);
    await saved.waitFor();
    expect(
      await saved.evaluate(
        (text) => getComputedStyle(text.closest('.notistack-MuiContent') ?? text).backgroundColor,
      ),
    ).toBe('rgb(46, 125, 50)');
    await visit(page, '/settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Show my email' }).isChecked()).toBe(!before);
    // A second tab switched it back: this one follows as it comes back into view.
    const other = await context.newPage();
    await visit(other, '/settings');
    await other.getByRole('switch', { name: 'Show my email' }).click();
    await other.getByText(MESSAGES.settingsUpdated).waitFor();
    await page.bringToFront();
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect
      .poll(() => page.getByRole('switch', { name: 'Show my email' }).isChecked())
      .toBe(before);
    await other.close();
    // The notices that also go by email: on from sign-up; turned off, they stay off.
    const notices = page.getByRole('switch', { name: ACCOUNT_MESSAGES.emailNoticesSwitch });
    expect(await notices.isChecked()).toBe(true);
    await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/user/changeSetting')),
      notices.click(),
    ]);
    await visit(page, '/settings');
    await page.getByRole('heading', { name: 'Emails' }).waitFor();
    expect(
      await page.getByRole('switch', { name: ACCOUNT_MESSAGES.emailNoticesSwitch }).isChecked(),
    ).toBe(false);
    await page.screenshot({ path: '/tmp/boli-acc-settings.png', fullPage: true });
    await context.close();
  });

  it('set out from a page and sent to log in, signs up instead and comes back to it', async () => {
    const person = newPerson('acc');
    const { context, page } = await desktop();
    await visit(page, '/login?redirect=%2Fsettings');
    await page.getByRole('link', { name: 'Sign up', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/register');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/settings');
    // Back to Login from here keeps where the member set out for.
    const backToLogin = page.getByRole('main').getByRole('link', { name: 'Login', exact: true });
    expect(await backToLogin.getAttribute('href')).toBe('/login?redirect=%2Fsettings');
    await fillRegisterForm(page, person);
    // No code is asked for before the email is verified: the server would refuse it (403).
    const sends: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/otp/phone/send')) sends.push(sent.url());
    });
    await submitRegisterForm(page);
    await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
    await page.waitForTimeout(500);
    expect(sends).toEqual([]);
    // The email's link, opened in the same tab (it may be another: the page is kept for all).
    await visit(page, await fromMailbox(app, person.email, EMAIL_LINK));
    await page.getByRole('heading', { name: 'Verify Mobile Number' }).waitFor();
    await field(page, 'OTP number').fill(await fromMailbox(app, `+91${person.phone}`, OTP_CODE));
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('returnAfterVerify'))).toBeNull();
    await context.close();
  });
});

/** Register shows `person`'s profile as fillRegisterForm typed it, and no password. */
async function expectProfileKept(page: Page, person: Person): Promise<void> {
  await page.getByRole('heading', { name: 'Register' }).waitFor();
  await expect.poll(() => field(page, 'Email').inputValue()).toBe(person.email);
  const shown = {
    username: await field(page, 'Username').inputValue(),
    names: [
      await field(page, 'First name').inputValue(),
      await field(page, 'Last name').inputValue(),
    ],
    phone: await field(page, 'Mobile number').inputValue(),
    bidAlias: await field(page, 'Bid alias').inputValue(),
    gender: await page.getByRole('combobox', { name: 'Gender' }).innerText(),
    dob: await field(page, 'Date of birth').inputValue(),
    passwords: [
      await field(page, 'Password').inputValue(),
      await field(page, 'Confirm password').inputValue(),
    ],
  };
  expect(shown).toEqual({
    username: person.username,
    names: ['Asha', 'Rao'],
    phone: person.phone,
    bidAlias: person.bidAlias,
    gender: 'Female',
    dob: '1990-04-12',
    passwords: ['', ''],
  });
}

/** Everything the tab's sessionStorage holds, as text. */
const tabStorageText = (page: Page) => page.evaluate(() => JSON.stringify({ ...sessionStorage }));

describe('Register being filled in', () => {
  it('says a name typed past its most letters is too long at once, not only at Sign up', async () => {
    const { context, page } = await desktop();
    await visit(page, '/register');
    const firstName = field(page, 'First name');
    await firstName.fill('A'.repeat(LIMITS.firstLastNameMax));
    expect(await firstName.getAttribute('aria-invalid')).toBe('false');
    await firstName.pressSequentially('A');
    await expect.poll(() => firstName.getAttribute('aria-invalid')).toBe('true');
    await page.getByText(MESSAGES.max20).waitFor();
    // Other rules wait for Sign up: a half-typed email is not called wrong while typed.
    await field(page, 'Email').fill('asha@');
    expect(await field(page, 'Email').getAttribute('aria-invalid')).toBe('false');
    await context.close();
  });

  it('keeps the profile typed over a reload, and Login and Back, never a password; forgets it once sent', async () => {
    const person = newPerson('acc');
    const { context, page } = await desktop();
    await visit(page, '/register');
    await page.getByRole('heading', { name: 'Register' }).waitFor();
    await fillRegisterForm(page, person);
    await expect.poll(() => tabStorageText(page)).toContain('1990-04-12');
    expect(await tabStorageText(page)).not.toContain(person.password);

    await page.reload();
    await expectProfileKept(page, person);

    // A look at Login, and Back: still there; and again when Login's Sign up brings the guest back.
    await page.getByRole('main').getByRole('link', { name: 'Login', exact: true }).click();
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await page.goBack();
    await expectProfileKept(page, person);
    await page.getByRole('main').getByRole('link', { name: 'Login', exact: true }).click();
    await page.getByRole('main').getByRole('link', { name: 'Sign up', exact: true }).click();
    await expectProfileKept(page, person);

    // Signed up, the tab keeps none of it.
    await field(page, 'Password').fill(person.password);
    await field(page, 'Confirm password').fill(person.password);
    await submitRegisterForm(page);
    await page.getByRole('heading', { name: 'Verify Your Email' }).waitFor();
    expect(await tabStorageText(page)).not.toContain(person.email);
    await context.close();
  });
});

/** Whether `locator` has the focus and is wholly in view: where a refusal should take a member. */
const focusedInView = (locator: Locator) =>
  locator.evaluate((el) => {
    const { top, bottom } = el.getBoundingClientRect();
    return el === document.activeElement && top >= 0 && bottom <= window.innerHeight;
  });

describe('a refused long form on a phone', () => {
  it('Register takes the focus to the field to mend, whether the form or the api refused it', async () => {
    const taken = newPerson('acc');
    await signUp(app, taken, { verifyEmail: false });
    const person = { ...newPerson('acc'), email: taken.email };
    const { context, page } = await openPage(browser, {}, PHONE);
    await visit(page, '/register');
    // The mobile number pasted as people write it: the dial code and the grouping go.
    await fillRegisterForm(
      page,
      person,
      `+91 ${person.phone.slice(0, 5)} ${person.phone.slice(5)}`,
    );
    expect(await field(page, 'Mobile number').inputValue()).toBe(person.phone);
    await field(page, 'Captcha answer').fill(answerCaptcha(await captchaQuestion(page)));
    await page.evaluate(() => window.scrollTo(0, 0));

    // Sign up is at the bottom, the notice at the top: the focus goes to the unticked terms.
    const signUpButton = page.getByRole('button', { name: 'Sign up' });
    await signUpButton.click();
    await expect.poll(() => focusedInView(page.getByRole('checkbox'))).toBe(true);
    await page.getByRole('checkbox').check();

    // The api refuses the taken email after Confirm: the focus goes up to the Email field.
    await signUpButton.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await alert(page, MESSAGES.emailExists).waitFor();
    await expect.poll(() => focusedInView(field(page, 'Email'))).toBe(true);
    await context.close();
  });

  it('Edit profile takes the focus to the field to mend, then saves', async () => {
    const member = await createMember(app, { address: true });
    const { context, page } = await openAs(browser, member, PHONE);
    await visit(page, '/editprofile');
    await page.getByRole('heading', { name: 'Edit profile' }).waitFor();
    // Opened and left unchanged, it lets the member go without asking.
    await page.getByRole('banner').getByRole('link', { name: 'Boli' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await visit(page, '/editprofile');
    await page.getByRole('heading', { name: 'Edit profile' }).waitFor();
    // On the narrowest phones the user search's placeholder is short enough to read whole.
    const userSearch = page.getByRole('combobox', { name: 'Search users' }).first();
    expect(await userSearch.getAttribute('placeholder')).toBe('Search users');
    await page.setViewportSize({ width: 320, height: 700 });
    await expect.poll(() => userSearch.getAttribute('placeholder')).toBe('Users');
    await page.setViewportSize(PHONE);
    // Given at sign-up, never to change: shown, but not offered for editing.
    for (const fixed of ['Date of birth', 'Gender']) {
      expect(await field(page, fixed).getAttribute('readonly')).not.toBeNull();
    }
    // Written as every date in the app is, not in the browser's own format.
    expect(await field(page, 'Date of birth').inputValue()).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    // Names and address say what they are, for a phone's autofill.
    for (const [label, hint] of [
      ['First name', 'given-name'],
      ['Street', 'address-line2'],
      ['Pincode', 'postal-code'],
    ] as const) {
      expect(await field(page, label).getAttribute('autocomplete')).toBe(hint);
    }
    await field(page, 'Street').fill('');
    await field(page, 'Link 1 URL').fill('not a link');
    const save = page.getByRole('button', { name: 'Save' });
    await save.click();
    await alert(page, MESSAGES.invalidForm).waitFor();
    await expect.poll(() => focusedInView(field(page, 'Street'))).toBe(true);

    // The same refusal again, now only for the link far below: the focus follows it there.
    await field(page, 'Street').fill('Pusa Road');
    await save.click();
    await expect.poll(() => focusedInView(field(page, 'Link 1 URL'))).toBe(true);
    await page.getByText('A web address, like https://instagram.com/yourname').waitFor();

    // Copied without its https://, the address is given it once the field is left.
    await field(page, 'Link 1 URL').fill('example.in/asha');
    await field(page, 'Link 1 URL').press('Tab');
    expect(await field(page, 'Link 1 URL').inputValue()).toBe('https://example.in/asha');
    // The last field marked is mended: the notice above the form goes with its mark.
    await alert(page, MESSAGES.invalidForm).waitFor({ state: 'detached' });
    // Leaving with changes not saved asks first: Stay keeps them, Save then goes without asking.
    await page.getByRole('banner').getByRole('link', { name: 'Boli' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Stay' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/editprofile');
    // Cancel, below the form beside Save, asks the same.
    await page.getByRole('link', { name: 'Cancel', exact: true }).click();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/editprofile');
    expect(await field(page, 'Link 1 URL').inputValue()).toBe('https://example.in/asha');
    // A reload, once the browser's own question is answered, finds every change still there.
    await field(page, 'Company name').fill('Acme Typed');
    const answerLeave = (dialog: Dialog) => void dialog.accept();
    page.on('dialog', answerLeave);
    await page.reload();
    page.off('dialog', answerLeave);
    await page.getByRole('heading', { name: 'Edit profile' }).waitFor();
    await expect.poll(() => field(page, 'Company name').inputValue()).toBe('Acme Typed');
    await page.getByText('Your changes were kept; they are not saved until Save.').waitFor();
    expect(await field(page, 'Link 1 URL').inputValue()).toBe('https://example.in/asha');
    expect(await field(page, 'Street').inputValue()).toBe('Pusa Road');
    // Offline, Save says so (not that the profile was not updated), and keeps what was typed.
    await context.setOffline(true);
    await save.click();
    await alert(page, MESSAGES.offline).waitFor();
    await context.setOffline(false);
    // Online again, it is no longer said.
    await alert(page, MESSAGES.offline).waitFor({ state: 'detached' });
    expect(await field(page, 'Link 1 URL').inputValue()).toBe('https://example.in/asha');
    await save.click();
    await page.waitForURL((url) => url.pathname === '/profile-me');
    await page.getByText('Acme Typed').first().waitFor();

    // Another state empties the district and the pincode, which belonged to the old place.
    await visit(page, '/editprofile');
    await page.getByRole('heading', { name: 'Edit profile' }).waitFor();
    expect(await field(page, 'Pincode').inputValue()).not.toBe('');
    await page.getByRole('combobox', { name: /^State/ }).click();
    await page.getByRole('option', { name: 'Kerala', exact: true }).click();
    expect(await field(page, 'Pincode').inputValue()).toBe('');
    expect(await page.getByRole('combobox', { name: /^District/ }).innerText()).not.toContain(
      'Central',
    );
    // It says so under the field, until a pincode is typed there.
    const emptied = page.getByRole('status').filter({ hasText: PINCODE_EMPTIED_HINT });
    await emptied.waitFor();
    await field(page, 'Pincode').fill('682001');
    await emptied.waitFor({ state: 'detached' });
    await context.close();
  });
});

/** A small real picture, as a member would choose one. */
const picture = () =>
  sharp({ create: { width: 120, height: 120, channels: 3, background: '#2f6f9d' } })
    .png()
    .toBuffer();

describe('one member editing their profile on two devices', () => {
  it('keeps what one saved when the other, opened before, saves another field', async () => {
    const member = await createMember(app, { address: true });
    const [first, second] = [await openAs(browser, member), await openAs(browser, member)];
    for (const { page } of [first, second]) {
      await visit(page, '/editprofile');
      await page.getByRole('heading', { name: 'Edit profile' }).waitFor();
    }
    await field(first.page, 'Education').fill('MBA');
    await first.page.getByRole('button', { name: 'Save' }).click();
    await first.page.waitForURL((url) => url.pathname === '/profile-me');
    // The second still shows the education as it was, and saves only its own change.
    expect(await field(second.page, 'Education').inputValue()).not.toBe('MBA');
    await field(second.page, 'Company name').fill('QA Traders');
    await second.page.getByRole('button', { name: 'Save' }).click();
    await second.page.waitForURL((url) => url.pathname === '/profile-me');
    const { body } = await api(app, '/api/user', { token: member.token });
    expect(body.data).toMatchObject({ education: 'MBA', bnr: 'QA Traders' });
    await first.context.close();
    await second.context.close();
  });

  it('shows a new picture in the member’s other tab, the replaced one being gone', async () => {
    const member = await createMember(app, { address: false });
    const { context, page } = await openAs(browser, member);
    const other = await context.newPage();
    await visit(other, '/myAds');
    await visit(page, '/profile-me');
    await page
      .getByLabel('Profile picture file')
      .setInputFiles([{ name: 'me.png', mimeType: 'image/png', buffer: await picture() }]);
    await page.getByText(MESSAGES.profilePicUpdated).waitFor();
    const topBarPicture = (tab: Page) =>
      tab.getByRole('banner').locator('img').first().getAttribute('src');
    await expect.poll(() => topBarPicture(page)).toMatch(/^\/media\//);
    await expect.poll(() => topBarPicture(other)).toBe(await topBarPicture(page));
    await context.close();
  });
});

describe('a member whose phone is not validated', () => {
  it('is sent from the login page to the OTP screen', async () => {
    const person = newPerson('acc');
    await signUp(app, person);
    const { context, page } = await desktop();
    await login(page, person.username, person.password);
    await page.waitForURL((url) => url.pathname === '/otp-phone-verify');
    await page.getByRole('heading', { name: 'Verify Mobile Number' }).waitFor();
    await alert(page, MESSAGES.otpSent).waitFor();
    // Every page of theirs is this screen: the bar offers nothing that leads back to it.
    const bar = page.getByRole('banner');
    for (const name of ['Search users', 'Search ads'])
      expect(await bar.getByLabel(name, { exact: true }).count()).toBe(0);
    expect(await bar.getByRole('link', { name: 'My Ads' }).count()).toBe(0);
    expect(await bar.getByRole('button', { name: /^Notifications/ }).count()).toBe(0);
    // It says whose account is signed in, though.
    expect(await bar.getByLabel(`Signed in as ${person.username}`).innerText()).toBe(
      person.username,
    );
    await bar.getByRole('button', { name: 'Menu' }).click();
    await expect
      .poll(() => page.getByRole('menuitem').allInnerTexts())
      .toEqual(['Contact Us', 'Terms and Condition', 'Privacy policy', 'Logout']);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await bar.getByRole('link', { name: 'Login', exact: true }).waitFor();
    await context.close();
  });
});

describe('Login with OTP (section 1)', () => {
  it('signs a member in with a code sent to the verified phone, back to the page asked for', async () => {
    const member = await createMember(app, { address: false });
    const phone = `+91${member.phone}`;
    // The phone check's code, sent as the member signed up: the sign-in code is another.
    const checkCode = await fromMailbox(app, phone, OTP_CODE);
    const { context, page } = await desktop();
    await visit(page, '/login?redirect=%2Fprofile-me');
    await page.getByRole('link', { name: 'Login with OTP' }).click();
    await page.getByRole('heading', { name: 'Login with OTP' }).waitFor();
    await field(page, 'Email or username').fill(member.username);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await alert(page, MESSAGES.otpSent).waitFor();
    // The tab and the main region are named after what the page is here.
    expect(await page.title()).toBe('Login with OTP · Boli');
    await page.getByRole('main', { name: 'Login with OTP' }).waitFor();
    // Only the number's last digits: whoever typed the username is not told the number.
    expect(await page.getByTestId('otp-sent-to').textContent()).toBe(
      `+91 ••••••••${member.phone.slice(-2)}`,
    );
    // Nothing here changes a verified number.
    expect(await page.getByRole('button', { name: /change/i }).count()).toBe(0);
    const code = await fromMailbox(app, phone, new RegExp(`\\b(?!${checkCode}\\b)\\d{6}\\b`));
    await field(page, 'OTP number').fill(code);
    await page.getByRole('button', { name: 'Submit' }).click();
    await alert(page, ACCOUNT_MESSAGES.otpSignedIn).waitFor();
    await page.waitForURL((url) => url.pathname === '/profile-me');
    // The member's own page, which a guest is sent away from.
    await page.getByRole('main').getByText(member.username).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile-me');
    await context.close();
  });

  it('says when a username names nobody, and offers the other ways in', async () => {
    const { context, page } = await desktop();
    await visit(page, '/otp-phone');
    await field(page, 'Email or username').fill('nobody_here_42');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await alert(page, MESSAGES.noAccountSignupFirst).waitFor();
    // No code went out, so none is asked for; a name of nobody may sign up.
    expect(await field(page, 'OTP number').count()).toBe(0);
    expect(await page.getByRole('main').getByRole('link', { name: 'Sign up' }).count()).toBe(1);
    // Back to the name, as typed, to mend it.
    await page.getByRole('link', { name: 'Use another username' }).click();
    await page.waitForURL((url) => url.pathname === '/otp-phone');
    expect(await field(page, 'Email or username').inputValue()).toBe('nobody_here_42');
    const password = page.getByRole('main').getByRole('link', { name: 'Login with password' });
    expect(await password.getAttribute('href')).toBe('/login?username=nobody_here_42');
    await password.click();
    expect(await field(page, 'Email or username').inputValue()).toBe('nobody_here_42');
    await context.close();
  });
});

describe('a forgotten password', () => {
  it('is reset with the mailed link, and the new one logs in', async () => {
    const person = newPerson('acc');
    await signUp(app, person);
    const { context, page } = await desktop();
    await visit(page, '/forgot-password');
    await page.getByRole('button', { name: 'Send Email' }).click();
    await expect.poll(() => focusedInView(field(page, 'Email'))).toBe(true);
    await field(page, 'Email').fill(person.email);
    await page.getByRole('button', { name: 'Send Email' }).click();
    await alert(page, MESSAGES.resetEmailSent).waitFor();
    expect(await field(page, 'Email').inputValue()).toBe('');

    const link = await fromMailbox(app, person.email, RESET_LINK);
    await visit(page, link);
    await page.getByRole('heading', { name: 'Set password' }).waitFor();
    // It names the account it sets the password of; nobody is signed in here to be misled.
    await page.getByTestId('reset-account').getByText(person.username, { exact: true }).waitFor();
    expect(await page.getByTestId('reset-other-account').count()).toBe(0);
    // Refused by the server as too common; then a password the form itself refuses is said
    // alone, not under the server's word about the one before.
    await field(page, 'New password').fill('password');
    await field(page, 'Confirm new password').fill('password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText(COMMON_PASSWORD_MESSAGE).waitFor();
    await field(page, 'New password').fill('Lotus#9753'.repeat(3));
    await field(page, 'Confirm new password').fill('Lotus#9753'.repeat(3));
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText(MESSAGES.max20).first().waitFor();
    expect(await page.getByText(COMMON_PASSWORD_MESSAGE).count()).toBe(0);
    const fresh = 'Lotus#9753';
    await field(page, 'New password').fill(fresh);
    await field(page, 'Confirm new password').fill('Lotus#0000');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText(MESSAGES.resetPasswordMismatch).waitFor();
    // The focus goes to the field to fix.
    await expect
      .poll(() =>
        field(page, 'Confirm new password').evaluate((input) => input === document.activeElement),
      )
      .toBe(true);
    await field(page, 'Confirm new password').fill(fresh);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText(MESSAGES.passwordChanged).waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    // The spent link says so as it opens, before a password is typed into it.
    await visit(page, link);
    await alert(page, ACCOUNT_MESSAGES.resetLinkInvalid).waitFor();
    expect(await field(page, 'New password').count()).toBe(0);

    await login(page, person.username, person.password);
    await alert(page, 'Invalid username or password.').waitFor();
    // The focus goes to the password, to type it again.
    expect(
      await field(page, 'Password').evaluate((input) => input === document.activeElement),
    ).toBe(true);
    await login(page, person.email, fresh);
    await page.waitForURL((url) => url.pathname === '/otp-phone-verify');
    await context.close();
  });
});

/** The member's real access token, re-signed with the api's secret as if it had expired. */
function expiredToken(token: string): string {
  const secret = app.config.JWT_SECRET;
  const claims = JSON.parse(
    Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
  ) as object;
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${encode({ alg: 'HS256' })}.${encode({ ...claims, iat: now - 3600, exp: now - 60 })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

describe('an expired session', () => {
  it('ends with “Your session expired. Please login again.” when the refresh fails', async () => {
    const person = newPerson('acc');
    await signUp(app, person);
    const signin = await post('/api/auth/signin', {
      username: person.username,
      password: person.password,
    });
    const userId = String((signin.body.userDetail as { _id?: unknown } | undefined)?._id ?? '');
    const token = expiredToken((signin.body.data as { token: string }).token);
    // Ask the api first: the web's behaviour is defined for a 403 TOKEN_EXPIRED.
    const probe = await fetch(new URL('/api/user', app.baseUrl), {
      headers: { authorization: `Bearer ${token}` },
    });
    const probeBody = (await probe.json()) as { msg?: string };
    expect([probe.status, probeBody.msg]).toEqual([403, 'TOKEN_EXPIRED']);

    const { context, page } = await desktop({
      jwt: token,
      refreshToken: 'not-a-refresh-token',
      userId,
      username: person.username,
    });
    await visit(page, '/settings');
    await page.getByText(MESSAGES.sessionExpired).waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Login', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
    await context.close();
  });
});

describe('an expired access token with a good refresh token', () => {
  it('is renewed once, quietly, and the member stays logged in', async () => {
    const person = newPerson('acc');
    await signUp(app, person);
    const signin = await post('/api/auth/signin', {
      username: person.username,
      password: person.password,
    });
    const data = signin.body.data as { refreshToken?: string } | null;
    const userId = String((signin.body.userDetail as { _id?: unknown } | undefined)?._id ?? '');
    const expired = expiredToken((signin.body.data as { token: string }).token);
    const { context, page } = await desktop({
      jwt: expired,
      refreshToken: data?.refreshToken ?? '',
      userId,
      username: person.username,
    });
    // Renewed before it is sent (`tokenLapsed`): no call goes out to be refused first.
    const refused: string[] = [];
    page.on('response', (answer) => {
      if (answer.status() === 403) refused.push(answer.url());
    });
    await visit(page, '/');
    // The phone is not validated, so the member sees the OTP screen, not the guest's ad list.
    await page.getByRole('heading', { name: 'Verify Mobile Number' }).waitFor();
    const stored = await page.evaluate(() => [
      localStorage.getItem('jwt'),
      localStorage.getItem('refreshToken'),
    ]);
    expect(stored[0]).not.toBe(expired);
    expect(stored[1]).not.toBe(data?.refreshToken);
    expect(await page.getByText(MESSAGES.sessionExpired).count()).toBe(0);
    expect(refused).toEqual([]);
    await context.close();
  });

  /** A member signed up and in, with the access token expired and the refresh token good. */
  async function expiredSession() {
    const person = newPerson('acc');
    await signUp(app, person);
    const signin = await post('/api/auth/signin', {
      username: person.username,
      password: person.password,
    });
    const data = signin.body.data as { token: string; refreshToken: string };
    return {
      jwt: expiredToken(data.token),
      refreshToken: data.refreshToken,
      userId: String((signin.body.userDetail as { _id?: unknown } | undefined)?._id ?? ''),
      username: person.username,
    };
  }

  it('is renewed once for two tabs opened at once, and both stay logged in', async () => {
    const session = await expiredSession();
    const { context, page: first } = await desktop();
    // Stored once for the browser, as tabs restored together find it; not by each tab.
    await first.goto(new URL('/api/none', app.baseUrl).href);
    await first.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, session);
    const second = await context.newPage();
    const refreshes: number[] = [];
    context.on('request', (request) => {
      if (request.url().endsWith('/api/auth/refresh')) refreshes.push(Date.now());
    });
    await Promise.all([visit(first, '/'), visit(second, '/')]);
    for (const page of [first, second]) {
      await page.getByRole('heading', { name: 'Verify Mobile Number' }).waitFor();
    }
    expect(refreshes).toHaveLength(1);
    const jwt = await first.evaluate(() => localStorage.getItem('jwt'));
    expect(jwt).not.toBeNull();
    expect(jwt).not.toBe(session.jwt);
    for (const page of [first, second]) {
      expect(await page.getByText(MESSAGES.sessionExpired).count()).toBe(0);
    }
    await context.close();
  });

  it('is kept when the refresh cannot reach the api, and renewed once it can', async () => {
    const session = await expiredSession();
    const { context, page } = await desktop(session);
    let cut = true;
    await page.route('**/api/auth/refresh', (route) => (cut ? route.abort() : route.fallback()));
    await visit(page, '/settings');
    await page.getByText(MESSAGES.sessionUnchecked).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBe(
      session.refreshToken,
    );
    expect(await page.getByText(MESSAGES.sessionExpired).count()).toBe(0);
    cut = false;
    // Checked again on its own (every 10 s, or when the browser is back online).
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByRole('heading', { name: 'Verify Mobile Number' }).waitFor();
    await context.close();
  });

  it('is kept when the renewal was made but its answer lost, and renewed when asked again', async () => {
    const session = await expiredSession();
    const { context, page } = await desktop(session);
    let lose = true;
    await page.route('**/api/auth/refresh', async (route) => {
      if (!lose) return route.fallback();
      await route.fetch(); // the api renews the session; the answer never reaches the page
      await route.abort('connectionreset');
    });
    await visit(page, '/settings');
    await page.getByText(MESSAGES.sessionUnchecked).first().waitFor();
    lose = false;
    // Asked again with the token the lost renewal spent: renewed, not taken for a copy.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByRole('heading', { name: 'Verify Mobile Number' }).waitFor();
    expect(await page.getByText(MESSAGES.sessionExpired).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).not.toBe(
      session.refreshToken,
    );
    await context.close();
  });
});

describe('the accounts screens without the accounts api', () => {
  it('show the login form with its links', async () => {
    const { context, page } = await desktop();
    await visit(page, '/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    for (const link of ['Forgot password?', 'Sign up', 'Contact Us']) {
      await page.getByRole('main').getByRole('link', { name: link }).waitFor();
    }
    await page.getByRole('button', { name: 'Show Password' }).click();
    expect(await field(page, 'Password').getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    expect(await page.getByText(MESSAGES.cannotBeBlank).count()).toBe(2);
    // The focus goes to the first field to fill, not the button.
    await expect.poll(() => focusedInView(field(page, 'Email or username'))).toBe(true);
    expect(pathOf(page)).toBe('/login');
    await context.close();
  });
});
