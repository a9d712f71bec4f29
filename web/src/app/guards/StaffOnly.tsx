import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { holdsRole, NOT_ALLOWED } from '@boli/engine/accounts/staffRoles';
import { useSession } from '../session/sessionContext.ts';

/**
 * A staff page (its route's `roles`, from staffRoles.ts) for someone holding one of them; anyone
 * else gets the api's refusal once, with the way back, instead of controls every call of which
 * the api would refuse. The roles are the session's, as the menu's staff links are (a role just
 * granted arrives with the next token, README "Staff").
 */
export function StaffOnly({
  roles,
  children,
}: {
  roles: readonly string[] | undefined;
  children: ReactNode;
}) {
  const { user } = useSession();
  if (roles === undefined || holdsRole(user?.roles, roles)) return children;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
        {NOT_ALLOWED}
      </Alert>
      <Button variant="contained" component={RouterLink} to="/">
        Back to ads
      </Button>
    </Stack>
  );
}
