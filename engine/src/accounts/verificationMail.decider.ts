import { DomainError, type Command, type Decider } from '../shared/decider.ts';
import { LIMITS } from '../shared/limits.ts';

/*
 * Resending the verification email: a fact the outbox must see, counted against the same daily
 * limit as OTPs. The resends of one account live in a stream of their own, beside the account's,
 * so a burst of resends never contends with the account's own commands.
 */

export const verificationMailStream = (userId: string): string => `verification-mail-${userId}`;

export type VerificationEmailResent = {
  readonly type: 'VerificationEmailResent';
  readonly data: { readonly userId: string; readonly requestedAt: string };
};

export type ResendVerificationEmail = Command<
  'ResendVerificationEmail',
  { readonly userId: string }
>;

export type VerificationMailState = { readonly sentAt: readonly string[] };

const DAY_MS = 24 * 3600_000;

const sentWithinDay = (state: VerificationMailState, now: string): string[] =>
  state.sentAt.filter((at) => Date.parse(at) > Date.parse(now) - DAY_MS);

export const emailResendsLeft = (state: VerificationMailState, now: string): number =>
  Math.max(0, LIMITS.otp.dailyTries - sentWithinDay(state, now).length);

export const verificationMailDecider: Decider<
  VerificationMailState,
  ResendVerificationEmail,
  VerificationEmailResent
> = {
  initialState: () => ({ sentAt: [] }),
  // Never throws: an event type from a newer writer is skipped.
  evolve: (state, event) =>
    event.type === 'VerificationEmailResent'
      ? { sentAt: [...sentWithinDay(state, event.data.requestedAt), event.data.requestedAt] }
      : state,
  decide: (command, state) => {
    const { now } = command.metadata;
    if (emailResendsLeft(state, now) === 0) {
      throw new DomainError('EMAIL_RESEND_DAILY_LIMIT', { triesLeft: 0 });
    }
    return [
      { type: 'VerificationEmailResent', data: { userId: command.data.userId, requestedAt: now } },
    ];
  },
};
