import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@boli/engine/shared/messages';

/**
 * Any path the app does not know: '404: Page not found'. `detail` says what the path was taken
 * for, where that helps ("No member called … can be shown" for a /{user_name} that is nobody's).
 */
export function PageNotFoundScreen({ detail }: { detail?: string }) {
  return (
    <Stack spacing={2} sx={{ py: 6, alignItems: 'center', textAlign: 'center' }}>
      <Typography variant="h3" component="p" color="primary">
        404
      </Typography>
      <Typography variant="h5" component="h1">
        {MESSAGES.pageNotFound}
      </Typography>
      {detail && <Typography color="textSecondary">{detail}</Typography>}
      <Button component={RouterLink} to="/" variant="contained">
        Go to the ads
      </Button>
    </Stack>
  );
}
