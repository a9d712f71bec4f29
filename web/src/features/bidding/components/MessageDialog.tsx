import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';

/** A success dialog of section 8 ('Bid Posted!', 'Done!', 'Bid Closed!') with OK. */
export function MessageDialog({
  message,
  onClose,
}: {
  message: string | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={message !== null} onClose={onClose} aria-labelledby="bid-message-title">
      <DialogTitle id="bid-message-title">{message}</DialogTitle>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
