import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdSpaceCycle, AdSpaceType } from '@boli/engine/billing/products';
import { useApi } from '../../../app/session/useApi.ts';
import { useCloseOnBack } from '../../../lib/useCloseOnBack.ts';
import { formatRupees } from '../../../lib/format.ts';
import type { Confirmation } from '../../../payments/api/paymentsApi.ts';
import { PayButton, PaymentSteps } from '../../../payments/components/PaymentSteps.tsx';
import { usePayment } from '../../../payments/components/usePayment.ts';
import { addSpace, confirmSpace, quoteSpace } from '../api/adspaceApi.ts';
import { buyingCycleLabel, spaceTypeLabel } from '../model/spaceTypes.ts';

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
  const payment = usePayment(
    {
      quote: () => quoteSpace(request, type, cycle),
      createOrder: () => addSpace(request, type, cycle),
      confirm: (purchase, response) => confirmSpace(envelope, purchase._id ?? '', response),
    },
    onPaid,
  );
  // While a call is in flight, Back stays on the page, as it does in the payment dialogs: leaving
  // would leave the purchase unsaid. Back while the checkout is open is the checkout's, which
  // closes it (Razorpay's modal.handleback).
  useCloseOnBack(payment.inFlight, () => false);
  // Daily says, here too, that it is bought as a quarter (the card after it says Quarterly).
  const label = `${spaceTypeLabel(type)} · ${buyingCycleLabel(cycle)}`;
  return (
    <Stack spacing={2} component="section" aria-label="Ad space price">
      <PaymentSteps
        payment={payment}
        breakupLabel="Ad space price breakup"
        heading={(quote) => (
          <Typography variant="h6" component="h2">
            {label}: {formatRupees(quote.totalPrice)}
            <Typography component="span" variant="body2" color="textSecondary">
              {' '}
              before tax
            </Typography>
          </Typography>
        )}
      />
      {payment.step === 'done' && (
        <Button onClick={onAgain} sx={{ alignSelf: 'flex-start' }}>
          Buy another space
        </Button>
      )}
      <PayButton payment={payment} sx={{ alignSelf: 'flex-start' }}>
        Make payment
      </PayButton>
    </Stack>
  );
}
