import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError } from '../../../app/api/client.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { changedFrom, UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard.tsx';
import { AD_PATHS, adMediaPath, adPath, type AdDetailView } from '../ads.api.ts';
import { adFormOf, editAdBody, rebasedEdit } from '../model/adForm.ts';
import { useAdFormSubmission } from '../useAdFormSubmission.ts';
import { isAdClosedRefusal, useManagedAd } from '../useManagedAd.ts';
import {
  AddressRequiredDialog,
  AdFailureAlert,
  AdLoadFailureNotice,
  AdManagementNotice,
} from './AdFailureNotice.tsx';
import { AdFormFields } from './AdFormFields.tsx';

const TITLE = 'Edit Ad';

/**
 * The Done screen after an edit: 'Ad Updated!' (which takes the focus, so it is read out and the
 * next Tab reaches the way on) and the way back to /myAds.
 */
function EditDone({ ad }: { ad: AdDetailView }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', py: 4, textAlign: 'center' }}>
      <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
      <Typography ref={heading} tabIndex={-1} variant="h5" component="h1" sx={{ outline: 'none' }}>
        {MESSAGES.adUpdated}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button variant="contained" component={RouterLink} to="/myAds">
          Back to My Ads
        </Button>
        <Button component={RouterLink} to={adPath(ad)}>
          View the ad
        </Button>
      </Stack>
    </Stack>
  );
}

/** The ad as it now reads, when an edit was refused for a change made meanwhile elsewhere. */
const changedElsewhere = (error: unknown): AdDetailView | null =>
  error instanceof ApiError && error.code === 'AD_CHANGED' && error.data
    ? (error.data as AdDetailView)
    : null;

function EditAdForm({
  ad,
  onSaved,
  onClosed,
}: {
  ad: AdDetailView;
  onSaved: (ad: AdDetailView) => void;
  /** Bidding closed while the form was open: the api refused the edit with AD_CLOSED. */
  onClosed: () => void;
}) {
  // The ad as the form was filled from: an edit sends what differs from it. Changed elsewhere
  // meanwhile (AD_CHANGED, with the ad as it now reads), the form is filled again from the ad as
  // it is, keeping what the member changed, and says so.
  const [initial, setInitial] = useState(() => adFormOf(ad));
  const { request } = useApi();
  const edit = useAdFormSubmission({
    initial,
    async send(form) {
      try {
        const saved = await request<AdDetailView>(AD_PATHS.edit, {
          json: editAdBody(ad._id, initial, form),
        });
        onSaved(saved ?? ad);
      } catch (error) {
        if (isAdClosedRefusal(error)) onClosed();
        const now = changedElsewhere(error);
        if (now) {
          const fresh = adFormOf(now);
          edit.replaceForm(rebasedEdit(initial, form, fresh));
          setInitial(fresh);
        }
        throw error;
      }
    },
  });

  return (
    <Stack spacing={2} component="form" noValidate onSubmit={edit.submit}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {TITLE}
        </Typography>
        <Button component={RouterLink} to={adMediaPath(ad)}>
          Photos and videos
        </Button>
      </Stack>
      <AdFailureAlert failure={edit.failure} />
      <AdFormFields
        form={edit.form}
        errors={edit.errors}
        onChange={edit.change}
        onDisplayPhone={edit.setDisplayPhone}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to="/myAds">
          Cancel
        </Button>
        <Button type="submit" variant="contained" size="large" loading={edit.sending}>
          Update Ad
        </Button>
      </Stack>
      <AddressRequiredDialog open={edit.addressDialog} onClose={edit.closeAddressDialog} />
      <UnsavedChangesGuard when={!edit.sending && changedFrom(initial, edit.form)} what="this ad" />
    </Stack>
  );
}

/**
 * Edit Ad (/editAd/{uid}, or the ad's id): the post form filled in, POST /api/posts/edit — for the
 * ad's owner while its bidding is open; anyone else, or a closed ad, gets the reason instead.
 */
export function EditAdScreen() {
  const { adUid = '' } = useParams();
  const { ad, failure, retry, refusal, closedMeanwhile } = useManagedAd(adUid);
  const [saved, setSaved] = useState<AdDetailView | null>(null);

  if (saved) return <EditDone ad={saved} />;
  if (failure) {
    return <AdLoadFailureNotice title={TITLE} message={failure.message} mine onRetry={retry} />;
  }
  if (!ad) return <CenteredSpinner label="Loading the ad" />;
  if (refusal) return <AdManagementNotice title={TITLE} ad={ad} refusal={refusal} />;
  return <EditAdForm ad={ad} onSaved={setSaved} onClosed={closedMeanwhile} />;
}
