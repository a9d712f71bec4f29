import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { KeptWhole } from '../../../components/KeptWhole.tsx';
import { DATE_TIME_IN_TEXT, formatDateTime } from '../../../lib/format.ts';
import { serverNow } from '../../../lib/serverClock.ts';
import { timeUntilText } from '../../../lib/timeUntil.ts';
import { PAYMENT_TEXTS } from '../../../payments/model/paymentTexts.ts';
import type { Entitlement } from '../api/subscriptionApi.ts';
import { trialEndingSoon } from '../useEntitlement.ts';

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
    // Found on the page, not news of the moment: read in its place, not interrupting.
    <Alert
      severity="info"
      role="note"
      data-testid="trial-ending"
      action={
        <Button color="inherit" component={RouterLink} to="/subscription">
          Subscribe
        </Button>
      }
    >
      <KeptWhole
        text={PAYMENT_TEXTS.trialEnding(formatDateTime(endsAt), timeUntilText(endsAt, now))}
        pattern={DATE_TIME_IN_TEXT}
      />
    </Alert>
  );
}
