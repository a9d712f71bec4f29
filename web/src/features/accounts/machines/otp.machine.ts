import { assign, enqueueActions, fromPromise, raise, setup } from 'xstate';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { cooldownRegion } from './cooldown.ts';
import { ApiError, firstMessageOf } from '../../../app/api/client.ts';
import {
  lastCodeStillValid,
  otpOnLoad,
  type LastOtpSend,
  type OtpOnLoad,
} from '../model/lastOtpSend.ts';

/**
 * What a send or resend answers: the sends left today and the number the code went to (null when
 * the answer does not say).
 */
/** A send's answer; `sent` false when the code sent a moment ago stood and none went out. */
export type OtpSent = { triesLeft: number | null; sentTo: string | null; sent: boolean };

/** A verified phone: the member is signed in with full access. */
export type OtpLogin = { token: string; refreshToken?: string; userDetail: unknown };

export type Notice = { severity: 'success' | 'error'; text: string };

type Context = {
  username: string;
  triesLeft: number | null;
  /** The codes that may still be tried before the verify limit makes the member wait; null: unknown. */
  attemptsLeft: number | null;
  notice: Notice | null;
  /** The number the code standing now went to; null: not known, or none since it was changed. */
  sentTo: string | null;
  /** Seconds until Resend OTP is enabled again; 0 when it is. */
  cooldown: number;
  login: OtpLogin | null;
  /** Whether the send under way is a Resend OTP (section 8 treats its failures differently). */
  resend: boolean;
  /** Whether the send under way follows Verify Email (its refusal is then said, section 8). */
  checkingEmail: boolean;
  /** The last code sent for this member, as the screen remembers it across loads; null: none. */
  lastSend: LastOtpSend | null;
  /** When the send under way was asked for. */
  sendingSince: number;
  /** What the screen does as it opens, decided once from `lastSend`. */
  onLoad: OtpOnLoad;
  /**
   * The screen knows the email is not verified yet (a sign-up just made, a login that said so):
   * it opens on Verify Your Email without a send the server would refuse.
   */
  emailUnverified: boolean;
  /** Login with OTP (section 1), not the phone check: a right code signs in. */
  signIn: boolean;
  /**
   * Codes may not be checked for a while (the api's verify limit, 429, or a refusal that said no
   * attempt is left): Submit and Resend OTP wait for a reload, so no send is spent on a code that
   * would expire before it could be tried.
   */
  checkingPaused: boolean;
  now: () => number;
};

type Event =
  | { type: 'VERIFY'; otp: string }
  | { type: 'RESEND' }
  | { type: 'RETRY' }
  /** The number was changed: the code standing went to the old one. */
  | { type: 'NUMBER_CHANGED' }
  /** `seconds`: what is left of a countdown begun before the screen opened. */
  | { type: 'COOLDOWN.START'; seconds?: number }
  /**
   * Another tab had a code sent for this member (the email link followed there): the email is
   * verified, and that code is the one to enter.
   */
  | { type: 'SENT_ELSEWHERE'; lastSend: LastOtpSend };

const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';
const MOBILE_ALREADY_VERIFIED = 'MOBILE_ALREADY_VERIFIED';
const OTP_EXPIRED = 'OTP_EXPIRED';
/** The code took too many wrong guesses: only a new one can be tried. */
const OTP_CODE_VOID = 'OTP_CODE_VOID';
/**
 * Login with OTP's refusals that send no code, whatever is tried next: a name of nobody, a phone
 * not verified (or an email), a blocked account (docs/api/accounts.md); with what the screen says
 * in place of the api's words, where they would leave a visitor with no way on.
 */
const SIGN_IN_REFUSALS: Readonly<Record<string, string | null>> = {
  ACCOUNT_NOT_FOUND: null,
  SIGNIN_MOBILE_NOT_VERIFIED: null,
  [EMAIL_NOT_VERIFIED]: ACCOUNT_MESSAGES.otpSignInNeedsVerifiedEmail,
  ACCOUNT_BLOCKED: null,
  SIGNIN_UNAVAILABLE: null,
};

