import type { Ref } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@boli/engine/shared/messages';
import { FormRefusalAlert } from '../../../components/FormRefusalAlert.tsx';
import { focusWhenDialogLeft } from '../../../lib/focusLost.ts';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import { useCloseOnBack } from '../../../lib/useCloseOnBack.ts';
import { adPath, type AdView } from '../ads.api.ts';
import type { AdFailure } from '../model/adFailure.ts';
import type { AdManagementRefusal } from '../model/adManagement.ts';

/** The profile form, coming back to Post Ad once the address is saved. */
const EDIT_PROFILE_THEN_POST = `/editprofile?redirect=${encodeURIComponent('/postAd')}`;

/** Why Post Ad will be refused: until the profile's address is complete, above the form. */
export function AddressRequiredNotice({ editRef }: { editRef?: Ref<HTMLAnchorElement> }) {
  return (
    <Alert
      severity="warning"
      action={
        <Button
          ref={editRef}
          color="inherit"
          size="small"
          component={RouterLink}
          to={EDIT_PROFILE_THEN_POST}
        >
          Edit profile
        </Button>
      }
    >
      {MESSAGES.addressRequired}: ads are posted from your profile&apos;s address.
    </Alert>
  );
}

/**
 * Why Post Ad will be refused: a member without a subscription or free trial, above the form,
 * with the way to /subscription. The fields typed are kept for when they come back.
 */
export function SubscribeToPostNotice() {
  return (
    <Alert
      severity="warning"
      data-testid="post-ad-unsubscribed"
      action={
        <Button color="inherit" size="small" component={RouterLink} to="/subscription">
          Subscribe
        </Button>
      }
    >
      {MESSAGES.pleaseSubscribe} Your photos and the ad are taken once you have a subscription; what
      you type here is kept meanwhile.
    </Alert>
  );
}

/** 'Address Required!! Please fill the address', with the way to /editprofile (section 2). */
export function AddressRequiredDialog({
  open,
  onClose,
  focusInstead,
}: {
  open: boolean;
  onClose: () => void;
  /** Where the keyboard goes once it closes, when nothing had it as it opened (at the start). */
  focusInstead?: () => HTMLElement | null;
}) {
  const back = useCloseOnBack(open, onClose);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="address-required-title"
      slotProps={{
        transition: {
          onExited: () => focusWhenDialogLeft(focusInstead),
        },
      }}
    >
      <DialogTitle id="address-required-title">{MESSAGES.addressRequired}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Ads are posted from your address: complete the address on your profile first (Edit profile
          asks for each of its fields), then come back to this ad.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          component={RouterLink}
          to={EDIT_PROFILE_THEN_POST}
          // In place of the dialog's own history entry: Back from there is the form, once.
          replace
          onClick={back.leave}
        >
          Edit profile
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The refusal above the form: the subscribe message with its link, or the server's message
 * (FormRefusalAlert: each new refusal takes the focus to the first field it marked).
 */
export function AdFailureAlert({ failure }: { failure: AdFailure | null }) {
  if (!failure || failure.kind === 'addressRequired') return null;
  if (failure.kind === 'subscribe') {
    return (
      <FormRefusalAlert
        refusal={failure}
        severity="warning"
        action={
          <Button color="inherit" size="small" component={RouterLink} to="/subscription">
            Subscribe
          </Button>
        }
      >
        {failure.message}
      </FormRefusalAlert>
    );
  }
  return <FormRefusalAlert refusal={failure}>{failure.message}</FormRefusalAlert>;
}

/** A link on from a notice. */
export type WayOn = { to: string; label: string };

const BACK_TO_ADS: WayOn = { to: '/', label: 'Back to ads' };
const BACK_TO_MY_ADS: WayOn = { to: '/myAds', label: 'Back to My Ads' };
const viewTheAd = (ad: Pick<AdView, '_id' | 'uid'>): WayOn => ({
  to: adPath(ad),
  label: 'View the ad',
});

/** A page that cannot show what it is for: its title, why, and the ways on (the first leads). */
function AdNotice({
  title,
  message,
  severity,
  waysOn,
  onRetry,
}: {
  title: string;
  message: string;
  severity: AlertColor;
  waysOn: WayOn[];
  onRetry?: () => void;
}) {
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {onRetry ? (
        <LoadFailure message={message} onRetry={onRetry} />
      ) : (
        <Alert severity={severity}>{message}</Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        {waysOn.map((way, index) => (
          <Button
            key={way.to}
            variant={index === 0 ? 'contained' : 'text'}
            component={RouterLink}
            to={way.to}
          >
            {way.label}
          </Button>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * The ad could not be read ('Ad not found', or why not): the way back to the ads, and from the
 * owner's pages (`mine`) to My Ads first, or first to `from` (the page the ad was asked for on);
 * with `onRetry` (a failure that may pass), Retry too.
 */
export function AdLoadFailureNotice({
  title,
  message,
  mine = false,
  from,
  onRetry,
}: {
  title: string;
  message: string;
  mine?: boolean;
  from?: WayOn;
  onRetry?: () => void;
}) {
  return (
    <AdNotice
      title={title}
      message={message}
      severity="error"
      waysOn={[...(from ? [from] : []), ...(mine ? [BACK_TO_MY_ADS] : []), BACK_TO_ADS]}
      onRetry={onRetry}
    />
  );
}

/**
 * Edit Ad or the media page opened for an ad this member may not change (another's ad, or one
 * whose bidding is closed): the api's reason instead of a form it would refuse, and the ways on.
 */
export function AdManagementNotice({
  title,
  ad,
  refusal,
}: {
  title: string;
  ad: Pick<AdView, '_id' | 'uid'>;
  refusal: AdManagementRefusal;
}) {
  return (
    <AdNotice
      title={title}
      message={refusal.message}
      severity={refusal.kind === 'closed' ? 'info' : 'warning'}
      waysOn={[viewTheAd(ad), refusal.kind === 'closed' ? BACK_TO_MY_ADS : BACK_TO_ADS]}
    />
  );
}
