import { DomainError, type Command, type Decider } from '@boli/engine/shared/decider';
import { LIMITS } from '@boli/engine/shared/limits';

/*
 * Resending the verification email is a fact the outbox must see, but the account decider has no
 * command for it yet. Until it does (ResendVerificationEmail → VerificationEmailResent belongs in
 * engine/src/accounts), this small decider keeps the resends of one account in a stream of their
 * own, with the same daily limit as OTPs.
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
