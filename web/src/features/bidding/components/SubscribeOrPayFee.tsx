import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PAYMENT_TEXTS, subscriptionOffer } from '../../../payments/model/paymentTexts.ts';
import type { Entitlement } from '../../subscription/api/subscriptionApi.ts';
import { knownUnentitled, trialOf } from '../../subscription/useEntitlement.ts';

/**
 * Why a bid needs paying for: when the member's free trial ended, if it did, and the spec's
 * 'Please subscribe to bid and sell.' (`said`, the server's words, while that is not known).
 */
const whyToPay = (entitlement: Entitlement | null, said: string): string =>
  knownUnentitled(entitlement) ? subscriptionOffer(trialOf(entitlement)) : said;

/**
 * Above the bid form of a member with neither a subscription nor a trial running: said before a
 * bid is typed, with the two ways to bid, so the refusal that pressing Bid brings is no surprise.
 */
export function BidNeedsSubscription({ entitlement }: { entitlement: Entitlement | null }) {
  if (!knownUnentitled(entitlement)) return null;
  return (
    // Read with the page, not announced as an error: nothing was refused yet.
    <Alert
      severity="info"
      role="status"
      data-testid="bid-needs-subscription"
      action={
        <Button color="inherit" component={RouterLink} to="/subscription">
          Subscribe
        </Button>
      }
    >
      {subscriptionOffer(trialOf(entitlement))} {PAYMENT_TEXTS.feeForOneBid}
    </Alert>
  );
}

type RefusalProps = {
  entitlement: Entitlement | null;
  /** The server's words for the refusal. */
  message: string;
  /** Where to subscribe, as the refusal gave it. */
  subscribeAt: string;
  /** Whether the form still holds the bid refused, which the fee would pay for. */
  canPayFee: boolean;
  onPayFee: () => void;
};

/**
 * A bid refused for want of a subscription: why, then the member's ways on as buttons a finger
 * finds (Subscribe; Pay bid processing fee, for the bid as refused). A bid changed since is sent
 * again first, so its fee is offered for it as it is now.
 */
export function SubscribeOrPayFee(props: RefusalProps) {
  const { entitlement, message, subscribeAt, canPayFee, onPayFee } = props;
  return (
    <Stack spacing={1}>
      <span>{whyToPay(entitlement, message)}</span>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" color="inherit" component={RouterLink} to={subscribeAt}>
          Subscribe
        </Button>
        {canPayFee && (
          <Button variant="contained" onClick={onPayFee}>
            Pay bid processing fee
          </Button>
        )}
      </Stack>
      {!canPayFee && (
        <Typography variant="body2">
          Or press Bid to pay the bid processing fee for the bid as it is now.
        </Typography>
      )}
    </Stack>
  );
}
