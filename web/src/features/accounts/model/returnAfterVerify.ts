import { safeRedirectTarget } from '../../../app/guards/access.ts';
import { readStored, removeStored, writeStored } from '../../../app/session/storage.ts';

/*
 * A member who set out from a page — an ad they wanted to bid on, sent to Login and on to Sign up
 * or to the OTP screen — comes back to it once their phone is verified, not to the home page.
 */

/** Remembers where to come back to (`redirect`, Login's ?redirect=); home is not worth keeping. */
export function keepReturnAfterVerify(redirect: string | null): void {
  const target = safeRedirectTarget(redirect);
  if (target === '/') removeStored('returnAfterVerify');
  else writeStored('returnAfterVerify', target);
}

/** Where the OTP's success goes: the page remembered (once), else home. */
export function takeReturnAfterVerify(): string {
  const target = safeRedirectTarget(readStored('returnAfterVerify'));
  removeStored('returnAfterVerify');
  return target;
}

/** `path` with the query of `redirect` (a path of this app, not home) and a `username` typed. */
const withQuery = (path: string, redirect: string | null, username?: string): string => {
  const query = new URLSearchParams();
  const target = safeRedirectTarget(redirect);
  if (target !== '/') query.set('redirect', target);
  if (username?.trim()) query.set('username', username.trim());
  return query.toString() ? `${path}?${query}` : path;
};

/**
 * Login, asked to go on to `redirect` (Register's ?redirect=, from Login's) once signed in, with
 * the `username` already typed elsewhere (Login with OTP) in its field.
 */
export const loginPath = (redirect: string | null, username?: string): string =>
  withQuery('/login', redirect, username);

/** The sign-up page, asked to come back to `redirect` (Login's ?redirect=) in the end. */
export const signUpPath = (redirect: string | null): string => {
  const target = safeRedirectTarget(redirect);
  return target === '/' ? '/register' : `/register?redirect=${encodeURIComponent(target)}`;
};

/**
 * Login with OTP's username page (/otp-phone), asked to go on to `redirect` once signed in, with
 * the `username` typed on Login (or refused there) in its field.
 */
export const otpLoginPath = (redirect: string | null, username?: string): string =>
  withQuery('/otp-phone', redirect, username);

/** The query that makes /otp-phone-verify Login with OTP: `?signin=<username>`. */
export const SIGN_IN_PARAM = 'signin';

/** Login with OTP's code page for `username`, then on to `redirect`. */
export const otpSignInPath = (username: string, redirect: string | null): string => {
  const query = new URLSearchParams({ [SIGN_IN_PARAM]: username });
  const target = safeRedirectTarget(redirect);
  if (target !== '/') query.set('redirect', target);
  return `/otp-phone-verify?${query}`;
};

/** The name of the page a member signs in on with a code (Login with OTP). */
export const SIGN_IN_TITLE = 'Login with OTP';
