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
import type { Confirmation } from '../../payments/api/paymentsApi.ts';
import { PaymentProgress } from '../../payments/components/PaymentProgress.tsx';
import { PriceBreakup } from '../../payments/components/PriceBreakup.tsx';
import { usePayment } from '../../payments/components/usePayment.ts';
import {
  addShareFee,
  confirmShareFee,
  quoteShareFee,
  type ShareBidBody,
} from '../api/sharesApi.ts';

type Props = {
  /** The bid the fee is paid with; the dialog is open while it is set. */
  bid: ShareBidBody | null;
  onClose: () => void;
  /** The fee was captured and the bid posted (msg 'Bid Posted!'). */
  onPosted: (confirmation: Confirmation) => void;
};

/**
 * The buy-share bid fee (section 4's share bid flow): the fee with its tax breakup, Proceed → the
 * purchase and its order → checkout → the success call, after which the server has posted the bid.
 */
export function ShareFeeDialog({ bid, onClose, onPosted }: Props) {
  return bid ? <ShareFeePayment bid={bid} onClose={onClose} onPosted={onPosted} /> : null;
}

function ShareFeePayment({ bid, onClose, onPosted }: Props & { bid: ShareBidBody }) {
  const { request, envelope } = useApi();
  const payment = usePayment({
    quote: () => quoteShareFee(request, bid.bidamt),
    createOrder: () => addShareFee(request, bid),
    confirm: (purchase, response) => confirmShareFee(envelope, purchase._id ?? '', response),
  });
  const { step, context } = payment;

  const posted = useRef(onPosted);
  posted.current = onPosted;
  useEffect(() => {
    if (step === 'done' && context.settled) posted.current(context.settled);
  }, [step, context.settled]);

  const inFlight = step === 'working' || step === 'paying';
  return (
    <Dialog
      open
      onClose={inFlight ? undefined : onClose}
      // The checkout's overlay lies outside the dialog: let it have the keyboard focus.
      disableEnforceFocus={step === 'paying'}
      aria-labelledby="share-fee-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="share-fee-title">Buy-share bid fee</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            Bidding on shares needs a one-time participation fee. Your bid of{' '}
            {formatRupees(bid.bidamt)} as {bid.company} is posted once it is paid.
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
