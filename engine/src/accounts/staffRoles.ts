/*
 * What each staff role may do beyond a member's part (spec section 6's roles: support, auditor,
 * admin). The one place these are decided: the api's guards, the accounts decider and the web
 * app's staff links all read them.
 */

/** Open an ad's full event history and replay it (/support/ads/{ad_id}). */
export const AD_HISTORY_ROLES = ['support', 'auditor', 'admin'] as const;
/** Block and unblock members, and read the contact messages (an admin acts as admin first). */
export const SUPPORT_ROLES = ['admin', 'support'] as const;
/** Staff: an account holding one of these is blocked by an admin only, not by support. */
export const STAFF_ROLES = ['support', 'auditor', 'admin'] as const;
/** The payments ledger, the invoice series check and the gateway comparison (/audit). */
export const AUDIT_ROLES = ['auditor', 'admin'] as const;

/** What someone is told who asks for what their roles do not allow (the api's 403, staff pages). */
export const NOT_ALLOWED = 'You are not allowed to do this.';

/** Whether someone holding `roles` holds one of `allowed`. */
export const holdsRole = (
  roles: readonly string[] | undefined,
  allowed: readonly string[],
): boolean => (roles ?? []).some((role) => allowed.includes(role));

/** Whether staff acting as `actorRole` may block an account holding `targetRoles`. */
export const mayBlockAccountOf = (actorRole: string, targetRoles: readonly string[]): boolean =>
  actorRole === 'admin' || !holdsRole(targetRoles, STAFF_ROLES);
