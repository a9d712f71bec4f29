import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import { TAP_TARGET } from '../../../components/tapTarget.ts';

/** One of the sign-in screens' other ways in (Login with password, Sign up…): a finger's link. */
export function WayIn({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} variant="body2" sx={TAP_TARGET}>
      {children}
    </Link>
  );
}
