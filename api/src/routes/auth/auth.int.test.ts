import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { accountStream } from '@boli/engine/accounts/account.events';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { rebuild } from '@boli/projections';
import { hasActiveEntitlement } from '@boli/projections/entitlements/entitlements.queries';
import { outboxProjection } from '@boli/projections/outbox/outbox.projection';
import { startApp, type TestApp } from '../../../../ops/src/testing/app.ts';
import { eventually } from '../../../../ops/src/testing/apiKit.ts';
import { SessionService } from '../../identity/sessions.ts';
import { sha256 } from '../../identity/tokens.ts';
import { COMMON_PASSWORD_MESSAGE } from '../../identity/passwords.ts';
import { INVALID_CREDENTIALS } from './session.ts';
import { tooManyAttempts } from '../../identity/rateLimit.ts';

type Body = {
  data: Record<string, unknown> | null;
  error: boolean;
  msg: string;
  errors?: { field: string; message: string }[];
  [key: string]: unknown;
};

let app: TestApp;
let db: Knex;

beforeAll(async () => {
  app = await startApp();
  db = knex({ client: 'pg', connection: app.databaseUrl, pool: { min: 0, max: 4 } });
}, 180_000);

afterAll(async () => {
  await db?.destroy();
  await app?.stop();
});

async function api(
  path: string,
  options: { json?: unknown; form?: Record<string, string>; token?: string } = {},
) {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${app.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: (text ? JSON.parse(text) : {}) as Body,
  };
}

async function captcha(): Promise<{ captchaId: string; captchaAnswer: string }> {
  const { body } = await api('/api/auth/captcha');
  const { captchaId, question } = body.data as { captchaId: string; question: string };
  const [, a, b] = /What is (\d+) \+ (\d+)\?/.exec(question)!;
  return { captchaId, captchaAnswer: String(Number(a) + Number(b)) };
}

type Member = { username: string; email: string; phone: string; password: string };

const newMember = (): Member => {
  const username = `m${randomBytes(4).toString('hex')}`;
  return {
    username,
    email: `${username}@example.com`,
    phone: `9${String(randomInt(0, 1e9)).padStart(9, '0')}`,
    password: 'Kx7#mq2Lzw',
  };
};

const signupForm = (member: Member, overrides: Record<string, unknown> = {}) => ({
  firstname: 'Asha',
  lastname: 'Rao',
  email: member.email,
  username: member.username,
  bidAlias: 'Zyxwvu',
  password: member.password,
  confirmPassword: member.password,
  gender: 'Female',
  dob: '15-08-1990',
  phone: member.phone,
  phoneCode: '+91',
  country: 'India',
  termsOfServicesCheckBox: 'true',
  ...overrides,
});

async function signup(member: Member, overrides: Record<string, unknown> = {}) {
  return api('/api/auth/signup', {
    json: { ...signupForm(member, overrides), ...(await captcha()) },
  });
}

