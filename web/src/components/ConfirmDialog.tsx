import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useCloseOnBack } from '../lib/useCloseOnBack.ts';
import { useSteadyClose } from '../lib/useSteadyClose.ts';

/**
 * Asks before what cannot be undone (Close Bid, removing a photo, leaving unsaved changes): the
 * question, what follows, the way back (focused, so Enter does no harm) and the act itself, in
 * red. Escape, the backdrop and the browser's Back are the way back too.
 */
export function ConfirmDialog({
  open,
  titleId,
  title,
  children,
  keepLabel,
  actLabel,
  acting = false,
  closeOnBack = true,
  onKeep,
  onAct,
}: {
  open: boolean;
  /** The title's element id, which names the dialog. */
  titleId: string;
  title: ReactNode;
  /** What follows from the act. */
  children: ReactNode;
  keepLabel: string;
  actLabel: string;
  /** The act is under way: its button shows it. */
  acting?: boolean;
  /** Back closes it (false when the dialog asks about a Back already under way). */
  closeOnBack?: boolean;
  onKeep: () => void;
  onAct: () => void;
}) {
  // A double tap on what opened it must not close it at once.
  const keepUnlessOpeningTap = useSteadyClose(open, onKeep);
  useCloseOnBack(open && closeOnBack, onKeep);
  return (
    <Dialog
      open={open}
      onClose={keepUnlessOpeningTap}
      aria-labelledby={titleId}
      // What follows from the act is read with the question, not only the title and a button.
      aria-describedby={`${titleId}-what-follows`}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${titleId}-what-follows`}>{children}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep} autoFocus>
          {keepLabel}
        </Button>
        <Button variant="contained" color="error" loading={acting} onClick={onAct}>
          {actLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
