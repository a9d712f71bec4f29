import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import { useCloseOnBack } from '../../../lib/useCloseOnBack.ts';

/**
 * A success dialog of section 8 ('Bid Posted!', 'Done!', 'Bid Closed!') with OK. Closed, it gives
 * the focus back to what opened it; when that is gone (Final Call is hidden once made), to
 * `focusInstead`, so a keyboard user does not start again from the top of the page. Back closes it
 * as OK does.
 */
export function MessageDialog({
  message,
  onClose,
  focusInstead,
}: {
  message: string | null;
  onClose: () => void;
  focusInstead: () => HTMLElement | null;
}) {
  useCloseOnBack(message !== null, onClose);
  return (
    <Dialog
      open={message !== null}
      onClose={onClose}
      aria-labelledby="bid-message-title"
      slotProps={{
        transition: {
          // Once the dialog has left the page (the focus may have stayed on its OK till then).
          onExited: () =>
            window.setTimeout(() => {
              const focused = document.activeElement;
              if (!focused || focused === document.body || !focused.isConnected)
                focusInstead()?.focus();
            }),
        },
      }}
    >
      <DialogTitle id="bid-message-title">{message}</DialogTitle>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
