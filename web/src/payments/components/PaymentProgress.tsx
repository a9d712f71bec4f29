import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Confirmation } from '../api/paymentsApi.ts';
import { outcomeText, type PaymentStep } from '../machines/payment.machine.ts';
import { PAYMENT_TEXTS } from '../model/paymentTexts.ts';
import { NO_WRAP } from '../../components/cellStyles.ts';
import { focusIsLost } from '../../lib/focusLost.ts';

type Props = {
  step: PaymentStep;
  problem: string | null;
  /** Asking again cannot help (the api refused the request itself): no Try again. */
  problemFinal?: boolean;
  /** While paying: why the last attempt in the still open checkout failed ('' when not said). */
  failedAttempt?: string | null;
  settled: Confirmation | null;
  onRetry: () => void;
};

/**
 * Where a payment stands, in words, with Try again after a failure or a closed checkout (not
 * after a refusal that asking again cannot change: the dialog's Cancel is the way on).
 */
export function PaymentProgress({
  step,
  problem,
  problemFinal = false,
  failedAttempt = null,
  settled,
  onRetry,
}: Props) {
  if (step === 'paying' && failedAttempt !== null) {
    return (
      <Alert severity="warning" role="status">
        {PAYMENT_TEXTS.attemptFailed(failedAttempt)}
      </Alert>
    );
  }
  switch (step) {
    case 'paying':
    case 'quoting':
    case 'working':
      return (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          {/* The words beside a spinner name what it waits for: the spinner itself is unnamed. */}
          <CircularProgress size={18} aria-hidden />
          <Typography variant="body2" color="textSecondary">
            {step === 'paying' ? 'Complete the payment in the checkout window.' : 'Please wait…'}
          </Typography>
        </Stack>
      );
    case 'pending':
      return (
        <Alert severity="info" icon={<CircularProgress size={18} aria-hidden />} role="status">
          {PAYMENT_TEXTS.beingConfirmed}
        </Alert>
      );
    case 'quoteFailed':
    case 'failed':
    case 'cancelled':
      return (
        <Alert
          severity={step === 'cancelled' ? 'warning' : 'error'}
          role="alert"
          action={
            step !== 'cancelled' && problemFinal ? undefined : (
              // The checkout overlay took the focus: it comes back here, so Enter tries again
              // and Escape closes a payment dialog.
              <Button color="inherit" size="small" onClick={onRetry} autoFocus sx={NO_WRAP}>
                Try again
              </Button>
            )
          }
        >
          {step === 'cancelled' ? <CancelledText /> : (problem ?? PAYMENT_TEXTS.failed)}
        </Alert>
      );
    case 'refunded':
      return (
        <Alert severity="warning" role="alert">
          {outcomeText('refunded', settled)}
        </Alert>
      );
    case 'done':
      return <PaidNotice settled={settled} />;
    case 'ready':
      return null;
    default: {
      const unknown: never = step;
      return unknown;
    }
  }
}

/**
 * 'Payment successful.': the checkout overlay took the focus and left with it, so the keyboard
 * comes here (where the page goes on from) rather than to the page's start.
 */
function PaidNotice({ settled }: { settled: Confirmation | null }) {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusIsLost()) notice.current?.focus();
  }, []);
  return (
    <Alert ref={notice} severity="success" role="status" tabIndex={-1}>
      {outcomeText('paid', settled)}
    </Alert>
  );
}

/** The closed checkout's words, with Transactions (where the purchase waits) as its link. */
function CancelledText() {
  const [before, after] = PAYMENT_TEXTS.cancelled.split(TRANSACTIONS);
  if (after === undefined) return PAYMENT_TEXTS.cancelled;
  return (
    <>
      {before}
      <Link component={RouterLink} to="/transactions" color="inherit">
        {TRANSACTIONS}
      </Link>
      {after}
    </>
  );
}

const TRANSACTIONS = 'Transactions';
