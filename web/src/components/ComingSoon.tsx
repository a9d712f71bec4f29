import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

type Props = { screen: string; children?: ReactNode };

/** A screen whose issue is still open: its name, and that it is coming soon. */
export function ComingSoon({ screen, children }: Props) {
  return (
    <Stack spacing={1} sx={{ py: 4, alignItems: 'center', textAlign: 'center' }}>
      <Typography variant="h5" component="h1">
        {screen}
      </Typography>
      <Typography color="textSecondary">This screen is coming soon.</Typography>
      {children}
    </Stack>
  );
}
