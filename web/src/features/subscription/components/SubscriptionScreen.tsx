import { useCallback, useEffect, useState } from 'react';
import { useSnackbar } from 'notistack';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { useApi } from '../../../app/session/useApi.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { useLoaded } from '../../../lib/useLoaded.ts';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import { DATE_TIME_IN_TEXT, formatDate, formatRupees } from '../../../lib/format.ts';
import { KeptWhole } from '../../../components/KeptWhole.tsx';
import {
  PAYMENT_TEXTS,
  subscriptionOffer,
  type TrialState,
} from '../../../payments/model/paymentTexts.ts';
import { fetchTransactions } from '../../transactions/api/transactionsApi.ts';
import {
  fetchActiveSubscriptions,
  fetchEntitlement,
  fetchPlans,
  type ActiveSubscription,
  type Plan,
} from '../api/subscriptionApi.ts';
import { SubscribeDialog } from './SubscribeDialog.tsx';
import { trialOf } from '../useEntitlement.ts';

/**
 * `confirming`: a subscription was paid for (captured) and is not active yet; `trial`: the free
 * trial's end while it runs, or when it ended.
 */
type Loaded = {
  active: ActiveSubscription[];
  plans: Plan[];
  confirming: boolean;
  trial: TrialState;
};

/** A subscription paid for whose activation is still on its way (a closed tab, say). */
async function subscriptionBeingConfirmed(
  request: Parameters<typeof fetchTransactions>[0],
  signal?: AbortSignal,
): Promise<boolean> {
  const { purchases } = await fetchTransactions(request, { page: 0, type: 'subscription' }, signal);
  return purchases.some((purchase) => purchase.status === 'captured');
}

/**
 * The subscription page (section 4): with none active, 'Please subscribe to bid and sell.' (during
 * the free trial, until when it runs; after it, when it ended) and Make payment for each plan;
 * after the payment the active subscriptions reload. An active one shows its start date and 'Lifetime Subscription'.
 */
export function SubscriptionScreen() {
  const { request } = useApi();
  const { enqueueSnackbar } = useSnackbar();
  const [buying, setBuying] = useState<Plan | null>(null);
  const {
    data: loaded,
    failure,
    reload,
    retry,
  } = useLoaded(
    useCallback(
      async (signal?: AbortSignal): Promise<Loaded> => {
        const active = await fetchActiveSubscriptions(request, signal);
        const none = active.length === 0;
        const [plans, confirming, entitlement] = none
          ? await Promise.all([
              fetchPlans(request, signal),
              subscriptionBeingConfirmed(request, signal).catch(() => false),
              fetchEntitlement(request, signal).catch(() => null),
            ])
          : [[], false, null];
        return { active, plans, confirming, trial: trialOf(entitlement) };
      },
      [request],
    ),
  );

  // Until a paid subscription is active, ask again now and then.
  const confirming = loaded?.confirming ?? false;
  useEffect(() => {
    if (!confirming) return;
    const timer = window.setInterval(reload, LIMITS.purchasePollMs);
    return () => window.clearInterval(timer);
  }, [confirming, reload]);

  const paid = (msg: string) => {
    setBuying(null);
    enqueueSnackbar(msg || PAYMENT_TEXTS.paid, { variant: 'success' });
    reload();
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto', width: '100%' }}>
      <Typography variant="h5" component="h1">
        Subscription
      </Typography>
      {failure && <LoadFailure message={failure} onRetry={retry} />}
      {!loaded && !failure && <CenteredSpinner />}
      {loaded && loaded.active.length > 0 && (
        <Stack spacing={2} aria-label="Active subscriptions" component="section">
          {loaded.active.map((subscription) => (
            <Card key={subscription._id} variant="outlined" data-testid="active-subscription">
              <CardContent>
                <Typography variant="h6" component="h2">
                  {subscription.name || MESSAGES.lifetimeSubscription}
                </Typography>
                <Typography color="textSecondary">
                  Start date: {formatDate(subscription.startDate)}
                </Typography>
              </CardContent>
              {/* Its payment and invoice are listed there. */}
              <CardActions>
                <Button component={RouterLink} to="/transactions?type=subscription" size="small">
                  Payment and invoice
                </Button>
              </CardActions>
            </Card>
          ))}
        </Stack>
      )}
      {loaded && loaded.active.length === 0 && loaded.confirming && (
        <Alert severity="info" role="status">
          {PAYMENT_TEXTS.beingConfirmed}
        </Alert>
      )}
      {loaded && loaded.active.length === 0 && !loaded.confirming && (
        <>
          {/* A note the page opens with, not news: not read out as an alert on every visit. */}
          <Alert severity="info" role="note">
            <KeptWhole text={subscriptionOffer(loaded.trial)} pattern={DATE_TIME_IN_TEXT} />
          </Alert>
          {loaded.plans.map((plan) => (
            <Card key={plan._id} variant="outlined" component="section" aria-label={plan.name}>
              <CardContent>
                <Typography variant="h6" component="h2">
                  {plan.name}
                </Typography>
                <Typography variant="h5" component="p" color="primary" sx={{ my: 1 }}>
                  {formatRupees(plan.totalPriceAfterTax || plan.price)}
                  {plan.totalPriceAfterTax > 0 && (
                    <Typography component="span" variant="body2" color="textSecondary">
                      {' '}
                      including tax
                    </Typography>
                  )}
                </Typography>
                {plan.features.length > 0 && (
                  <ul>
                    {plan.features.map((feature) => (
                      <li key={feature}>
                        <Typography variant="body2">{feature}</Typography>
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
              <CardActions>
                <Button variant="contained" onClick={() => setBuying(plan)}>
                  Make payment
                </Button>
              </CardActions>
            </Card>
          ))}
        </>
      )}
      <SubscribeDialog
        plan={buying}
        onClose={() => {
          setBuying(null);
          reload();
        }}
        onPaid={(confirmation) => paid(confirmation.msg)}
        onOver={reload}
      />
    </Stack>
  );
}
