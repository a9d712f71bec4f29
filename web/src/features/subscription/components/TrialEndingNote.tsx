import { formatDateTime } from '../../../lib/format.ts';
import { serverNow } from '../../../lib/serverClock.ts';
import { timeUntilText } from '../../../lib/timeUntil.ts';
import { PAYMENT_TEXTS } from '../../../payments/model/paymentTexts.ts';
import type { Entitlement } from '../api/subscriptionApi.ts';
import { trialEndingSoon } from '../useEntitlement.ts';
import { SubscribeNote } from './SubscribeNote.tsx';

/**
 * Above the bid form and Post Ad, near the end of a member's free trial
 * (`LIMITS.trialEndingNoticeHours`): when it ends, with the way to subscribe, so that the first
 * bid or ad after it is not a surprise refusal.
 */
export function TrialEndingNote({ entitlement }: { entitlement: Entitlement | null }) {
  const now = serverNow();
  const endsAt = trialEndingSoon(entitlement, now);
  if (endsAt === null) return null;
  return (
    <SubscribeNote
      testId="trial-ending"
      text={PAYMENT_TEXTS.trialEnding(formatDateTime(endsAt), timeUntilText(endsAt, now))}
    />
  );
}
