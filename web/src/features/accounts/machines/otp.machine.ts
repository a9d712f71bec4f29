import { assign, fromPromise, raise, setup } from 'xstate';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { cooldownRegion } from './cooldown.ts';
import { ApiError } from '../../../app/api/client.ts';

/** What a send or resend answers: the sends left today (null when the answer does not say). */
export type OtpSent = { triesLeft: number | null };

/** A verified phone: the member is signed in with full access. */
export type OtpLogin = { token: string; refreshToken?: string; userDetail: unknown };

export type Notice = { severity: 'success' | 'error'; text: string };

type Context = {
  username: string;
  triesLeft: number | null;
  notice: Notice | null;
  /** Seconds until Resend OTP is enabled again; 0 when it is. */
  cooldown: number;
  login: OtpLogin | null;
  /** Whether the send under way is a Resend OTP (section 8 treats its failures differently). */
  resend: boolean;
};

type Event =
  | { type: 'VERIFY'; otp: string }
  | { type: 'RESEND' }
  | { type: 'RETRY' }
  | { type: 'COOLDOWN.START' };

const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';

const triesLeftIn = (data: unknown): number | null => {
  if (typeof data !== 'object' || data === null || !('triesLeft' in data)) return null;
  const { triesLeft } = data;
  return typeof triesLeft === 'number' ? triesLeft : null;
};

const isEmailNotVerified = (error: unknown): boolean =>
  error instanceof ApiError && error.code === EMAIL_NOT_VERIFIED;

const isDailyLimit = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.status === 429 ||
    error.serverMsg === MESSAGES.dailyLimitServer ||
    error.errors.some((e) => e.message === MESSAGES.dailyLimitServer));

/** Section 8: 'You reached daily limit' is shown as 'You reached daily limit, Try after 24 Hours.' */
const dailyLimitText = (text: string): string =>
  text === MESSAGES.dailyLimitServer ? MESSAGES.dailyLimitClient : text;

/** The first errors[].message, else msg, else the generic message. */
export const failureText = (error: unknown): string =>
  dailyLimitText(error instanceof ApiError ? error.firstMessage : MESSAGES.generic);

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
 * Verify Mobile Number (sections 2, 4 and 8): the OTP is sent on load; the member types the code
 * and submits; Resend OTP waits LIMITS.resendCooldownSeconds after each send and is off when no
 * tries are left ('Daily limit reached'). A member whose email is not verified yet is told so.
 */
export const otpMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Event,
    input: {} as { username: string },
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
    canResend: ({ context }) => context.cooldown === 0 && context.triesLeft !== 0,
    hasCode: (_, otp: string) => otp.trim() !== '',
    moreSeconds: ({ context }) => context.cooldown > 1,
  },
  actions: {
    startCooldown: raise({ type: 'COOLDOWN.START' }),
    startCountdown: assign({ cooldown: LIMITS.resendCooldownSeconds }),
    countDown: assign(({ context }) => ({ cooldown: context.cooldown - 1 })),
    endCountdown: assign({ cooldown: 0 }),
  },
}).createMachine({
  id: 'otp',
  type: 'parallel',
  context: ({ input }) => ({
    username: input.username,
    triesLeft: null,
    notice: null,
    cooldown: 0,
    login: null,
    resend: false,
  }),
  states: {
    flow: {
      initial: 'sending',
      states: {
        sending: {
          entry: 'startCooldown',
          invoke: {
            src: 'sendOtp',
            input: ({ context }) => ({ username: context.username, resend: context.resend }),
            onDone: {
              target: 'waiting',
              actions: assign(({ event }) => ({
                triesLeft: event.output.triesLeft,
                notice: { severity: 'success', text: MESSAGES.otpSent },
              })),
            },
            onError: [
              {
                guard: ({ event }) => isEmailNotVerified(event.error),
                target: 'emailNotVerified',
                actions: assign({ notice: null }),
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
              guard: { type: 'hasCode', params: ({ event }) => event.otp },
              target: 'verifying',
            },
            RESEND: { guard: 'canResend', target: 'sending', actions: assign({ resend: true }) },
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
              actions: assign(({ event }) => ({
                login: event.output,
                notice: { severity: 'success', text: MESSAGES.phoneVerified },
              })),
            },
            onError: {
              target: 'waiting',
              actions: assign(({ context, event }) => ({
                triesLeft:
                  triesLeftIn(event.error instanceof ApiError ? event.error.data : null) ??
                  context.triesLeft,
                notice: { severity: 'error', text: failureText(event.error) },
              })),
            },
          },
        },
        /** The email link has not been followed yet: the Verify Your Email panel. */
        emailNotVerified: {
          on: { RETRY: { target: 'sending', actions: assign({ resend: false }) } },
        },
        verified: { type: 'final' },
      },
    },
    cooldown: cooldownRegion,
  },
});
