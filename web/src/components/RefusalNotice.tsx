import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * A page that cannot show what it is for, and would not on a retry ('No Users Found', 'You are
 * not allowed to do this.'): why, and the way back to the ads, so the page is no dead end. The
 * refusal is the page's heading: it is what the page is now, for a screen reader too.
 */
export function RefusalNotice({ message }: { message: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
        <Typography component="h1" variant="inherit">
          {message}
        </Typography>
      </Alert>
      <Button variant="contained" component={RouterLink} to="/">
        Back to ads
      </Button>
    </Stack>
  );
}
