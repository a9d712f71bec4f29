import { assign, fromPromise, raise, setup } from 'xstate';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { cooldownRegion } from './cooldown.ts';

type Notice = { severity: 'success' | 'error'; text: string };

type Context = { notice: Notice | null; cooldown: number };

/**
 * Resend Email (section 4): each click sends the verification email again and disables the
 * button for LIMITS.resendCooldownSeconds; 'Email sent successfully.' or 'Sorry! Failed to
 * resend OTP' (section 8, worded so for the email too).
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
            onError: {
              target: 'idle',
              actions: assign({ notice: { severity: 'error', text: MESSAGES.resendFailed } }),
            },
          },
        },
      },
    },
    cooldown: cooldownRegion,
  },
});
