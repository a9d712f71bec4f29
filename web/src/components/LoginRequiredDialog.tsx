import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import { useCloseOnBack } from '../lib/useCloseOnBack.ts';
import { MESSAGES } from '@boli/engine/shared/messages';

type Props = { open: boolean; onLogin: () => void; onCancel: () => void };

/** 'Login Required!! Please login to continue', with Login and Cancel (spec section 2). */
export function LoginRequiredDialog({ open, onLogin, onCancel }: Props) {
  useCloseOnBack(open, onCancel);
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="login-required-title">
      <DialogTitle id="login-required-title">{MESSAGES.loginRequired}</DialogTitle>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={onLogin} autoFocus>
          Login
        </Button>
      </DialogActions>
    </Dialog>
  );
}
