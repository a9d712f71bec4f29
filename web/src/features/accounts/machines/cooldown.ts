import { LIMITS } from '@boli/engine/shared/limits';

/*
 * The countdown of a Resend button (sections 4 and 8), shared by the OTP and Resend Email
 * machines as a parallel region: `COOLDOWN.START` sets `context.cooldown` to
 * LIMITS.resendCooldownSeconds, and it drops by one each second to 0. A machine using it has
 * `cooldown: number` in its context and, in its setup(), the guard `moreSeconds` and the actions
 * `startCountdown`, `countDown` and `endCountdown` (typed by its own context, hence not here).
 */

export const cooldownRegion = {
  initial: 'idle',
  states: {
    idle: {
      on: { 'COOLDOWN.START': { target: 'counting', actions: 'startCountdown' } },
    },
    counting: {
      after: {
        [LIMITS.countdownTickMs]: [
          { guard: 'moreSeconds', target: 'counting', reenter: true, actions: 'countDown' },
          { target: 'idle', actions: 'endCountdown' },
        ],
      },
    },
  },
} as const;