/** The newest message the sandboxes received for `to` whose text matches `pattern`. */
async function waitForMessage(to: string, pattern: RegExp, count = 1): Promise<string[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { body } = await api(`/dev/api/mailbox?to=${encodeURIComponent(to)}`);
    const texts = (body.data as unknown as { text: string }[])
      .map((entry) => entry.text)
      .filter((text) => pattern.test(text));
    if (texts.length >= count) return texts;
    if (Date.now() > deadline) throw new Error(`no message matching ${pattern} for ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const linkIn = (text: string, path: string): string => new RegExp(`${path}/(\\S+)`).exec(text)![1]!;

/** A member signed up whose email link was followed: the OTP screen's step is next. */
async function emailVerifiedMember() {
  const member = newMember();
  const registered = await signup(member);
  expect(registered.status).toBe(200);
  const validationJWT = String(registered.body.data!.validationJWT);
  const [mail] = await waitForMessage(member.email, /email-verify/);
  await api(`/api/auth/emailValidate?user_id=${linkIn(mail!, '/email-verify')}`);
  return { member, registered, validationJWT };
}

async function verifiedMember(): Promise<Member & { userId: string; token: string }> {
  const { member, registered, validationJWT } = await emailVerifiedMember();
  await api('/api/auth/signin/otp/phone/send', {
    json: { username: member.username },
    token: validationJWT,
  });
  const [sms] = await waitForMessage(`+91${member.phone}`, /verification code/);
  const code = /(\d{6})/.exec(sms!)![1]!;
  const verified = await api('/api/auth/signin/otp/phone/verify', {
    json: { username: member.username, otp: code },
    token: validationJWT,
  });
  expect(verified.status).toBe(200);
  return {
    ...member,
    userId: String(registered.body.data!.userId),
    token: String(verified.body.data!.token),
  };
}

describe('a mobile number mistyped at sign-up', () => {
  it('is changed on the OTP screen, the code goes to the new one, and the old one is free', async () => {
    const { member, validationJWT } = await emailVerifiedMember();
    const change = (phone: string, phoneCode = '+91') =>
      api('/api/auth/signin/otp/phone/change', {
        json: { username: member.username, phone, phoneCode },
        token: validationJWT,
      });

    // Checked as Register checks it; another member's number is refused.
    const bad = await change('0123456789');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'phone', message: MESSAGES.invalidMobile }]);
    const other = await verifiedMember();
    const taken = await change(other.phone);
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe(MESSAGES.phoneExists);

    const fixed = newMember().phone;
    const changed = await change(fixed, '91');
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({ phone: fixed, phoneCode: '+91' });
    await api('/api/auth/signin/otp/phone/send', {
      json: { username: member.username },
      token: validationJWT,
    });
    const [sms] = await waitForMessage(`+91${fixed}`, /verification code/);
    const code = /(\d{6})/.exec(sms!)![1]!;
    const verified = await api('/api/auth/signin/otp/phone/verify', {
      json: { username: member.username, otp: code },
      token: validationJWT,
    });
    expect(verified.status).toBe(200);
    expect((verified.body.data as { userDetail: { phone: string } }).userDetail.phone).toContain(
      fixed,
    );
    // Verified, it is no longer changed here; the mistyped one is free for its owner.
    const late = await change(newMember().phone);
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe(ACCOUNT_MESSAGES.mobileAlreadyVerified);
    expect((await signup(newMember(), { phone: member.phone })).status).toBe(200);
  });
});

describe('sign-in by phone OTP (section 1), with no token', () => {
  /** The login codes sent to `phone`: SMS that say what they are for, apart from the check's. */
  const loginCodesTo = async (phone: string, count: number) =>
    (await waitForMessage(`+91${phone}`, /login code\b.*If you did not try to log in/, count)).map(
      (text) => /(\d{6})/.exec(text)![1]!,
    );
  const sendLoginCode = (username: string) =>
    api('/api/auth/signin/otp/phone/send', { json: { username } });

  it('sends a code to the verified phone the username names, and the code signs in once', async () => {
    const member = await verifiedMember();
    const sent = await sendLoginCode(member.username);
    expect(sent.status).toBe(200);
    // Whoever typed the username sees only the number's last digits.
    expect(sent.body).toMatchObject({
      msg: MESSAGES.otpSent,
      data: { triesLeft: expect.any(Number), sentTo: `+91 ••••••••${member.phone.slice(-2)}` },
    });
    const [code] = await loginCodesTo(member.phone, 1);

    const verify = (otp: string) =>
      api('/api/auth/signin/otp/phone/verify', { json: { username: member.username, otp } });
    const wrong = await verify(code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe(MESSAGES.incorrectOtp);

    const right = await verify(code!);
    expect(right.status).toBe(200);
    expect(right.body.msg).toBe(ACCOUNT_MESSAGES.otpSignedIn);
    const session = right.body.data as { token: string; userDetail: Record<string, unknown> };
    expect(session.userDetail).toMatchObject({
      username: member.username,
      mobileValidated: true,
    });
    // A session like the password's: it opens the member's own calls.
    const seen = await api('/api/notification/seen', { token: session.token });
    expect(seen.status).toBe(200);
    // The code is spent.
    expect((await verify(code!)).body.msg).toBe(MESSAGES.incorrectOtp);
  });

  it('says when wrong guesses have voided the code, and takes it no more', async () => {
    const member = await verifiedMember();
    await sendLoginCode(member.username);
    const [code] = await loginCodesTo(member.phone, 1);
    const verify = (otp: string) =>
      api('/api/auth/signin/otp/phone/verify', { json: { username: member.username, otp } });
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let guess = 1; guess < 3; guess++) {
      expect((await verify(wrongCode)).body).toMatchObject({ code: 'OTP_INVALID' });
    }
    // The third: wrong, and the code is void; Resend OTP is the way on.
    expect((await verify(wrongCode)).body).toMatchObject({
      msg: ACCOUNT_MESSAGES.otpWrongAndVoid,
      code: 'OTP_CODE_VOID',
    });
    expect((await verify(code!)).body).toMatchObject({
      msg: ACCOUNT_MESSAGES.otpCodeVoid,
      code: 'OTP_CODE_VOID',
    });
  });

  it('spends none of a new member’s phone-check attempts, whatever strangers try', async () => {
    const { member, validationJWT } = await emailVerifiedMember();
    for (let i = 0; i < 11; i++) {
      await api('/api/auth/signin/otp/phone/verify', {
        json: { username: member.username, otp: '000000' },
      });
    }
    // The member's own check, with their token, is not held back by the strangers' tries: a
    // wrong code of theirs is told so, not 'Too many attempts'.
    const sent = await api('/api/auth/signin/otp/phone/send', {
      json: { username: member.username },
      token: validationJWT,
    });
    expect(sent.status).toBe(200);
    const own = await api('/api/auth/signin/otp/phone/verify', {
      json: { username: member.username, otp: '000000' },
      token: validationJWT,
    });
    expect(own.status).not.toBe(429);
  });

  it('does not name a block to whoever types the username, as password sign-in does not', async () => {
    const member = await verifiedMember();
    const store = createPostgresEventStore({
      connectionString: app.databaseUrl,
      maxConnections: 1,
    });
    try {
      const now = new Date().toISOString();
      await store.append(
        accountStream(member.userId),
        [
          {
            type: 'AccountBlocked',
            data: { userId: member.userId, reason: 'spam', blockedBy: 'u-support', blockedAt: now },
            metadata: { eventId: randomUUID(), now },
          },
        ],
        'any',
      );
    } finally {
      await store.close();
    }
    const refused = await api('/api/auth/signin/otp/phone/send', {
      json: { username: member.username },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      msg: ACCOUNT_MESSAGES.otpSignInUnavailable,
      code: 'SIGNIN_UNAVAILABLE',
      data: null,
    });
  });

  it('refuses at sign-up an alias that is another member’s username', async () => {
    const someone = await verifiedMember();
    const refused = await signup(newMember(), { bidAlias: someone.username });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({
      field: 'bidAlias',
      message: MESSAGES.bidAliasIsUsername,
    });
  });

  it('sends none for a name of nobody, nor to a phone not verified yet', async () => {
    const nobody = await api('/api/auth/signin/otp/phone/send', {
      json: { username: `nobody${randomBytes(3).toString('hex')}` },
    });
    expect(nobody.status).toBe(404);
    expect(nobody.body).toMatchObject({
      msg: MESSAGES.noAccountSignupFirst,
      code: 'ACCOUNT_NOT_FOUND',
    });
    // Not verified: the password signs in, and the phone check follows.
    const { member } = await emailVerifiedMember();
    const unverified = await api('/api/auth/signin/otp/phone/send', {
      json: { username: member.username },
    });
    expect(unverified.status).toBe(403);
    expect(unverified.body).toMatchObject({
      msg: ACCOUNT_MESSAGES.otpSignInNeedsVerifiedMobile,
      code: 'SIGNIN_MOBILE_NOT_VERIFIED',
      // Nothing of the account's state beyond the refusal itself.
      data: null,
    });
    // Nor does a code sign in there: without the sign-up's token, no code is the phone check's.
    const verify = await api('/api/auth/signin/otp/phone/verify', {
      json: { username: member.username, otp: '123456' },
    });
    expect(verify.status).toBe(403);
  });
});

describe('the captcha checked before Register’s confirm dialog', () => {
  it('keeps a right answer good for the sign-up, and spends a wrong one', async () => {
    const right = await captcha();
    const checked = await api('/api/auth/captcha/check', { json: right });
    expect(checked.status).toBe(200);
    // Still good: the sign-up that follows takes it.
    const member = newMember();
    const signed = await api('/api/auth/signup', { json: { ...signupForm(member), ...right } });
    expect(signed.status).toBe(200);

    const wrong = await captcha();
    const refused = await api('/api/auth/captcha/check', {
      json: { ...wrong, captchaAnswer: String(Number(wrong.captchaAnswer) + 1) },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'CAPTCHA_WRONG',
      errors: [{ field: 'captchaAnswer' }],
    });
    // Spent: the right answer no longer signs up with it.
    const after = await api('/api/auth/signup', {
      json: { ...signupForm(newMember()), ...wrong },
    });
    expect(after.body.code).toBe('CAPTCHA_WRONG');
  });
});

describe('sign-up to full access, over HTTP', () => {
  it('captcha → signup → email link → OTP (wrong, then right) → a working session', async () => {
    const member = newMember();
    const registered = await signup(member);
    expect(registered.status).toBe(200);
    expect(registered.body).toMatchObject({
      error: false,
      msg: MESSAGES.emailSent,
      existingUser: false,
      data: { username: member.username },
    });
    const { userId, validationJWT } = registered.body.data as {
      userId: string;
      validationJWT: string;
    };

    // The phone step waits for the email.
    const early = await api('/api/auth/signin/otp/phone/send', {
      json: { username: member.username },
      token: validationJWT,
    });
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({
      msg: MESSAGES.emailNotValidated,
      code: 'EMAIL_NOT_VERIFIED',
    });

    const [mail] = await waitForMessage(member.email, /email-verify/);
    const q = linkIn(mail!, '/email-verify');
    expect(q).not.toContain(userId); // signed, not a bare id
    const validated = await api(`/api/auth/emailValidate?user_id=${q}`);
    expect(validated.status).toBe(200);
    expect(validated.body.data).toEqual({
      emailValidated: true,
      mobileValidated: false,
      username: member.username,
    });
    const forged = await api(`/api/auth/emailValidate?user_id=${userId}`);
    expect(forged.status).toBe(400);

    // Someone else's validation token cannot act on this account.
    const other = await signup(newMember());
    const foreign = await api('/api/auth/signin/otp/phone/send', {
      json: { username: member.username },
      token: String(other.body.data!.validationJWT),
    });
    expect(foreign.status).toBe(403);

    const sent = await api('/api/auth/signin/otp/phone/send', {
      json: { username: member.username },
      token: validationJWT,
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      msg: MESSAGES.otpSent,
      data: { triesLeft: 4, sentTo: `+91 ${member.phone}`, sent: true },
    });
    // The same page open in a second tab sends on load too: the code just sent stands, no
    // second text goes out and no try is spent.
    const again = await api('/api/auth/signin/otp/phone/send', {
      json: { username: member.username },
      token: validationJWT,
    });
    expect(again.body).toMatchObject({
      msg: MESSAGES.otpStillStands,
      data: { triesLeft: 4, sent: false },
    });
    const [sms] = await waitForMessage(`+91${member.phone}`, /verification code/);
    const code = /(\d{6})/.exec(sms!)![1]!;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await waitForMessage(`+91${member.phone}`, /verification code/)).toHaveLength(1);

    const wrong = await api('/api/auth/signin/otp/phone/verify', {
      json: { username: member.username, otp: code === '000000' ? '111111' : '000000' },
      token: validationJWT,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      msg: MESSAGES.incorrectOtp,
      errors: [{ field: 'otp', message: MESSAGES.incorrectOtp }],
      // The sends left today, and the codes that may still be tried this hour.
      data: { triesLeft: 4, attemptsLeft: 9 },
    });

    const right = await api('/api/auth/signin/otp/phone/verify', {
      json: { username: member.username, otp: code },
      token: validationJWT,
    });
    expect(right.status).toBe(200);
    expect(right.body.msg).toBe(MESSAGES.phoneVerified);
    // The trial it starts is read already: a bid sent the moment the answer comes is entitled.
    expect(await hasActiveEntitlement(db, userId, new Date())).toBe(true);
    // The email link opened again says both are verified now.
    expect((await api(`/api/auth/emailValidate?user_id=${q}`)).body.data).toMatchObject({
      emailValidated: true,
      mobileValidated: true,
    });
    const session = right.body.data as {
      token: string;
      refreshToken: string;
      userDetail: Record<string, unknown>;
    };
    expect(session.refreshToken).toEqual(expect.any(String));
    expect(session.userDetail).toMatchObject({
      _id: userId,
      username: member.username,
      emailValidated: true,
      mobileValidated: true,
      dob: '15-08-1990',
      trialEndsAt: expect.any(String),
    });

    // The session works on an authenticated call (a wrong old password is the account's answer).
    const authenticated = await api('/api/user/changePassword', {
      json: { oldPassword: 'not-my-password', password: 'Nw8#pq3Rtz', rePassword: 'Nw8#pq3Rtz' },
      token: session.token,
    });
    expect(authenticated.status).toBe(400);
    expect(authenticated.body.msg).toBe(ACCOUNT_MESSAGES.wrongOldPassword);
    expect(authenticated.body.errors).toEqual([
      { field: 'oldPassword', message: ACCOUNT_MESSAGES.wrongOldPassword },
    ]);
    expect(authenticated.body.code).toBe('WRONG_PASSWORD');
    expect((await api('/api/user/changePassword', { json: {} })).status).toBe(401);

    // The log holds no code and no link.
    const logged = await db('event_store_events')
      .where({ stream_id: `account-${userId}` })
      .select('data', 'metadata');
    const log = JSON.stringify(logged);
    expect(log).not.toContain(code);
    expect(log).not.toContain(q);
  });

  it('takes the form-encoded sign-up too', async () => {
    const member = newMember();
    const answer = await api('/api/auth/signup', {
      form: { ...signupForm(member), ...(await captcha()) } as Record<string, string>,
    });
    expect(answer.status).toBe(200);
  });

  it('refuses a wrong captcha, and a captcha used twice', async () => {
    const solved = await captcha();
    const wrong = await api('/api/auth/signup', {
      json: { ...signupForm(newMember()), ...solved, captchaAnswer: '99' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe('Wrong captcha answer.');
    const reused = await api('/api/auth/signup', {
      json: { ...signupForm(newMember()), ...solved },
    });
    expect(reused.status).toBe(400);
  });

  it('signs in a member whose mobile is not validated, with a validationJWT', async () => {
    const member = newMember();
    await signup(member);
    const answer = await api('/api/auth/signin', {
      json: { username: member.email.toUpperCase(), password: member.password },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      token: expect.any(String),
      refreshToken: expect.any(String),
    });
    expect(answer.body.userDetail).toMatchObject({ mobileValidated: false, emailValidated: false });
    expect(answer.body.validationJWT).toEqual(expect.any(String));
    const resend = await api('/api/auth/resendEmail', {
      json: { username: member.username },
      token: String(answer.body.validationJWT),
    });
    expect(resend.status).toBe(200);
    expect(resend.body).toMatchObject({ msg: MESSAGES.emailSent, data: { triesLeft: 4 } });
    await waitForMessage(member.email, /email-verify/, 2);
  });

  it('answers wrong credentials with 401 and the same words whether or not the user exists', async () => {
    const member = newMember();
    await signup(member);
    const wrong = await api('/api/auth/signin', {
      json: { username: member.username, password: 'wrong-password' },
    });
    const nobody = await api('/api/auth/signin', {
      json: { username: 'nobody-here', password: 'wrong-password' },
    });
    expect([wrong.status, nobody.status]).toEqual([401, 401]);
    expect(wrong.body.msg).toBe(INVALID_CREDENTIALS);
    expect(nobody.body.msg).toBe(INVALID_CREDENTIALS);
    const blank = await api('/api/auth/signin', { json: { username: '', password: '' } });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual([
      { field: 'username', message: MESSAGES.cannotBeBlank },
      { field: 'password', message: MESSAGES.cannotBeBlank },
    ]);
  });
});

describe('every validation message of section 5 the account calls can give', () => {
  const signupCases: [string, Record<string, unknown>, string, string][] = [
    ['blank first name', { firstname: ' ' }, 'firstname', MESSAGES.cannotBeBlank],
    ['long last name', { lastname: 'x'.repeat(21) }, 'lastname', MESSAGES.max20],
    ['bad email', { email: 'not-an-email' }, 'email', MESSAGES.invalidEmail],
    ['short username', { username: 'ab' }, 'username', MESSAGES.usernameLength],
    ['odd username', { username: 'ab cd!' }, 'username', MESSAGES.noSpecialCharacters],
    [
      'alias with the username',
      { bidAlias: 'USRsamXYZ', username: 'samuel' },
      'bidAlias',
      MESSAGES.bidAliasContainsUsername,
    ],
    [
      'short password',
      { password: '12345', confirmPassword: '12345' },
      'password',
      ACCOUNT_MESSAGES.passwordLength,
    ],
    [
      'common password',
      { password: 'password1', confirmPassword: 'password1' },
      'password',
      COMMON_PASSWORD_MESSAGE,
    ],
    [
      'mismatched confirmation',
      { confirmPassword: 'different1' },
      'confirmPassword',
      MESSAGES.confirmationMismatch,
    ],
    ['gender', { gender: 'Other' }, 'gender', MESSAGES.invalidGender],
    ['no such date', { dob: '31-02-1990' }, 'dob', MESSAGES.invalidDate],
    ['under 18', { dob: '01-01-2020' }, 'dob', ACCOUNT_MESSAGES.underage],
    ['letters in phone', { phone: '98765abcde' }, 'phone', MESSAGES.digitsOnly],
    ['short phone', { phone: '98765' }, 'phone', MESSAGES.invalidMobile],
    ['blank country', { country: '' }, 'country', MESSAGES.cannotBeBlank],
    [
      'terms',
      { termsOfServicesCheckBox: 'false' },
      'termsOfServicesCheckBox',
      MESSAGES.agreeToTermsToMoveForward,
    ],
  ];
  it.each(signupCases)('signup: %s', async (_name, overrides, field, message) => {
    const answer = await api('/api/auth/signup', { json: signupForm(newMember(), overrides) });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe(MESSAGES.invalidForm);
    expect(answer.body.errors).toContainEqual({ field, message });
  });

  const resetCases: [string, Record<string, string>, string, string][] = [
    [
      'mismatch',
      { password: 'Abcdef12', rePassword: 'Abcdef13' },
      'rePassword',
      MESSAGES.resetPasswordMismatch,
    ],
    [
      'too short',
      { password: 'Ab1', rePassword: 'Ab1' },
      'password',
      MESSAGES.changePasswordTooShort,
    ],
    ['empty', { password: '', rePassword: '' }, 'password', MESSAGES.cannotBeEmpty],
    [
      'too long',
      { password: 'A'.repeat(21), rePassword: 'A'.repeat(21) },
      'password',
      MESSAGES.max20,
    ],
  ];
  it.each(resetCases)('resetPassword: %s', async (_name, fields, field, message) => {
    const answer = await api('/api/resetPassword', { json: { ...fields, q: 'some-token' } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toContainEqual({ field, message });
  });

  const changeCases: [string, Record<string, string>, string, string][] = [
    [
      'all fields',
      { oldPassword: '', password: 'Abcdef12', rePassword: 'Abcdef12' },
      'form',
      MESSAGES.enterAllFields,
    ],
    [
      'empty',
      { oldPassword: '', password: 'Abcdef12', rePassword: 'Abcdef12' },
      'oldPassword',
      MESSAGES.cannotBeEmpty,
    ],
    [
      'too short',
      { oldPassword: 'Abcdef12', password: 'Ab1', rePassword: 'Ab1' },
      'password',
      MESSAGES.changePasswordTooShort,
    ],
    [
      'mismatch',
      { oldPassword: 'Abcdef12', password: 'Abcdef12', rePassword: 'Abcdef13' },
      'rePassword',
      MESSAGES.passwordsDoNotMatch,
    ],
    [
      'common',
      { oldPassword: 'Abcdef12', password: 'password1', rePassword: 'password1' },
      'password',
      COMMON_PASSWORD_MESSAGE,
    ],
    [
      'the old one again',
      {
        oldPassword: 'Kite#Runner2099',
        password: 'Kite#Runner2099',
        rePassword: 'Kite#Runner2099',
      },
      'password',
      ACCOUNT_MESSAGES.samePassword,
    ],
  ];
  let token: string;
  beforeAll(async () => {
    const member = newMember();
    await signup(member);
    token = String(
      (
        await api('/api/auth/signin', {
          json: { username: member.username, password: member.password },
        })
      ).body.data!.token,
    );
  });
  it.each(changeCases)('changePassword: %s', async (_name, fields, field, message) => {
    const answer = await api('/api/user/changePassword', { json: fields, token });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toContainEqual({ field, message });
  });

  it('limits old-password guesses as sign-in is limited: 429 with Retry-After', async () => {
    const member = await verifiedMember();
    const guesser = member.token;
    const guess = (oldPassword: string) =>
      api('/api/user/changePassword', {
        json: { oldPassword, password: 'Kite#Runner2099', rePassword: 'Kite#Runner2099' },
        token: guesser,
      });
    for (let i = 0; i < 10; i++) expect((await guess(`wrong-guess-${i}`)).status).toBe(400);
    // The right one too, once over the limit: the guesser learns nothing.
    const over = await guess(member.password);
    expect(over.status).toBe(429);
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    // At most the window's rest and a tenth of the next, as the ten guesses slide out of it.
    expect(retryAfter).toBeLessThanOrEqual(15 * 60 + 90);
    // The member is told when, as Retry-After says.
    expect(over.body.msg).toBe(tooManyAttempts(retryAfter));
  });
});

describe('one account per username, email and phone', () => {
  it('names what is taken, and a refused sign-up claims nothing', async () => {
    const first = newMember();
    expect((await signup(first)).status).toBe(200);

    const sameUsername = { ...newMember(), username: first.username.toUpperCase() };
    const byUsername = await signup(sameUsername);
    expect(byUsername.status).toBe(409);
    expect(byUsername.body).toMatchObject({
      msg: MESSAGES.alreadySignedUp,
      existingUser: true,
      code: 'USER_ALREADY_EXISTS',
    });

    const byEmail = await signup({ ...newMember(), email: first.email });
    expect(byEmail.status).toBe(409);
    expect(byEmail.body).toMatchObject({ msg: MESSAGES.emailExists, isEmailExist: true });

    const byPhone = await signup({ ...newMember(), phone: first.phone });
    expect(byPhone.status).toBe(409);
    expect(byPhone.body).toMatchObject({ msg: MESSAGES.phoneExists, isMobileExist: true });
    // The same number with its code spelt another way is the same number.
    const byCode = await signup({ ...newMember(), phone: first.phone }, { phoneCode: '91' });
    expect(byCode.status).toBe(409);
    expect(byCode.body).toMatchObject({ msg: MESSAGES.phoneExists, isMobileExist: true });

    // The refused attempt's own email and phone were given back.
    expect((await signup({ ...sameUsername, username: newMember().username })).status).toBe(200);
  });

  it('lets only one of two simultaneous sign-ups with one email through', async () => {
    const email = newMember().email;
    const answers = await Promise.all([
      signup({ ...newMember(), email }),
      signup({ ...newMember(), email }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});

describe('passwords', () => {
  it('forgot → reset → sign in with the new password; the old one and the link are spent', async () => {
    const member = await verifiedMember();
    const unknown = await api('/api/auth/forgotPassword', {
      json: { email: 'nobody@example.com' },
    });
    const known = await api('/api/auth/forgotPassword', { json: { email: member.email } });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(known.body.msg).toBe(MESSAGES.resetEmailSent);
    expect(unknown.body).toEqual(known.body);
    // What is no email at all is refused as the form refuses it, before any limit is counted.
    for (const email of ['not-an-email', `${'a'.repeat(250)}@example.com`, 12]) {
      const refused = await api('/api/auth/forgotPassword', { json: { email } });
      expect(refused.status, String(email)).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'email', message: MESSAGES.invalidEmail }]);
    }

    const [mail] = await waitForMessage(member.email, /resetPassword/);
    const q = linkIn(mail!, '/api/auth/resetPassword');
    // The Set password page asks about its link when it opens.
    const check = (token: string) => api(`/api/resetPassword/check?q=${encodeURIComponent(token)}`);
    const checked = await check(q);
    expect(checked.status).toBe(200);
    // It names the account whose password it sets: a member signed in as another is not misled.
    expect(checked.body.data).toEqual({ username: member.username });
    const forged = await check(`${q.slice(0, -1)}${q.endsWith('A') ? 'B' : 'A'}`);
    expect([forged.status, forged.body.code]).toEqual([400, 'RESET_TOKEN_INVALID']);
    expect((await check('not-a-link')).body.code).toBe('RESET_TOKEN_INVALID');
    for (const nonsense of ['', '%20%20', 'a'.repeat(300)]) {
      const answer = await api(`/api/resetPassword/check?q=${nonsense}`);
      expect([answer.status, answer.body.code]).toEqual([400, 'RESET_TOKEN_INVALID']);
    }
    expect((await api('/api/resetPassword/check')).body.code).toBe('RESET_TOKEN_INVALID');
    const newPassword = 'Qz9!rt4Wvb';
    const reset = await api('/api/resetPassword', {
      json: { password: newPassword, rePassword: newPassword, q },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.msg).toBe(MESSAGES.passwordChanged);
    const spent = await check(q);
    expect([spent.status, spent.body.msg]).toEqual([400, ACCOUNT_MESSAGES.resetLinkInvalid]);

    const again = await api('/api/resetPassword', {
      json: { password: 'Other9!pass', rePassword: 'Other9!pass', q },
    });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(ACCOUNT_MESSAGES.resetLinkInvalid);

    const withOld = await api('/api/auth/signin', {
      json: { username: member.username, password: member.password },
    });
    expect(withOld.status).toBe(401);
    const withNew = await api('/api/auth/signin', {
      json: { username: member.username, password: newPassword },
    });
    expect(withNew.status).toBe(200);
    expect(withNew.body.validationJWT).toBeUndefined();
    // The reset ended the sessions opened before it.
    expect((await api('/api/auth/logout', { json: {}, token: member.token })).status).toBe(401);
    // And the member is told, at their address, with no link in the email.
    const [notice] = await waitForMessage(
      member.email,
      /password of your Boli account was changed/,
    );
    expect(notice).not.toMatch(/https?:|Qz9/);
  });

  it('change password ends every other session and keeps this one', async () => {
    const member = await verifiedMember();
    const signin = () =>
      api('/api/auth/signin', { json: { username: member.username, password: member.password } });
    const here = (await signin()).body.data as { token: string };
    const elsewhere = (await signin()).body.data as { token: string; refreshToken: string };
    const changed = await api('/api/user/changePassword', {
      json: { oldPassword: member.password, password: 'Nw8#pq3Rtz', rePassword: 'Nw8#pq3Rtz' },
      token: here.token,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.msg).toBe(MESSAGES.passwordChangedLogin);
    expect((await api('/api/auth/logout', { json: {}, token: elsewhere.token })).status).toBe(401);
    expect(
      (await api('/api/auth/refresh', { json: { refreshToken: elsewhere.refreshToken } })).status,
    ).toBe(401);
    expect((await api('/api/auth/logout', { json: {}, token: here.token })).status).toBe(200);
    expect((await api('/api/auth/logout', { json: {}, token: here.token })).status).toBe(401);
    const [notice] = await waitForMessage(
      member.email,
      /password of your Boli account was changed/,
    );
    expect(notice).toMatch(/on \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} IST/);
  });
});

describe('sessions', () => {
  it('logout as the web app sends it, a POST without a body, ends the session', async () => {
    const member = await verifiedMember();
    const loggedOut = await fetch(`${app.baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(loggedOut.status).toBe(200);
    expect((await api('/api/user', { token: member.token })).status).toBe(401);
  });

  it('an expired access token answers 403 TOKEN_EXPIRED and the refresh token renews it', async () => {
    const member = await verifiedMember();
    const sessions = new SessionService(db, app.config.JWT_SECRET);
    const old = await sessions.issue(member.userId, ['member'], new Date(Date.now() - 3600_000));
    const expired = await api('/api/auth/logout', { json: {}, token: old.token });
    expect(expired.status).toBe(403);
    expect(expired.body.msg).toBe('TOKEN_EXPIRED');
    const renewed = await api('/api/auth/refresh', { json: { refreshToken: old.refreshToken } });
    expect(renewed.status).toBe(200);
    const { token, refreshToken } = renewed.body.data as { token: string; refreshToken: string };
    expect(refreshToken).not.toBe(old.refreshToken);
    // Asked again at once (its answer lost, say), the renewal gives the same refresh token.
    const again = await api('/api/auth/refresh', { json: { refreshToken: old.refreshToken } });
    expect(again.status).toBe(200);
    expect((again.body.data as { refreshToken: string }).refreshToken).toBe(refreshToken);
    expect((await api('/api/auth/logout', { json: {}, token })).status).toBe(200);
  });

  it('a spent refresh token presented again after the grace ends the session it renewed', async () => {
    const member = await verifiedMember();
    const signedIn = await api('/api/auth/signin', {
      json: { username: member.username, password: member.password },
    });
    const stolen = String((signedIn.body.data as { refreshToken: string }).refreshToken);
    const renewed = await api('/api/auth/refresh', { json: { refreshToken: stolen } });
    const current = renewed.body.data as { token: string; refreshToken: string };
    // As if the grace had passed since the renewal.
    await db('retired_refresh_tokens')
      .where({ token_hash: sha256(stolen) })
      .update({
        retired_at: new Date(Date.now() - (LIMITS.refreshReuseGraceSeconds + 1) * 1000),
      });
    const reused = await api('/api/auth/refresh', { json: { refreshToken: stolen } });
    expect(reused.status).toBe(401);
    expect(reused.body.msg).toBe(MESSAGES.sessionExpired);
    expect((await api('/api/user', { token: current.token })).status).toBe(401);
    expect(
      (await api('/api/auth/refresh', { json: { refreshToken: current.refreshToken } })).status,
    ).toBe(401);
  });

  it('limits sign-in attempts per account: 429 with Retry-After', async () => {
    const login = `nobody${randomBytes(3).toString('hex')}`;
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let i = 0; i < 11; i++) {
      const answer = await api('/api/auth/signin', { json: { username: login, password: 'x' } });
      statuses.push(answer.status);
      retryAfter = answer.headers.get('retry-after');
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('limits sign-in per account whichever way it is named: a locked username is locked by email', async () => {
    const member = await verifiedMember();
    for (let i = 0; i < 10; i++) {
      const login = i % 2 === 0 ? member.username : member.email.toUpperCase();
      expect(
        (await api('/api/auth/signin', { json: { username: login, password: 'x' } })).status,
      ).toBe(401);
    }
    for (const login of [member.username, member.email]) {
      const right = await api('/api/auth/signin', {
        json: { username: login, password: member.password },
      });
      expect(right.status).toBe(429);
    }
  });

  it('stops OTPs at the daily limit', async () => {
    const member = newMember();
    const registered = await signup(member);
    const token = String(registered.body.data!.validationJWT);
    const [mail] = await waitForMessage(member.email, /email-verify/);
    await api(`/api/auth/emailValidate?user_id=${linkIn(mail!, '/email-verify')}`);
    const tries: unknown[] = [];
    for (let i = 0; i < 5; i++) {
      const sent = await api('/api/auth/signin/otp/phone/resend', {
        json: { username: member.username },
        token,
      });
      tries.push(sent.body.data!.triesLeft);
    }
    expect(tries).toEqual([4, 3, 2, 1, 0]);
    const over = await api('/api/auth/signin/otp/phone/resend', {
      json: { username: member.username },
      token,
    });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      msg: MESSAGES.dailyLimitServer,
      data: { triesLeft: 0 },
      errors: [{ field: 'otp', message: MESSAGES.dailyLimitServer }],
    });
  });
});

