import { assign, fromPromise, raise, setup } from 'xstate';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { cooldownRegion } from './cooldown.ts';
import { ApiError } from '../../../app/api/client.ts';

type Notice = { severity: 'success' | 'error'; text: string };

type Context = { notice: Notice | null; cooldown: number };

/** The server's words for an email verified meanwhile (409 EMAIL_ALREADY_VERIFIED), else null. */
export function alreadyVerifiedText(error: unknown): string | null {
  return error instanceof ApiError && error.code === 'EMAIL_ALREADY_VERIFIED' && error.serverMsg
    ? error.serverMsg
    : null;
}

/** The day's resends are spent (429 EMAIL_RESEND_DAILY_LIMIT): no press will send one today. */
const isDailyLimit = (error: unknown): boolean =>
  error instanceof ApiError && error.code === 'EMAIL_RESEND_DAILY_LIMIT';

/** Said when the day's resends are spent: the failure dialog's words, and why, as the OTP's. */
export const RESEND_LIMIT_TEXT = `${MESSAGES.resendFailed}. ${MESSAGES.dailyLimitClient}`;

/**
 * Resend Email (section 4): each click sends the verification email again and disables the
 * button for LIMITS.resendCooldownSeconds; 'Email sent successfully.' or 'Sorry! Failed to
 * resend OTP' (section 8, worded so for the email too). An email verified meanwhile is nothing
 * to resend: `alreadyVerified`, with the server's words, and the screen offers the way on. The
 * day's resends spent, it says so and why, and takes no more presses (`limitReached`).
 */
export const resendEmailMachine = setup({
  types: {
    context: {} as Context,
    events: {} as { type: 'RESEND' } | { type: 'COOLDOWN.START' },
  },
  actors: {
    resendEmail: fromPromise<void>(async () => {
      throw new Error('resendEmail is provided by the screen');
    }),
  },
  guards: {
    cooledDown: ({ context }) => context.cooldown === 0,
    moreSeconds: ({ context }) => context.cooldown > 1,
  },
  actions: {
    startCountdown: assign({ cooldown: LIMITS.resendCooldownSeconds }),
    countDown: assign(({ context }) => ({ cooldown: context.cooldown - 1 })),
    endCountdown: assign({ cooldown: 0 }),
  },
}).createMachine({
  id: 'resendEmail',
  type: 'parallel',
  context: { notice: null, cooldown: 0 },
  states: {
    flow: {
      initial: 'idle',
      states: {
        idle: {
          on: { RESEND: { guard: 'cooledDown', target: 'sending' } },
        },
        sending: {
          entry: raise({ type: 'COOLDOWN.START' }),
          invoke: {
            src: 'resendEmail',
            onDone: {
              target: 'idle',
              actions: assign({ notice: { severity: 'success', text: MESSAGES.emailSent } }),
            },
            onError: [
              {
                guard: ({ event }) => alreadyVerifiedText(event.error) !== null,
                target: 'alreadyVerified',
                actions: assign(({ event }) => ({
                  notice: { severity: 'success', text: alreadyVerifiedText(event.error) ?? '' },
                })),
              },
              {
                guard: ({ event }) => isDailyLimit(event.error),
                target: 'limitReached',
                actions: assign({ notice: { severity: 'error', text: RESEND_LIMIT_TEXT } }),
              },
              {
                target: 'idle',
                actions: assign({ notice: { severity: 'error', text: MESSAGES.resendFailed } }),
              },
            ],
          },
        },
        alreadyVerified: { type: 'final' },
        limitReached: { type: 'final' },
      },
    },
    cooldown: cooldownRegion,
  },
});
