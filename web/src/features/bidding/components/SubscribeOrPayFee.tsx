import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PAYMENT_TEXTS, subscriptionOffer } from '../../../payments/model/paymentTexts.ts';
import type { Entitlement } from '../../subscription/api/subscriptionApi.ts';
import { knownUnentitled, trialOf } from '../../subscription/useEntitlement.ts';
import { SubscribeNote } from '../../subscription/components/SubscribeNote.tsx';

/**
 * Why a bid needs paying for: when the member's free trial ended, if it did, and the spec's
 * 'Please subscribe to bid and sell.' (`said`, the server's words, while that is not known).
 */
const whyToPay = (entitlement: Entitlement | null, said: string): string =>
  knownUnentitled(entitlement) ? subscriptionOffer(trialOf(entitlement)) : said;

/**
 * Above the bid form of a member with neither a subscription nor a trial running: said before a
 * bid is typed, with the ways to bid, so the refusal that pressing Bid brings is no surprise.
 * `feeOffered`: whether a bid processing fee can pay for one bid instead (an ad's bid; not a
 * slot's, which needs the subscription).
 */
export function BidNeedsSubscription({
  entitlement,
  feeOffered = true,
}: {
  entitlement: Entitlement | null;
  feeOffered?: boolean;
}) {
  if (!knownUnentitled(entitlement)) return null;
  const offer = subscriptionOffer(trialOf(entitlement));
  return (
    <SubscribeNote
      testId="bid-needs-subscription"
      text={feeOffered ? `${offer} ${PAYMENT_TEXTS.feeForOneBid}` : offer}
    />
  );
}

type RefusalProps = {
  /** The member's, when known: the refusal then says when their trial ended. */
  entitlement?: Entitlement | null;
  /** The server's words for the refusal. */
  message: string;
  /** Where to subscribe, as the refusal gave it. */
  subscribeAt: string;
  /**
   * Where a bid processing fee pays for the bid instead (an ad's bid; not a slot's): whether the
   * form still holds the bid refused, which the fee would pay for, and how to pay it.
   */
  fee?: { readonly canPay: boolean; readonly onPay: () => void };
};

/**
 * A bid refused for want of a subscription: why, then the member's ways on as buttons a finger
 * finds (Subscribe; Pay bid processing fee, for the bid as refused, where a fee can pay for it).
 * A bid changed since is sent again first, so its fee is offered for it as it is now.
 */
export function SubscribeOrPayFee({ entitlement = null, message, subscribeAt, fee }: RefusalProps) {
  return (
    <Stack spacing={1}>
      <span>{whyToPay(entitlement, message)}</span>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" color="inherit" component={RouterLink} to={subscribeAt}>
          Subscribe
        </Button>
        {fee?.canPay && (
          <Button variant="contained" onClick={fee.onPay}>
            Pay bid processing fee
          </Button>
        )}
      </Stack>
      {fee && !fee.canPay && (
        <Typography variant="body2">
          Or press Bid to pay the bid processing fee for the bid as it is now.
        </Typography>
      )}
    </Stack>
  );
}
