import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import type { PurchaseInfo } from '../api/purchaseInfo.ts';
import { PaymentProgress } from './PaymentProgress.tsx';
import { PriceBreakup } from './PriceBreakup.tsx';
import type { Payment } from './usePayment.ts';

type StepsProps = {
  payment: Payment;
  /** The price breakup table's accessible name. */
  breakupLabel?: string;
  /** Shown above the breakup once the price is known. */
  heading?: (quote: PurchaseInfo) => ReactNode;
};

/** The price with its tax breakup once quoted, then where the payment stands. */
export function PaymentSteps({ payment, breakupLabel, heading }: StepsProps) {
  const { step, context } = payment;
  return (
    <>
      {context.quote && (
        <>
          {heading?.(context.quote)}
          <PriceBreakup breakup={context.quote} label={breakupLabel} />
        </>
      )}
      <PaymentProgress
        step={step}
        problem={context.problem}
        problemFinal={context.problemFinal}
        failedAttempt={payment.failedAttempt}
        settled={context.settled}
        onRetry={payment.retry}
      />
    </>
  );
}

/** The button that opens the checkout: shown while the payment can start or is under way. */
export function PayButton({
  payment,
  children,
  sx,
}: {
  payment: Payment;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  if (payment.step !== 'ready' && !payment.inFlight) return null;
  return (
    <Button
      variant="contained"
      onClick={payment.pay}
      disabled={!payment.canPay}
      loading={payment.inFlight}
      sx={sx}
    >
      {children}
    </Button>
  );
}
