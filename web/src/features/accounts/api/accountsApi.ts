import { ApiError, apiEnvelope } from '../../../app/api/client.ts';
import { parseTokens } from '../../../app/session/refreshTokens.ts';
import type { SessionTokens } from '../../../app/session/sessionContext.ts';
import { parseSessionUser, type SessionUser } from '../../../app/session/sessionUser.ts';
import { readStored } from '../../../app/session/storage.ts';
import type { OtpLogin, OtpSent } from '../machines/otp.machine.ts';
import type { SignupResult, SignupValues } from '../machines/signup.machine.ts';
import { isRecord } from '../../../lib/records.ts';
import { dayMonthYear } from '@boli/engine/shared/indiaTime';

/* The accounts calls of docs/api/accounts.md, as the screens use them. */

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The token of an account still being verified (the email and OTP steps), else the login one. */
export const verificationToken = (): string | null =>
  readStored('validationJWT') ?? readStored('jwt');

export type Captcha = { captchaId: string; question: string };

export async function fetchCaptcha(): Promise<Captcha> {
  const { data } = await apiEnvelope<unknown>('/api/auth/captcha');
  if (!isRecord(data)) throw new ApiError(200, '');
  return { captchaId: text(data.captchaId), question: text(data.question) };
}

/**
 * POST /api/auth/captcha/check: resolves when the answer is right (the captcha stays good for the
 * sign-up); rejects with 'Wrong captcha answer.' on `captchaAnswer` when not (it is spent).
 */
export async function checkCaptcha(input: {
  captchaId: string;
  captchaAnswer: string;
}): Promise<void> {
  await apiEnvelope('/api/auth/captcha/check', { json: input });
}

export async function signup(values: SignupValues): Promise<SignupResult> {
  const { data } = await apiEnvelope<unknown>('/api/auth/signup', {
    json: {
      ...values,
      dob: dayMonthYear(values.dob),
      country: { name: values.country },
      termsOfServicesCheckBox: values.termsOfServicesCheckBox ? 'true' : 'false',
    },
  });
  if (!isRecord(data)) throw new ApiError(200, '');
  return {
    userId: String(data.userId ?? ''),
    username: text(data.username) || values.username,
    validationJWT: text(data.validationJWT),
  };
}

export type SignedIn = { tokens: SessionTokens; user: SessionUser; validationJWT: string | null };

/** POST /api/auth/signin: the tokens in data, the member's detail beside them. */
export async function signin(username: string, password: string): Promise<SignedIn> {
  const envelope = await apiEnvelope<unknown>('/api/auth/signin', {
    json: { username, password },
  });
  const tokens = parseTokens(envelope.data);
  const user =
    parseSessionUser(envelope) ?? parseSessionUser(isRecord(envelope.data) ? envelope.data : null);
  if (!tokens || !user) throw new ApiError(200, envelope.msg);
  const data = isRecord(envelope.data) ? envelope.data : {};
  const validationJWT = text(envelope.validationJWT) || text(data.validationJWT) || null;
  return { tokens, user, validationJWT };
}

export async function forgotPassword(email: string): Promise<string> {
  return (await apiEnvelope('/api/auth/forgotPassword', { json: { email } })).msg;
}

/** Resolves when the reset link `q` can still set a password; rejects with why not (its code). */
/** Whether the reset link can set a password (it throws when not); the account's username. */
export async function checkResetLink(q: string): Promise<string | null> {
  const answer = await apiEnvelope<{ username?: unknown }>('/api/resetPassword/check', {
    query: { q },
  });
  return typeof answer.data?.username === 'string' ? answer.data.username : null;
}

export async function resetPassword(password: string, rePassword: string, q: string) {
  return (await apiEnvelope('/api/resetPassword', { json: { password, rePassword, q } })).msg;
}

export async function validateEmail(
  q: string,
): Promise<{ emailValidated: boolean; mobileValidated: boolean; username: string }> {
  const { data } = await apiEnvelope<unknown>('/api/auth/emailValidate', {
    query: { user_id: q },
    token: readStored('validationJWT'),
  });
  const detail = isRecord(data) ? data : {};
  return {
    emailValidated: detail.emailValidated === true,
    mobileValidated: detail.mobileValidated === true,
    username: text(detail.username),
  };
}

export async function resendEmail(username: string): Promise<void> {
  await apiEnvelope('/api/auth/resendEmail', {
    json: { username },
    token: verificationToken(),
  });
}

const sendsInFlight = new Map<string, Promise<OtpSent>>();

/**
 * Which code: the phone check's, with the account's token; or, with `signIn`, one to sign in with,
 * asked for with no token at all (one left by another account's sign-up must not speak).
 */
type OtpCall = { username: string; signIn?: boolean };

const otpToken = ({ signIn }: OtpCall): string | null => (signIn ? null : verificationToken());

/**
 * Sends (or resends) the OTP. A send already under way for the same user and kind is joined, not
 * repeated: React's development mode restarts the screen's machine once as it mounts, and each
 * send spends one of the day's tries.
 */
export function sendOtp(input: OtpCall & { resend: boolean }): Promise<OtpSent> {
  const key = `${input.signIn ? 'signIn' : 'check'}:${input.resend ? 'resend' : 'send'}:${input.username}`;
  let pending = sendsInFlight.get(key);
  if (!pending) {
    pending = postSendOtp(input).finally(() => sendsInFlight.delete(key));
    sendsInFlight.set(key, pending);
  }
  return pending;
}

async function postSendOtp(call: OtpCall & { resend: boolean }): Promise<OtpSent> {
  const path = `/api/auth/signin/otp/phone/${call.resend ? 'resend' : 'send'}`;
  const { data } = await apiEnvelope<unknown>(path, {
    json: { username: call.username },
    token: otpToken(call),
  });
  const triesLeft = isRecord(data) && typeof data.triesLeft === 'number' ? data.triesLeft : null;
  const sentTo = isRecord(data) && typeof data.sentTo === 'string' ? data.sentTo : null;
  // An api before it said so sent every time.
  const sent = !(isRecord(data) && data.sent === false);
  return { triesLeft, sentTo, sent };
}

/**
 * POST /api/auth/signin/otp/phone/change: a number mistyped at sign-up, changed before it is
 * verified; the server's msg when done. Refused as Register refuses a number (errors on `phone`),
 * or 'This phone number already exists.'.
 */
export async function changeUnverifiedPhone(input: {
  username: string;
  phone: string;
  phoneCode: string;
}): Promise<string> {
  const { msg } = await apiEnvelope<unknown>('/api/auth/signin/otp/phone/change', {
    json: input,
    token: verificationToken(),
  });
  return msg;
}

export async function verifyOtp(call: OtpCall & { otp: string }) {
  const { data } = await apiEnvelope<unknown>('/api/auth/signin/otp/phone/verify', {
    json: { username: call.username, otp: call.otp },
    token: otpToken(call),
  });
  const tokens = parseTokens(data);
  if (!tokens) throw new ApiError(200, '');
  return { ...tokens, userDetail: isRecord(data) ? data.userDetail : null } satisfies OtpLogin;
}
