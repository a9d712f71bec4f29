import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MESSAGES } from '@boli/engine/shared/messages';
import type { AdFailure } from '../model/adFailure.ts';

/** 'Address Required!! Please fill the address', with the way to /editprofile (section 2). */
export function AddressRequiredDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="address-required-title">
      <DialogTitle id="address-required-title">{MESSAGES.addressRequired}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Ads are posted from your address: fill in your country, state, town and street on your
          profile first.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" component={RouterLink} to="/editprofile">
          Edit profile
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The refusal above the form: the subscribe message with its link, or the server's message. */
export function AdFailureAlert({ failure }: { failure: AdFailure | null }) {
  if (!failure || failure.kind === 'addressRequired') return null;
  if (failure.kind === 'subscribe') {
    return (
      <Alert
        severity="warning"
        action={
          <Button color="inherit" size="small" component={RouterLink} to="/subscription">
            Subscribe
          </Button>
        }
      >
        {failure.message}
      </Alert>
    );
  }
  return <Alert severity="error">{failure.message}</Alert>;
}
