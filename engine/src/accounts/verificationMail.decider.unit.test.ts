import { describe, it } from 'vitest';
import { LIMITS } from '../shared/limits.ts';
import { DeciderSpecification } from '../shared/testing/deciderSpecification.ts';
import { metadata } from './account.fixtures.ts';
import {
  verificationMailDecider,
  type ResendVerificationEmail,
  type VerificationEmailResent,
} from './verificationMail.decider.ts';

const given = DeciderSpecification.for(verificationMailDecider);

const resend = (now: string): ResendVerificationEmail => ({
  type: 'ResendVerificationEmail',
  data: { userId: 'u-1' },
  metadata: metadata(now),
});

const resent = (requestedAt: string): VerificationEmailResent => ({
  type: 'VerificationEmailResent',
  data: { userId: 'u-1', requestedAt },
});

const hoursAfter = (hours: number): string =>
  new Date(Date.parse('2026-11-21T00:00:00.000Z') + hours * 3600_000).toISOString();

describe('resending the verification email', () => {
  it('sends again while the daily limit allows', () => {
    given([resent(hoursAfter(0))])
      .when(resend(hoursAfter(1)))
      .then(resent(hoursAfter(1)));
  });

  it('refuses once the daily limit is reached, with no tries left', () => {
    const today = Array.from({ length: LIMITS.otp.dailyTries }, (_, n) => resent(hoursAfter(n)));
    given(today)
      .when(resend(hoursAfter(LIMITS.otp.dailyTries)))
      .thenThrows('EMAIL_RESEND_DAILY_LIMIT', { details: { triesLeft: 0 } });
  });

  it('counts only the last 24 hours', () => {
    const yesterday = Array.from({ length: LIMITS.otp.dailyTries }, (_, n) =>
      resent(hoursAfter(n)),
    );
    given(yesterday)
      .when(resend(hoursAfter(25)))
      .then(resent(hoursAfter(25)));
  });
});
