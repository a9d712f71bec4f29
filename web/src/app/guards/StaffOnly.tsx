import type { ReactNode } from 'react';
import { holdsRole, NOT_ALLOWED } from '@boli/engine/accounts/staffRoles';
import { RefusalNotice } from '../../components/RefusalNotice.tsx';
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
  return <RefusalNotice message={NOT_ALLOWED} />;
}
