import { useCallback, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isBoughtDirectly } from '@boli/engine/adspace/adSpace.rules';
import { ADSPACE_MESSAGES } from '@boli/engine/adspace/adspace.messages';
import type { AdSpaceCycle, AdSpaceType } from '@boli/engine/billing/products';
import { AD_SPACE_CYCLES, AD_SPACE_TYPES } from '@boli/engine/shared/limits';
import { useApi } from '../../../app/session/useApi.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { useLoaded } from '../../../lib/useLoaded.ts';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import { PAYMENT_TEXTS } from '../../../payments/model/paymentTexts.ts';
import { fetchMySpaces } from '../api/adspaceApi.ts';
import { buyingCycleLabel, SPACE_TYPE_LABELS } from '../model/spaceTypes.ts';
import { spacesInOrder } from '../model/spaceOrder.ts';
import { spaceChoiceOf, spaceChoiceParamsOf, type SpaceChoice } from '../model/spaceChoice.ts';
import { MySpaceCard } from './MySpaceCard.tsx';
import { SpacePurchase } from './SpacePurchase.tsx';
import { forgetShownAds } from './useShownAds.ts';
import { spaceTypeOptions } from './spaceTypeOptions.tsx';

/** The member's spaces not yet ended (GET /api/space/list?status=active), reloadable. */
function useMySpaces() {
  const { request } = useApi();
  const { data, failure, reload, retry } = useLoaded(
    useCallback((signal?: AbortSignal) => fetchMySpaces(request, signal), [request]),
  );
  return { spaces: data, failure, reload, retry };
}

const BUY_A_SPACE_ID = 'buy-a-space';

/**
 * Buy AdSpace (section 4): choose a space type and a cycle (kept in the address, ?type=&cycle=).
 * authPages and sidePanels are won by date in the bid calendar; inStream and betweenPosts show
 * their price, then Make payment. Once a space is active its details and the ad upload area show
 * above (running ones first).
 */
export function BuyAdSpaceScreen() {
  const { enqueueSnackbar } = useSnackbar();
  const mine = useMySpaces();
  const [params, setParams] = useSearchParams();
  // The type and cycle chosen live in the address (replaced as they change, not new steps): a
  // reload, Back from another page, or a link sent on shows the same space and price.
  const choice = spaceChoiceOf(params);
  const { type, cycle } = choice;
  const choose = (changed: Partial<SpaceChoice>) =>
    setParams(spaceChoiceParamsOf({ ...choice, ...changed }), { replace: true });
  // A new purchase after each payment: the same type and cycle may be bought again.
  const [round, setRound] = useState(0);

  const paid = (msg: string) => {
    enqueueSnackbar(msg || PAYMENT_TEXTS.paid, { variant: 'success' });
    mine.reload();
  };
  const uploaded = () => {
    enqueueSnackbar('Ad uploaded.', { variant: 'success' });
    forgetShownAds();
    mine.reload();
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 760, mx: 'auto', width: '100%' }}>
      <Typography variant="h5" component="h1">
        Buy AdSpace
      </Typography>
      {mine.failure && <LoadFailure message={mine.failure} onRetry={mine.retry} />}
      {!mine.spaces && !mine.failure && <CenteredSpinner />}
      {mine.spaces && mine.spaces.length > 0 && (
        <Stack spacing={2} component="section" aria-label="Your ad spaces">
          <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
              Your ad spaces
            </Typography>
            {/* The form is under every card: a member with many need not scroll to find it. */}
            <Link href={`#${BUY_A_SPACE_ID}`}>Buy a space</Link>
          </Stack>
          {spacesInOrder(mine.spaces).map((space) => (
            <MySpaceCard key={space._id} space={space} onUploaded={uploaded} />
          ))}
        </Stack>
      )}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Typography variant="h6" component="h2" id={BUY_A_SPACE_ID} tabIndex={-1}>
            Buy a space
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label="Space type"
              value={type}
              onChange={(event) => choose({ type: event.target.value as AdSpaceType })}
              size="small"
              sx={{ minWidth: 200 }}
            >
              {spaceTypeOptions(AD_SPACE_TYPES)}
            </TextField>
            {isBoughtDirectly(type) && (
              <TextField
                select
                label="Cycle"
                value={cycle}
                onChange={(event) => choose({ cycle: event.target.value as AdSpaceCycle })}
                size="small"
                sx={{ minWidth: 160 }}
              >
                {AD_SPACE_CYCLES.map((option) => (
                  <MenuItem key={option} value={option}>
                    {buyingCycleLabel(option)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Stack>
          {isBoughtDirectly(type) ? (
            <SpacePurchase
              key={`${type}:${cycle}:${round}`}
              type={type}
              cycle={cycle}
              onPaid={(c) => paid(c.msg)}
              onAgain={() => setRound((n) => n + 1)}
            />
          ) : (
            <Alert
              severity="info"
              action={
                <Button
                  component={RouterLink}
                  to={`/bid-calendar?type=${type}`}
                  color="inherit"
                  size="small"
                >
                  Open the bid calendar
                </Button>
              }
            >
              {ADSPACE_MESSAGES.selectDatesInCalendar}: {SPACE_TYPE_LABELS[type]} are won by date,
              the highest bid for each date.
            </Alert>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
