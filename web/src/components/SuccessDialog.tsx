import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import { focusWhenDialogLeft } from '../lib/focusLost.ts';
import { useCloseOnBack } from '../lib/useCloseOnBack.ts';

/**
 * A success dialog of section 8 ('Bid Posted!', 'Done!', 'Bid Closed!', 'Review Posted!', 'Ad Bid
 * Posted!'): the message, named by it, with OK. Back closes it as OK does. Closed, it gives the
 * focus back to what opened it; when that is gone or disabled (Final Call is hidden once made,
 * Post Review is disabled while the box is empty), to `focusInstead`, so a keyboard user does not
 * start again from the top of the page.
 */
export function SuccessDialog({
  message,
  titleId,
  onClose,
  focusInstead,
}: {
  /** Open while not null. */
  message: string | null;
  /** The title's element id, which names the dialog. */
  titleId: string;
  onClose: () => void;
  focusInstead?: () => HTMLElement | null;
}) {
  useCloseOnBack(message !== null, onClose);
  return (
    <Dialog
      open={message !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={{
        transition: {
          onExited: () => focusWhenDialogLeft(focusInstead),
        },
      }}
    >
      <DialogTitle id={titleId}>{message}</DialogTitle>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
