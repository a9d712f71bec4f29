import { useEffect, useRef } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useApi } from '../../../app/session/useApi.ts';
import type { Confirmation } from '../../payments/api/paymentsApi.ts';
import { PaymentProgress } from '../../payments/components/PaymentProgress.tsx';
import { PriceBreakup } from '../../payments/components/PriceBreakup.tsx';
import { usePayment } from '../../payments/components/usePayment.ts';
import type { Plan } from '../api/subscriptionApi.ts';
import { addPlanToCart, payCart } from '../api/subscriptionApi.ts';

type Props = {
  /** The plan being bought; the dialog is open while it is set. */
  plan: Plan | null;
  onClose: () => void;
  onPaid: (confirmation: Confirmation) => void;
};

/**
 * Make payment: the plan's cart (GET /api/cart/add/:planId/web, which also creates the order)
 * with its price breakup, then checkout and POST /api/cart/payment/ with the cart id.
 */
export function SubscribeDialog({ plan, onClose, onPaid }: Props) {
  return plan ? <PlanPayment plan={plan} onClose={onClose} onPaid={onPaid} /> : null;
}

function PlanPayment({ plan, onClose, onPaid }: Props & { plan: Plan }) {
  const { request, envelope } = useApi();
  const payment = usePayment({
    quote: () => addPlanToCart(request, plan._id),
    // After a failed or expired cart, a fresh one.
    createOrder: () => addPlanToCart(request, plan._id),
    confirm: (cart, response) => payCart(envelope, cart._id ?? '', response),
  });
  const { step, context } = payment;

  const paid = useRef(onPaid);
  paid.current = onPaid;
  useEffect(() => {
    if (step === 'done' && context.settled) paid.current(context.settled);
  }, [step, context.settled]);

  const inFlight = step === 'working' || step === 'paying';
  // While the checkout is open or a call is in flight the dialog stays (Escape, backdrop).
  return (
    <Dialog
      open
      onClose={inFlight ? undefined : onClose}
      // The checkout's overlay lies outside the dialog: let it have the keyboard focus.
      disableEnforceFocus={step === 'paying'}
      aria-labelledby="subscribe-title"
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id="subscribe-title">{plan.name}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
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
          {step === 'pending' || step === 'done' ? 'Close' : 'Cancel'}
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
