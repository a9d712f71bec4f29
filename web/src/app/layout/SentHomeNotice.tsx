import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { MESSAGES } from '@boli/engine/shared/messages';
import { useSession } from '../session/sessionContext.ts';
import { cameFromOf, loginPath } from '../guards/access.ts';

/**
 * Said above the page a guest was sent to from a members' page (section 2 sends them home): why
 * they are here, and Login, which brings them back to the page they asked for. Without it a
 * stale or typed link showed the ad list without a word.
 */
export function SentHomeNotice() {
  const { status } = useSession();
  const { state } = useLocation();
  // A stored session that ended, here or on load, said why itself ('Your session expired…'):
  // only a visitor who came without one is told.
  const [hadSession, setHadSession] = useState(false);
  if (status !== 'guest' && !hadSession) setHadSession(true);
  const cameFrom = cameFromOf(state);
  if (status !== 'guest' || hadSession || cameFrom === undefined) return null;
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
