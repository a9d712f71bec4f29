import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError } from '../../../app/api/client.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { countOf } from '../../../lib/format.ts';
import { fetchBidCount } from '../../bidding/api/bidsApi.ts';
import { changedFrom, UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard.tsx';
import { AD_PATHS, adMediaPath, adPath, type AdDetailView } from '../ads.api.ts';
import { adFormOf, editAdBody, rebasedEdit, type AdFormField } from '../model/adForm.ts';
import { detailLabel } from '../model/adDetailLabels.ts';
import { readEditAdDraft, saveEditAdDraft, type EditAdDraft } from '../model/editAdDraft.ts';
import { useEditKeptInTab } from '../../../lib/useEditKeptInTab.ts';
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

/**
 * How many bids the ad has, read as the form opens: bidders bid on the ad as it read, so an owner
 * changing it is told first that they will each be told what changed. Unknown (null) while read,
 * or when it could not be: the form works without it.
 */
function useBidCount(adId: string): number | null {
  const { request } = useApi();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    const reading = new AbortController();
    fetchBidCount(request, adId, reading.signal).then(setCount, () => undefined);
    return () => reading.abort();
  }, [request, adId]);
  return count;
}

/**
 * Over the changes kept from before a reload: that they are not saved yet, and which of them were
 * changed elsewhere since (another tab, another device), since Update Ad would undo that change.
 */
function KeptChangesNotice({ changedElsewhere }: { changedElsewhere: readonly AdFormField[] }) {
  if (changedElsewhere.length === 0) {
    return (
      <Alert severity="info">Your changes were kept; they are not saved until Update Ad.</Alert>
    );
  }
  return (
    <Alert severity="warning" data-testid="edit-ad-changed-elsewhere">
      Changed elsewhere since you made your changes: {changedElsewhere.map(detailLabel).join(', ')}.
      Your values are shown; Update Ad saves them over the other change.
    </Alert>
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
  const memberId = useSession().user?._id;
  // A reload finds the changes being made as they were, laid over the ad as it now reads.
  const [kept] = useState(() => readEditAdDraft(memberId, ad._id, adFormOf(ad)));
  const bids = useBidCount(ad._id);
  const edit = useAdFormSubmission({
    initial: () => kept?.form ?? initial,
    async send(form) {
      try {
        const answer = await request<AdDetailView>(AD_PATHS.edit, {
          json: editAdBody(ad._id, initial, form),
        });
        markSaved();
        onSaved(answer ?? ad);
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
  const changed = changedFrom(initial, edit.form);
  // The changes are kept in the tab as they are made, until saved or left (editAdDraft.ts).
  const markSaved = useEditKeptInTab(
    useCallback(
      (draft: EditAdDraft | null) => saveEditAdDraft(memberId, ad._id, draft),
      [memberId, ad._id],
    ),
    useMemo(
      () => (changed ? { base: initial, form: edit.form } : null),
      [changed, initial, edit.form],
    ),
  );

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
      {kept && changed && <KeptChangesNotice changedElsewhere={kept.changedElsewhere} />}
      {bids !== null && bids > 0 && (
        <Alert severity="warning" data-testid="edit-ad-bids">
          {countOf(bids, 'bid')} {bids === 1 ? 'was' : 'were'} placed on this ad. Every bidder is
          told which of the item's details you change.
        </Alert>
      )}
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
      <UnsavedChangesGuard when={!edit.sending && changed} what="this ad" />
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
