import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import { useCloseOnBack } from '../../../lib/useCloseOnBack.ts';

/** Section 8's success dialog ('Bid Posted!') with OK. */
export function BidPostedDialog({
  message,
  onClose,
}: {
  message: string | null;
  onClose: () => void;
}) {
  useCloseOnBack(message !== null, onClose);
  return (
    <Dialog open={message !== null} onClose={onClose} aria-labelledby="share-bid-posted-title">
      <DialogTitle id="share-bid-posted-title">{message}</DialogTitle>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
