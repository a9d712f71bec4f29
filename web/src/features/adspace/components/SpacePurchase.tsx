import { useEffect, useRef } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdSpaceCycle, AdSpaceType } from '@boli/engine/billing/products';
import { useApi } from '../../../app/session/useApi.ts';
import { formatRupees } from '../../../lib/format.ts';
import type { Confirmation } from '../../payments/api/paymentsApi.ts';
import { PaymentProgress } from '../../payments/components/PaymentProgress.tsx';
import { PriceBreakup } from '../../payments/components/PriceBreakup.tsx';
import { usePayment } from '../../payments/components/usePayment.ts';
import { addSpace, confirmSpace, quoteSpace } from '../api/adspaceApi.ts';
import { cycleLabel, spaceTypeLabel } from '../model/spaceTypes.ts';

type Props = {
  type: AdSpaceType;
  cycle: AdSpaceCycle;
  onPaid: (confirmation: Confirmation) => void;
  /** Another purchase after this one was paid. */
  onAgain: () => void;
};

/**
 * An inStream or betweenPosts space for a cycle (section 4, AdSpace): its price with the tax
 * breakup (GET /api/space/purchaseInfo), then Make payment → POST /api/space/add → checkout →
 * POST /api/space/payment/success with the advtId; the screen then reloads the active spaces.
 */
export function SpacePurchase({ type, cycle, onPaid, onAgain }: Props) {
  const { request, envelope } = useApi();
  const payment = usePayment({
    quote: () => quoteSpace(request, type, cycle),
    createOrder: () => addSpace(request, type, cycle),
    confirm: (purchase, response) => confirmSpace(envelope, purchase._id ?? '', response),
  });
  const { step, context } = payment;

  const paid = useRef(onPaid);
  paid.current = onPaid;
  useEffect(() => {
    if (step === 'done' && context.settled) paid.current(context.settled);
  }, [step, context.settled]);

  const inFlight = step === 'working' || step === 'paying';
  const label = `${spaceTypeLabel(type)} · ${cycleLabel(cycle)}`;
  return (
    <Stack spacing={2} component="section" aria-label="Ad space price">
      {context.quote && (
        <>
          <Typography variant="h6" component="h2">
            {label}: {formatRupees(context.quote.totalPrice)}
            <Typography component="span" variant="body2" color="text.secondary">
              {' '}
              before tax
            </Typography>
          </Typography>
          <PriceBreakup breakup={context.quote} label="Ad space price breakup" />
        </>
      )}
      <PaymentProgress
        step={step}
        problem={context.problem}
        settled={context.settled}
        onRetry={payment.retry}
      />
      {step === 'done' && (
        <Button onClick={onAgain} sx={{ alignSelf: 'flex-start' }}>
          Buy another space
        </Button>
      )}
      {(step === 'ready' || inFlight) && (
        <Button
          variant="contained"
          onClick={payment.pay}
          disabled={!payment.canPay}
          loading={inFlight}
          sx={{ alignSelf: 'flex-start' }}
        >
          Make payment
        </Button>
      )}
    </Stack>
  );
}