describe('the outbox', () => {
  it('sends each message once, and a rebuilt projection sends nothing again', async () => {
    const member = newMember();
    await signup(member);
    await waitForMessage(member.email, /email-verify/);
    // Every message so far delivered (an SMS of an earlier test may still be on its way), so
    // that any later send could only be a rebuilt message sent again.
    await eventually(async () => {
      const [waiting] = await db('outbox_messages as m')
        .leftJoin('outbox_deliveries as d', 'd.message_id', 'm.id')
        .where((q) =>
          q.whereNull('d.message_id').orWhereIn('d.status', ['pending', 'retry', 'sending']),
        )
        .count<{ count: string }[]>('* as count');
      return Number(waiting!.count) === 0 ? true : null;
    });
    const sentBefore = await db('outbox_deliveries')
      .where({ status: 'sent' })
      .count<{ count: string }[]>('* as count');
    const mailboxBefore = await db('dev_mailbox').count<{ count: string }[]>('* as count');

    const store = createPostgresEventStore({
      connectionString: app.databaseUrl,
      maxConnections: 2,
    });
    try {
      await rebuild({
        databaseUrl: app.databaseUrl,
        store,
        projection: outboxProjection,
        logger: { info() {}, warn() {}, error() {} },
      });
    } finally {
      await store.close();
    }
    // The rebuilt read model has the messages again; the sweeps run every second.
    expect(
      Number((await db('outbox_messages').count<{ count: string }[]>('* as count'))[0]!.count),
    ).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const mailboxAfter = await db('dev_mailbox').count<{ count: string }[]>('* as count');
    expect(mailboxAfter[0]!.count).toBe(mailboxBefore[0]!.count);
    const sentAfter = await db('outbox_deliveries')
      .where({ status: 'sent' })
      .count<{ count: string }[]>('* as count');
    expect(sentAfter[0]!.count).toBe(sentBefore[0]!.count);
    // Every verification email of this member arrived exactly once.
    expect(await waitForMessage(member.email, /email-verify/)).toHaveLength(1);
  });

  it('has the dev mailbox page, with clickable links', async () => {
    const member = newMember();
    await signup(member);
    await waitForMessage(member.email, /email-verify/);
    const page = await fetch(`${app.baseUrl}/dev/mailbox?to=${encodeURIComponent(member.email)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toMatch(/<a href="http[^"]+\/email-verify\/[^"]+">/);
  });
});