/** What a Login with OTP send refused for good says (SIGN_IN_REFUSALS). */
const signInRefusalText = (error: unknown): string =>
  (error instanceof ApiError && SIGN_IN_REFUSALS[error.code]) || failureText(error);

const triesLeftIn = (data: unknown): number | null => {
  if (typeof data !== 'object' || data === null || !('triesLeft' in data)) return null;
  const { triesLeft } = data;
  return typeof triesLeft === 'number' ? triesLeft : null;
};

/** A refused code's data.attemptsLeft (docs/api/accounts.md); null when it does not say. */
const attemptsLeftIn = (data: unknown): number | null => {
  if (typeof data !== 'object' || data === null || !('attemptsLeft' in data)) return null;
  const { attemptsLeft } = data;
  return typeof attemptsLeft === 'number' ? attemptsLeft : null;
};

/**
 * Under a refused code, once few are left: how many more may be tried before a wait (the api's
 * verify limit), so the last ones are not spent blindly. Null while plenty are left.
 */
export function attemptsWarning(attemptsLeft: number | null): string | null {
  if (attemptsLeft === null || attemptsLeft > LIMITS.otp.warnAtAttemptsLeft) return null;
  if (attemptsLeft === 0) return 'That was the last try for now: the next code must wait a while.';
  return `${attemptsLeft === 1 ? 'One more try' : `${attemptsLeft} more tries`} with a code, then a wait.`;
}

const hasCode = (error: unknown, code: string): boolean =>
  error instanceof ApiError && error.code === code;

const isDailyLimit = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.status === 429 ||
    error.serverMsg === MESSAGES.dailyLimitServer ||
    error.errors.some((e) => e.message === MESSAGES.dailyLimitServer));

/** Section 8: 'You reached daily limit' is shown as 'You reached daily limit, Try after 24 Hours.' */
const dailyLimitText = (text: string): string =>
  text === MESSAGES.dailyLimitServer ? MESSAGES.dailyLimitClient : text;

/** The first errors[].message, else msg, else the generic message. */
export const failureText = (error: unknown): string => dailyLimitText(firstMessageOf(error));

/**
 * The phone was verified already (in another tab, by the email link's): nothing is left to verify,
 * and the screen offers the way on. Said in the api's words where it gave them.
 */
const alreadyVerified = (error: unknown): Partial<Context> => ({
  notice: {
    severity: 'success',
    text: (error instanceof ApiError && error.serverMsg) || ACCOUNT_MESSAGES.mobileAlreadyVerified,
  },
  lastSend: null,
});

/** After a failed send: the daily limit, what the server said, or (for a resend) its own dialog. */
function afterFailedSend(context: Context, error: unknown): Partial<Context> {
  if (isDailyLimit(error)) {
    return { triesLeft: 0, notice: { severity: 'error', text: MESSAGES.dailyLimitClient } };
  }
  const apiError = error instanceof ApiError ? error : null;
  if (context.resend) {
    // Section 8: tries are set to 0 when a resend answers an errors list.
    const triesLeft = apiError && apiError.errors.length > 0 ? 0 : context.triesLeft;
    return { triesLeft, notice: { severity: 'error', text: MESSAGES.resendFailed } };
  }
  return {
    triesLeft: triesLeftIn(apiError?.data) ?? context.triesLeft,
    notice: { severity: 'error', text: failureText(error) },
  };
}

/**
 * Verify Mobile Number (sections 2, 4 and 8): the OTP is sent on load — unless the last code sent
 * for this member is still valid (`input.lastSend`, model/lastOtpSend.ts), when the member enters
 * that one; the member types the code and submits; Resend OTP waits LIMITS.resendCooldownSeconds
 * after each send and is off when no tries are left ('Daily limit reached'). A member whose email
 * is not verified yet is told so; one whose phone is already verified is told that instead.
 * `context.lastSend` follows each send, for the screen to remember.
 */
