import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { MESSAGES } from '@boli/engine/shared/messages';
import { useSession, type SessionStatus } from '../session/sessionContext.ts';
import { cameFromOf, loginPath } from '../guards/access.ts';
import { quietAfter, type Quiet } from './sentHomeQuiet.ts';

/**
 * Said above the page a guest was sent to from a members' page (section 2 sends them home): why
 * they are here, and Login, which brings them back to the page they asked for. Without it a
 * stale or typed link showed the ad list without a word. Not said where a session's end just
 * said why (`quietAfter`).
 */
export function SentHomeNotice() {
  const { status } = useSession();
  const { state, key } = useLocation();
  const cameFrom = cameFromOf(state);
  const [seen, setSeen] = useState<{ status: SessionStatus; key: string; quiet: Quiet }>({
    status,
    key,
    quiet: null,
  });
  if (seen.status !== status || seen.key !== key) {
    const ended = status === 'guest' && seen.status !== 'guest';
    const quiet = quietAfter(seen.quiet, { ended, key, sentHome: cameFrom !== undefined });
    setSeen({ status, key, quiet });
  }
  if (status !== 'guest' || cameFrom === undefined || seen.quiet !== null) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" component={RouterLink} to={loginPath(cameFrom)}>
          Login
        </Button>
      }
    >
      {MESSAGES.loginRequired}
    </Alert>
  );
}
