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

/** The role someone holding `roles` acts in for a task `allowed` lists: the first they hold. */
export const actingRoleOf = <Role extends string>(
  roles: readonly string[] | undefined,
  allowed: readonly Role[],
): Role | undefined => allowed.find((role) => (roles ?? []).includes(role));

/**
 * Why staff (`actor`, in the role they act in) may not block the account `target`: it is their
 * own, or it holds a staff role and the actor is not an admin. Undefined when they may.
 */
export function blockRefusal(
  actor: { readonly userId: string; readonly role: string },
  target: { readonly userId: string; readonly roles: readonly string[] },
): 'BLOCK_SELF' | 'BLOCK_STAFF' | undefined {
  if (actor.userId === target.userId) return 'BLOCK_SELF';
  if (actor.role !== 'admin' && holdsRole(target.roles, STAFF_ROLES)) return 'BLOCK_STAFF';
  return undefined;
}
