import type { Context, Next } from 'koa';
import type { Router } from '@koa/router';
import { accountDecider, otpTriesLeft } from '@boli/engine/accounts/account.decider';
import { otpIsVoid } from '@boli/engine/accounts/account.state';
import {
  accountStream,
  type AccountEvent,
  type OtpPurpose,
} from '@boli/engine/accounts/account.events';
import {
  otpSendSchema,
  otpVerifySchema,
  phoneChangeSchema,
} from '@boli/engine/accounts/account.schemas';
import {
  phoneWithLastTwoShown,
  phoneCodeOf,
  phoneErrors,
} from '@boli/engine/accounts/account.rules';
import { DomainError } from '@boli/engine/shared/decider';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { bearerToken, validationAuth } from '../../http/auth.ts';
import { commandMetadata, execute } from '../../http/commands.ts';
import { success } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { refusalOf, statusOfDomainError } from '../../http/domainErrors.ts';
import { PER_IP_LIMITS, RATE_LIMITS } from '../../identity/rateLimit.ts';
import { otpCode } from '../../identity/tokens.ts';
import {
  dropMessageSecret,
  keyedHash,
  loadAccount,
  mobileValidated,
  storeMessageSecret,
} from './accounts.ts';
import { findUserIdByLogin, movePhoneIdentity, phoneIdentityOf } from './identities.ts';
import {
  assertSameAccount,
  limitRate,
  memberActor,
  openSession,
  parseForm,
  refuse,
  type AuthInfra,
} from './support.ts';

/**
 * What a verified phone changes that the member reads next: the session's userDetail (`users`)
 * and the 7-day trial it starts (`entitlements`), so that the member's first bid or ad, sent the
 * moment the answer comes, finds them entitled.
 */
const MOBILE_VERIFIED_READ_MODELS = ['users', 'entitlements'];
const OTP_VERIFY_LIMIT = { ...RATE_LIMITS.otp, name: 'otp-verify' };

/**
 * A purpose's own counters: Login with OTP, asked for by anyone who types a username, must not
 * use up the attempts of a new member's phone check, which needs the member's own token.
 */
const limitsOf = (purpose: OtpPurpose) => {
  const suffix = purpose === 'signIn' ? '-signin' : '';
  return {
    send: { ...RATE_LIMITS.otp, name: `${RATE_LIMITS.otp.name}${suffix}` },
    verify: { ...OTP_VERIFY_LIMIT, name: `${OTP_VERIFY_LIMIT.name}${suffix}` },
  };
};
/** The answer to a changed number. */
export const PHONE_CHANGED = 'Mobile number changed. Send a code to it to verify it.';

/**
 * An OTP refusal as the screen reads it: msg, errors[0].message and data.triesLeft (the sends
 * left today); a refused code also says data.attemptsLeft, the codes that may still be tried
 * before the verify limit makes the member wait.
 */
function otpRefusal(
  ctx: Context,
  status: number,
  msg: string,
  triesLeft: number,
  code: string,
  attemptsLeft?: number,
) {
  refuse(ctx, status, msg, {
    data: { triesLeft, ...(attemptsLeft === undefined ? {} : { attemptsLeft }) },
    errors: [{ field: 'otp', message: msg }],
    code,
  });
}

/**
 * The number a code went to, as the answer says it: whole to the account's own caller (a mistyped
 * one is seen and changed); to anyone who types a username to sign in, its last digits only.
 */
function sentToOf(caller: OtpCaller, phoneCode: string, phone: string): string {
  const code = phoneCodeOf(phoneCode) ?? phoneCode;
  return `${code} ${caller.purpose === 'signIn' ? phoneWithLastTwoShown(phone) : phone}`;
}

/**
 * A refusal as Login with OTP tells it to whoever typed the username: its code and words, none of
 * the account's state the decider's details hold; a block, as password sign-in keeps it until
 * the password is right, not named.
 */
function toStranger(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  if (error.code === 'ACCOUNT_BLOCKED') {
    return new ApiError(403, ACCOUNT_MESSAGES.otpSignInUnavailable, 'SIGNIN_UNAVAILABLE');
  }
  const { code, message } = refusalOf(error);
  return new ApiError(statusOfDomainError(code).status, message, code);
}

/** Whose code a call is about, and what for. */
type OtpCaller = { userId: string; purpose: OtpPurpose };

