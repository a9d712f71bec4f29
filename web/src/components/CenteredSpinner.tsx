import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';

/**
 * What a page shows while what it is for loads. One turning longer than `LIMITS.slowLoadHintMs`
 * says the connection seems slow (a screen reader hears it once), so a member on a stalled phone
 * connection knows why they wait, until the answer comes or the call is taken as lost.
 */
export function CenteredSpinner({ label = 'Loading' }: { label?: string }) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), LIMITS.slowLoadHintMs);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 6 }}>
      <CircularProgress aria-label={label} />
      <Typography role="status" variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
        {slow ? MESSAGES.slowLoad : ''}
      </Typography>
    </Box>
  );
}
