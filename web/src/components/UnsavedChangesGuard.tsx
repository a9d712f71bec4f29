import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from './ConfirmDialog.tsx';

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

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      titleId="unsaved-changes-title"
      title="Leave without saving?"
      keepLabel="Stay"
      // Its Leave replays the blocked navigation, which an entry of the dialog's own would end.
      closeOnBack={false}
      actLabel="Leave"
      onKeep={() => blocker.reset?.()}
      onAct={() => blocker.proceed?.()}
    >
      Your changes to {what} have not been saved.
    </ConfirmDialog>
  );
}
