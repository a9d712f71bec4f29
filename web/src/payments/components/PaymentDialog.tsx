import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useCloseOnBack } from '../../lib/useCloseOnBack.ts';
import { useSteadyClose } from '../../lib/useSteadyClose.ts';
import type { Confirmation } from '../api/paymentsApi.ts';
import { PayButton, PaymentSteps } from './PaymentSteps.tsx';
import { usePayment, type PaymentFlow } from './usePayment.ts';

type Props = {
  /** How this kind of purchase is quoted, ordered and confirmed. */
  flow: PaymentFlow;
  title: ReactNode;
  /** The title's element id, which names the dialog. */
  titleId: string;
  onClose: () => void;
  onPaid: (confirmation: Confirmation) => void;
  /** The payment ended unpaid here (refunded, or being confirmed): the page behind may reload. */
  onOver?: () => void;
  /** What is being paid for, above the price breakup. */
  children?: ReactNode;
};

/**
 * A purchase in a dialog: the price breakup, Proceed → checkout → the success call, and where the
 * payment stands. Mount it while the purchase is wanted: the quote is asked for on mount.
 */
export function PaymentDialog({ flow, title, titleId, onClose, onPaid, onOver, children }: Props) {
  const payment = usePayment(flow, onPaid, onOver);
  const { step, inFlight } = payment;
  const over = step === 'refunded' || step === 'pending' || step === 'done';
  // What was to be bought is no longer the news once it is over, or refused for good ('Your bid
  // of ₹7,000 is posted once…' under 'Bidding Closed'): the outcome speaks alone.
  const settled = over || (step === 'failed' && payment.context.problemFinal);
  // While a call is in flight the dialog stays (Escape, backdrop, Back, however often); Back while
  // the checkout is open is the checkout's, which closes it (Razorpay's modal.handleback).
  // Otherwise Back closes the dialog as Cancel does: on a phone it covers the page.
  useCloseOnBack(true, () => {
    if (inFlight) return false;
    onClose();
  });
  // The second click of a double click on Pay now / Subscribe lands on the new backdrop.
  const closeUnlessOpeningTap = useSteadyClose(true, onClose);
  return (
    <Dialog
      open
      onClose={inFlight ? undefined : closeUnlessOpeningTap}
      // The checkout's overlay lies outside the dialog: let it have the keyboard focus.
      disableEnforceFocus={step === 'paying'}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {!settled && children}
          <PaymentSteps payment={payment} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={inFlight}>
          {over ? 'Close' : 'Cancel'}
        </Button>
        <PayButton payment={payment}>Proceed</PayButton>
      </DialogActions>
    </Dialog>
  );
}
