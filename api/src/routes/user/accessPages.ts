import { holdsRole } from '@boli/engine/accounts/staffRoles';
import { ROUTE_ACCESS, type AccessRule } from '@boli/engine/shared/routeAccess';

/*
 * Which pages of the web's route table (spec section 2, engine/src/shared/routeAccess.ts, which
 * web/src/app/routes.tsx follows) a signed-in member may open, by the same rules: the public pages always;
 * pages for guests only and the login page never (a member is sent away from them); the home
 * page, member pages and validated-member pages once the mobile is validated (before that the
 * member sees only the OTP screen). A blocked member gets the public pages alone, and a staff
 * page is listed only for the roles that may open it.
 */

export type AccountAccess = {
  readonly mobileValidated: boolean;
  readonly isBlocked: boolean;
  readonly roles: readonly string[];
};

const opens = (rule: AccessRule, fullAccess: boolean): boolean => {
  switch (rule) {
    case 'public':
      return true;
    case 'guestOnly':
    case 'loginPage':
      return false;
    case 'home':
    case 'member':
    case 'validatedMember':
    case 'guestOrValidatedMember':
      return fullAccess;
    default: {
      const unknown: never = rule;
      return unknown;
    }
  }
};

/** The route paths (patterns, as the route table writes them) this member may open. */
export function accessiblePages(account: AccountAccess): string[] {
  const fullAccess = account.mobileValidated && !account.isBlocked;
  return ROUTE_ACCESS.filter(
    ([, rule, roles]) =>
      opens(rule, fullAccess) && (roles === undefined || holdsRole(account.roles, roles)),
  ).map(([path]) => path);
}
