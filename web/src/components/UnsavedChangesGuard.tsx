import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** Whether a form as typed differs from what it was opened with (plain values only). */
export const changedFrom = (opened: unknown, typed: unknown): boolean =>
  JSON.stringify(opened) !== JSON.stringify(typed);

/**
 * While `when` (a form with changes not saved), leaving the page asks first: a link, Back or
 * Cancel opens 'Leave without saving?' (Stay / Leave), and closing or reloading the tab gets the
 * browser's own question. A dialog's history entry at the same address (useCloseOnBack) is not
 * leaving. Pass `when` false while the form is being saved, so its own navigation on success
 * goes through.
 */
export function UnsavedChangesGuard({ when, what }: { when: boolean; what: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);

  const asking = blocker.state === 'blocked';
  return (
    <Dialog open={asking} onClose={() => blocker.reset?.()} aria-labelledby="unsaved-changes-title">
      <DialogTitle id="unsaved-changes-title">Leave without saving?</DialogTitle>
      <DialogContent>
        <DialogContentText>Your changes to {what} have not been saved.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()} autoFocus>
          Stay
        </Button>
        <Button color="error" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
      </DialogActions>
    </Dialog>
  );
}
