import { useEffect, useRef } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useApi } from '../../../app/session/useApi.ts';
import { formatRupees } from '../../../lib/format.ts';
import {
  addBidFee,
  confirmBidFee,
  quoteBidFee,
  type Confirmation,
  type FeeBid,
} from '../api/paymentsApi.ts';
import { PaymentProgress } from './PaymentProgress.tsx';
import { PriceBreakup } from './PriceBreakup.tsx';
import { usePayment } from './usePayment.ts';

type Props = {
  /** The bid to pay the fee for; the dialog is open while it is set. */
  bid: FeeBid | null;
  onClose: () => void;
  /** The fee was captured and the bid placed (msg 'Bid Posted!'). */
  onPosted: (confirmation: Confirmation) => void;
};

/**
 * The bid processing fee (section 4): the fee and its tax for this bid, Proceed → the purchase and
 * its order → checkout → the success call. The bid is placed by the server after the capture; if
 * bidding closed meanwhile the fee is refunded and the dialog says why.
 */
export function BidFeeDialog({ bid, onClose, onPosted }: Props) {
  return bid ? <BidFeePayment bid={bid} onClose={onClose} onPosted={onPosted} /> : null;
}

function BidFeePayment({ bid, onClose, onPosted }: Props & { bid: FeeBid }) {
  const { request, envelope } = useApi();
  const payment = usePayment({
    quote: () => quoteBidFee(request, bid.bidamt),
    createOrder: () => addBidFee(request, bid),
    confirm: (purchase, response) => confirmBidFee(envelope, purchase._id ?? '', response),
  });
  const { step, context } = payment;

  const posted = useRef(onPosted);
  posted.current = onPosted;
  useEffect(() => {
    if (step === 'done' && context.settled) posted.current(context.settled);
  }, [step, context.settled]);

  const inFlight = step === 'working' || step === 'paying';
  // While the checkout is open or a call is in flight the dialog stays (Escape, backdrop).
  return (
    <Dialog
      open
      onClose={inFlight ? undefined : onClose}
      // The checkout's overlay lies outside the dialog: let it have the keyboard focus.
      disableEnforceFocus={step === 'paying'}
      aria-labelledby="bid-fee-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="bid-fee-title">Bid processing fee</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            Your bid of {formatRupees(bid.bidamt)} is posted once the bid processing fee is paid.
          </Typography>
          {context.quote && <PriceBreakup breakup={context.quote} />}
          <PaymentProgress
            step={step}
            problem={context.problem}
            settled={context.settled}
            onRetry={payment.retry}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={inFlight}>
          {step === 'refunded' || step === 'pending' ? 'Close' : 'Cancel'}
        </Button>
        {(step === 'ready' || inFlight) && (
          <Button
            variant="contained"
            onClick={payment.pay}
            disabled={!payment.canPay}
            loading={inFlight}
          >
            Proceed
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