/**
 * The phone check (section 4, third step) and sign-in by phone OTP (section 1): send, resend and
 * verify the 6-digit code. With a token (the sign-up's validation token, or a login) a call is
 * about that account's phone check; without one, about a code to sign in with, sent to the
 * verified phone of the account the username names.
 */
export function otpRoutes(router: Router, infra: AuthInfra): void {
  const withToken = validationAuth(infra);
  /** The phone check needs its token; sign-in has none to give. */
  const otpAuth = (ctx: Context, next: Next) =>
    bearerToken(ctx) === undefined ? next() : withToken(ctx, next);
  const callerOf = async (ctx: Context, username: string): Promise<OtpCaller> => {
    const userId = await findUserIdByLogin(infra.db, username);
    if (ctx.state.account) {
      return { userId: assertSameAccount(ctx, userId), purpose: 'mobileVerification' };
    }
    if (userId === undefined) {
      throw new ApiError(404, MESSAGES.noAccountSignupFirst, 'ACCOUNT_NOT_FOUND');
    }
    return { userId, purpose: 'signIn' };
  };

  // The page sends on load (`send`): a second tab's load finds the code it just sent standing,
  // rather than spending another of the day's sends. Resend always sends a new code.
  const sending = (unlessJustSent: boolean) => async (ctx: Context) => {
    const { username } = parseForm(otpSendSchema, ctx.request.body);
    // The caller's IP first: one over its limit spends none of the account's attempts, and
    // cannot go on asking which names have accounts (an unknown one is a 404).
    await limitRate(ctx, infra, PER_IP_LIMITS.otp, [`ip:${ctx.ip}`]);
    const caller = await callerOf(ctx, username);
    const { userId, purpose } = caller;
    await limitRate(ctx, infra, limitsOf(purpose).send, [`user:${userId}`]);
    const state = await loadAccount(infra.store, userId);
    const metadata = commandMetadata(ctx, memberActor(userId));
    const code = otpCode(LIMITS.otp.digits);
    // OtpIssued takes the command's event id; the code waits for the outbox under it.
    await storeMessageSecret(
      infra.db,
      metadata.eventId,
      code,
      new Date(Date.parse(metadata.now) + LIMITS.otp.validMinutes * 60_000),
    );
    let issued: readonly AccountEvent[];
    try {
      ({ events: issued } = await execute(infra, {
        streamId: accountStream(userId),
        decider: accountDecider,
        command: {
          type: 'IssueOtp',
          data: {
            purpose,
            codeHash: keyedHash(infra.config.JWT_SECRET, purpose, code),
            unlessJustSent,
          },
          metadata,
        },
      }));
    } catch (error) {
      await dropMessageSecret(infra.db, metadata.eventId);
      if (error instanceof DomainError && error.code === 'OTP_DAILY_LIMIT') {
        return otpRefusal(ctx, 429, MESSAGES.dailyLimitServer, 0, error.code);
      }
      throw purpose === 'signIn' ? toStranger(error) : error;
    }
    // The code just sent stands: this one is never sent, and the answer says so (`sent`), lest
    // the member wait for a second text.
    const sent = issued.length > 0;
    if (!sent) await dropMessageSecret(infra.db, metadata.eventId);
    const after = issued.reduce(accountDecider.evolve, state);
    // The number it went to, so that a mistyped one is seen (and changed on the same screen).
    const sentTo = sentToOf(caller, after.phoneCode, after.phone);
    ctx.body = success(
      { triesLeft: otpTriesLeft(after, metadata.now), sentTo, sent },
      sent ? MESSAGES.otpSent : MESSAGES.otpStillStands,
    );
  };
  router.post('/api/auth/signin/otp/phone/send', otpAuth, sending(true));
  router.post('/api/auth/signin/otp/phone/resend', otpAuth, sending(false));

  /**
   * A number mistyped at sign-up, changed on the OTP screen before it is verified: checked as
   * Register checks it, claimed for the account (another's: 409 'This phone number already
   * exists.'), then recorded; the screen sends a code to it next.
   */
  router.post('/api/auth/signin/otp/phone/change', validationAuth(infra), async (ctx) => {
    const { username, phone, phoneCode } = parseForm(phoneChangeSchema, ctx.request.body);
    const userId = assertSameAccount(ctx, await findUserIdByLogin(infra.db, username));
    await limitRate(ctx, infra, RATE_LIMITS.phoneChange, [`user:${userId}`]);
    const typed = phone.trim();
    const errors = phoneErrors(typed, phoneCode);
    if (errors.length > 0) {
      return refuse(ctx, 400, errors[0]!, {
        errors: errors.map((message) => ({ field: 'phone', message })),
      });
    }
    const state = await loadAccount(infra.store, userId);
    if (mobileValidated(state)) {
      return refuse(ctx, 409, ACCOUNT_MESSAGES.mobileAlreadyVerified, {
        code: 'MOBILE_ALREADY_VERIFIED',
      });
    }
    if (!(await movePhoneIdentity(infra.db, userId, phoneIdentityOf(typed, phoneCode)))) {
      return refuse(ctx, 409, MESSAGES.phoneExists, {
        errors: [{ field: 'phone', message: MESSAGES.phoneExists }],
        code: 'PHONE_EXISTS',
      });
    }
    const changed = { phone: typed, phoneCode: phoneCodeOf(phoneCode)! };
    try {
      await execute(infra, {
        streamId: accountStream(userId),
        decider: accountDecider,
        command: {
          type: 'ChangeUnverifiedPhone',
          data: changed,
          metadata: commandMetadata(ctx, memberActor(userId)),
        },
      });
    } catch (error) {
      // Not recorded (verified meanwhile, say): the account keeps its number, and holds it.
      await movePhoneIdentity(infra.db, userId, phoneIdentityOf(state.phone, state.phoneCode));
      throw error;
    }
    ctx.body = success(changed, PHONE_CHANGED);
  });

  router.post('/api/auth/signin/otp/phone/verify', otpAuth, async (ctx) => {
    const body = ctx.request.body as Record<string, unknown> | undefined;
    const { username } = parseForm(otpSendSchema, body);
    await limitRate(ctx, infra, PER_IP_LIMITS.otpVerify, [`ip:${ctx.ip}`]);
    const { userId, purpose } = await callerOf(ctx, username);
    const attemptsLeft = await limitRate(ctx, infra, limitsOf(purpose).verify, [`user:${userId}`]);
    const state = await loadAccount(infra.store, userId);
    const now = new Date().toISOString();
    const parsed = otpVerifySchema.safeParse(body);
    if (!parsed.success) {
      return otpRefusal(
        ctx,
        400,
        MESSAGES.incorrectOtp,
        otpTriesLeft(state, now),
        'OTP_INVALID',
        attemptsLeft,
      );
    }
    let events: readonly AccountEvent[];
    try {
      ({ events } = await execute(infra, {
        streamId: accountStream(userId),
        decider: accountDecider,
        command: {
          type: 'VerifyOtp',
          data: {
            purpose,
            codeHash: keyedHash(infra.config.JWT_SECRET, purpose, parsed.data.otp),
          },
          metadata: commandMetadata(ctx, memberActor(userId)),
        },
        // A sign-in changes nothing read.
        readModels: purpose === 'mobileVerification' ? MOBILE_VERIFIED_READ_MODELS : [],
      }));
    } catch (error) {
      if (error instanceof DomainError && error.code.startsWith('OTP_')) {
        return otpRefusal(
          ctx,
          400,
          error.message,
          otpTriesLeft(state, now),
          error.code,
          attemptsLeft,
        );
      }
      throw purpose === 'signIn' ? toStranger(error) : error;
    }
    const after = events.reduce(accountDecider.evolve, state);
    if (events.some((event) => event.type === 'OtpVerificationFailed')) {
      // The last wrong guess the code takes says so: Resend OTP, not another guess, is next.
      const voided = after.otp !== null && otpIsVoid(after.otp);
      return otpRefusal(
        ctx,
        400,
        voided ? ACCOUNT_MESSAGES.otpWrongAndVoid : MESSAGES.incorrectOtp,
        otpTriesLeft(after, now),
        voided ? 'OTP_CODE_VOID' : 'OTP_INVALID',
        attemptsLeft,
      );
    }
    const done = purpose === 'signIn' ? ACCOUNT_MESSAGES.otpSignedIn : MESSAGES.phoneVerified;
    ctx.body = success(await openSession(ctx, infra, after), done);
  });
}