export const otpMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as {
      username: string;
      lastSend?: LastOtpSend | null;
      now?: () => number;
      emailUnverified?: boolean;
      signIn?: boolean;
    },
  },
  actors: {
    sendOtp: fromPromise<OtpSent, { username: string; resend: boolean }>(async () => {
      throw new Error('sendOtp is provided by the screen');
    }),
    verifyOtp: fromPromise<OtpLogin, { username: string; otp: string }>(async () => {
      throw new Error('verifyOtp is provided by the screen');
    }),
  },
  guards: {
    canResend: ({ context }) =>
      context.cooldown === 0 && context.triesLeft !== 0 && !context.checkingPaused,
    moreSeconds: ({ context }) => context.cooldown > 1,
    lastCodeStillValid: ({ context }) => context.onLoad.kind === 'enterCode',
    emailKnownUnverified: ({ context }) => context.emailUnverified,
    sentCodeStillValid: ({ context, event }) =>
      event.type === 'SENT_ELSEWHERE' && lastCodeStillValid(event.lastSend, context.now()),
  },
  actions: {
    startCooldown: raise({ type: 'COOLDOWN.START' }),
    startCountdown: assign(({ event }) => ({
      cooldown:
        event.type === 'COOLDOWN.START' && event.seconds !== undefined
          ? event.seconds
          : LIMITS.resendCooldownSeconds,
    })),
    /** The last code is still valid: its tries left, and what is left of Resend's countdown. */
    resumeLastSend: enqueueActions(({ context, enqueue }) => {
      const { onLoad } = context;
      if (onLoad.kind !== 'enterCode') return;
      enqueue.assign({ triesLeft: onLoad.triesLeft, sentTo: onLoad.sentTo });
      if (onLoad.cooldown > 0) enqueue.raise({ type: 'COOLDOWN.START', seconds: onLoad.cooldown });
    }),
    countDown: assign(({ context }) => ({ cooldown: context.cooldown - 1 })),
    endCountdown: assign({ cooldown: 0 }),
  },
}).createMachine({
  id: 'otp',
  type: 'parallel',
  context: ({ input }) => {
    const now = input.now ?? Date.now;
    const lastSend = input.lastSend ?? null;
    return {
      username: input.username,
      triesLeft: null,
      attemptsLeft: null,
      notice: null,
      sentTo: null,
      cooldown: 0,
      login: null,
      resend: false,
      checkingEmail: false,
      lastSend,
      sendingSince: 0,
      onLoad: otpOnLoad(lastSend, now()),
      emailUnverified: input.emailUnverified === true,
      signIn: input.signIn === true,
      checkingPaused: false,
      now,
    };
  },
  states: {
    flow: {
      initial: 'opening',
      states: {
        opening: {
          // A code still valid was sent once the email was verified (the api sends none before),
          // whatever the screen was told: a reload after the link was followed in another tab.
          always: [
            { guard: 'lastCodeStillValid', target: 'waiting', actions: 'resumeLastSend' },
            { guard: 'emailKnownUnverified', target: 'emailNotVerified' },
            { target: 'sending' },
          ],
        },
        sending: {
          entry: ['startCooldown', assign(({ context }) => ({ sendingSince: context.now() }))],
          invoke: {
            src: 'sendOtp',
            input: ({ context }) => ({ username: context.username, resend: context.resend }),
            onDone: {
              target: 'waiting',
              actions: assign(({ context, event }) => ({
                triesLeft: event.output.triesLeft,
                sentTo: event.output.sentTo,
                notice: event.output.sent
                  ? { severity: 'success', text: MESSAGES.otpSent }
                  : { severity: 'success', text: MESSAGES.otpStillStands },
                lastSend: {
                  sentAt: context.sendingSince,
                  triesLeft: event.output.triesLeft,
                  sentTo: event.output.sentTo,
                },
              })),
            },
            onError: [
              {
                // Login with OTP for an account no code can sign in to: nothing was sent.
                guard: ({ context, event }) =>
                  context.signIn &&
                  event.error instanceof ApiError &&
                  event.error.code in SIGN_IN_REFUSALS,
                target: 'signInRefused',
                actions: assign(({ event }) => ({
                  notice: { severity: 'error', text: signInRefusalText(event.error) },
                  lastSend: null,
                })),
              },
              {
                guard: ({ event }) => hasCode(event.error, EMAIL_NOT_VERIFIED),
                target: 'emailNotVerified',
                // Said after Verify Email; as the screen opens, the panel itself says it.
                actions: assign(({ context }) => ({
                  notice: context.checkingEmail
                    ? { severity: 'error', text: MESSAGES.emailNotValidated }
                    : null,
                })),
              },
              {
                guard: ({ event }) => hasCode(event.error, MOBILE_ALREADY_VERIFIED),
                target: 'phoneAlreadyVerified',
                actions: assign(({ event }) => alreadyVerified(event.error)),
              },
              {
                target: 'waiting',
                actions: assign(({ context, event }) => afterFailedSend(context, event.error)),
              },
            ],
          },
        },
        waiting: {
          on: {
            VERIFY: {
              guard: ({ context, event }) => event.otp.trim() !== '' && !context.checkingPaused,
              target: 'verifying',
            },
            RESEND: {
              guard: 'canResend',
              target: 'sending',
              actions: assign({ resend: true, checkingEmail: false }),
            },
            // Nothing said of the old number's code stands (its notice, the code a reload would
            // ask for); a code goes to the new number unless Resend's countdown or the day's
            // limit holds it.
            NUMBER_CHANGED: [
              {
                guard: 'canResend',
                target: 'sending',
                actions: assign({
                  notice: null,
                  sentTo: null,
                  lastSend: null,
                  resend: true,
                  checkingEmail: false,
                }),
              },
              { actions: assign({ notice: null, sentTo: null, lastSend: null }) },
            ],
          },
        },
        verifying: {
          invoke: {
            src: 'verifyOtp',
            input: ({ context, event }) => ({
              username: context.username,
              otp: event.type === 'VERIFY' ? event.otp.trim() : '',
            }),
            onDone: {
              target: 'verified',
              actions: assign(({ context, event }) => ({
                login: event.output,
                notice: {
                  severity: 'success',
                  text: context.signIn ? ACCOUNT_MESSAGES.otpSignedIn : MESSAGES.phoneVerified,
                },
                lastSend: null,
              })),
            },
            onError: [
              {
                // Verified meanwhile in another tab, with the same code perhaps.
                guard: ({ event }) => hasCode(event.error, MOBILE_ALREADY_VERIFIED),
                target: 'phoneAlreadyVerified',
                actions: assign(({ event }) => alreadyVerified(event.error)),
              },
              {
                target: 'waiting',
                actions: assign(({ context, event }) => {
                  const data = event.error instanceof ApiError ? event.error.data : null;
                  const attemptsLeft = attemptsLeftIn(data);
                  return {
                    triesLeft: triesLeftIn(data) ?? context.triesLeft,
                    attemptsLeft,
                    notice: { severity: 'error', text: failureText(event.error) },
                    // An expired or voided code is no reason to skip the next load's send.
                    lastSend:
                      hasCode(event.error, OTP_EXPIRED) || hasCode(event.error, OTP_CODE_VOID)
                        ? null
                        : context.lastSend,
                    // Refused by the verify limit, or the code refused was the last it allows.
                    checkingPaused:
                      (event.error instanceof ApiError && event.error.status === 429) ||
                      attemptsLeft === 0,
                  };
                }),
              },
            ],
          },
        },
        /** The email link has not been followed yet: the Verify Your Email panel. */
        emailNotVerified: {
          on: {
            RETRY: { target: 'sending', actions: assign({ resend: false, checkingEmail: true }) },
            SENT_ELSEWHERE: {
              guard: 'sentCodeStillValid',
              target: 'waiting',
              actions: [
                // 'Your email is not validated.', said after Verify Email, no longer stands.
                assign(({ context, event }) => ({
                  lastSend: event.lastSend,
                  onLoad: otpOnLoad(event.lastSend, context.now()),
                  notice: null,
                })),
                'resumeLastSend',
              ],
            },
          },
        },
        /** Nothing to verify: the screen offers the way on. */
        phoneAlreadyVerified: { type: 'final' },
        /** No code can sign this account in: the screen says why, and offers the other ways. */
        signInRefused: { type: 'final' },
        verified: { type: 'final' },
      },
    },
    cooldown: cooldownRegion,
  },
});
