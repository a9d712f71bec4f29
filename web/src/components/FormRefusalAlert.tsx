import { useEffect, useRef, type ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import { focusFirstMarked } from '../lib/refusalFocus.ts';

/**
 * The refusal above a long form whose submit button is far below it (Post Ad!, Update Ad, Sign
 * up, Save). Each new refusal — a new `refusal` value, so an object or a count, never a message
 * that may repeat — takes the focus, and so the view, to the first field it marked, else to the
 * notice itself, which a screen reader then reads.
 */
export function FormRefusalAlert({
  refusal,
  severity = 'error',
  action,
  children,
}: {
  refusal: unknown;
  severity?: AlertColor;
  action?: ReactNode;
  children: ReactNode;
}) {
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const shown = alert.current;
    if (!shown) return;
    focusFirstMarked(shown.closest('form'), shown);
  }, [refusal]);
  return (
    <Alert ref={alert} tabIndex={-1} severity={severity} action={action}>
      {children}
    </Alert>
  );
}
