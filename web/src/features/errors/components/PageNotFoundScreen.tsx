import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@boli/engine/shared/messages';

/** Any path the app does not know: '404: Page not found'. */
export function PageNotFoundScreen() {
  return (
    <Stack spacing={2} sx={{ py: 6, alignItems: 'center', textAlign: 'center' }}>
      <Typography variant="h3" component="p" color="primary">
        404
      </Typography>
      <Typography variant="h5" component="h1">
        {MESSAGES.pageNotFound}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        Go to the ads
      </Button>
    </Stack>
  );
}
