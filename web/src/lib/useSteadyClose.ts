import { useEffect, useRef } from 'react';

/** How long after a dialog opens a click on its backdrop is taken for the opening tap's twin. */
export const OPENING_TAP_MS = 500;

/**
 * A dialog's `onClose` that lets a backdrop click in its first moments pass: on a phone, the
 * second tap of a double tap on the button that opened it lands on the backdrop and would shut it
 * at once, as if nothing had happened. Escape, and any later click, close it as usual.
 */
export function useSteadyClose(
  open: boolean,
  onClose: () => void,
): (event: unknown, reason?: 'backdropClick' | 'escapeKeyDown') => void {
  const openedAt = useRef(0);
  useEffect(() => {
    if (open) openedAt.current = performance.now();
  }, [open]);
  return (_event, reason) => {
    if (reason === 'backdropClick' && performance.now() - openedAt.current < OPENING_TAP_MS) return;
    onClose();
  };
}
