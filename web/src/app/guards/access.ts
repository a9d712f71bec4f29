import type { AccessRule } from '@boli/engine/shared/routeAccess';
import type { SessionStatus } from '../session/sessionContext.ts';
import type { SessionUser } from '../session/sessionUser.ts';

/**
 * The access rules of the spec's route table (section 2) and roles (section 6). Each route in
 * routes.tsx names one of these; decideAccess says what a visitor gets.
 */
export type { AccessRule };
export type AccessDecision =
  | { kind: 'render' }
  /** The session is still being checked: show a spinner, not a premature redirect. */
  | { kind: 'wait' }
  /** `comeBack`: a guest sent away from a members' page, whose Login should return to it. */
  | { kind: 'redirect'; to: string; comeBack?: true }
  /** Show the phone OTP screen in place of the page. */
  | { kind: 'verifyPhone' }
  /** The stored session could not be checked (the connection, the api): say so, with Retry. */
  | { kind: 'unreachable' };

export type Visitor = {
  status: SessionStatus;
  mobileValidated: boolean;
  /** The session's staff roles (engine/src/accounts/staffRoles.ts), if any. */
  roles?: readonly string[] | undefined;
};

/** The visitor a session makes: its status, and its member's phone check and staff roles. */
export const visitorOf = ({
  status,
  user,
}: {
  status: SessionStatus;
  user?: Pick<SessionUser, 'mobileValidated' | 'roles'> | undefined;
}): Visitor => ({ status, mobileValidated: user?.mobileValidated ?? false, roles: user?.roles });

export const OTP_PHONE_VERIFY_PATH = '/otp-phone-verify';

/**
 * A member whose phone is not verified yet: every page of theirs is the OTP screen (section 4),
 * and the top bar and menu offer only what does not lead back to it.
 */
export const awaitsPhoneCheck = (visitor: Visitor): boolean =>
  visitor.status === 'member' && !visitor.mobileValidated;

/**
 * Pages not come back to after a login: the reset link's page carries its one-time token, which a
 * ?redirect= would put in the login page's address (and its history), and is spent once used.
 */
const NOT_RETURNED_TO = ['/api/auth/resetPassword/'];

/**
 * Only paths of this app, so ?redirect= cannot send anyone to another site; nor to the login
 * page itself or a page of `NOT_RETURNED_TO`.
 */
export function safeRedirectTarget(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return '/';
  // Read as the browser reads it, which drops tabs and line breaks ('/\t/example.org' is
  // '//example.org'): still this app's, or not followed (the router would refuse it and fail).
  const read = new URL(target, THIS_APP);
  if (read.origin !== THIS_APP) return '/';
  const path = addressOf(read);
  if (path === '/login' || path.startsWith('/login?') || path.startsWith('/login/')) return '/';
  if (NOT_RETURNED_TO.some((prefix) => path.startsWith(prefix))) return '/';
  return path;
}

/** An origin no page is on, against which a target is read. */
const THIS_APP = 'https://boli.invalid';

/** A location as the app's address of it: path, query and part ('/ads/x?bids=before#bidding'). */
export const addressOf = (at: { pathname: string; search: string; hash: string }): string =>
  `${at.pathname}${at.search}${at.hash}`;

/** The router state of a page a guest was sent to from a members' page: where they were. */
export type CameFrom = { cameFrom: string };

/** The members' page a guest was sent home from (the location's state), if any. */
export const cameFromOf = (state: unknown): string | undefined =>
  typeof state === 'object' && state !== null && typeof (state as CameFrom).cameFrom === 'string'
    ? (state as CameFrom).cameFrom
    : undefined;

/** The login page, asked to come back to `redirectTo` afterwards. */
export function loginPath(redirectTo: string): string {
  return `/login?redirect=${encodeURIComponent(safeRedirectTarget(redirectTo))}`;
}

const RENDER: AccessDecision = { kind: 'render' };
const WAIT: AccessDecision = { kind: 'wait' };
const UNREACHABLE: AccessDecision = { kind: 'unreachable' };
const HOME: AccessDecision = { kind: 'redirect', to: '/' };
/** A guest on a members' page goes home (section 2); Login there brings them back. */
const HOME_THEN_BACK: AccessDecision = { kind: 'redirect', to: '/', comeBack: true };

/** What `visitor` gets on a route with `rule`; `search` is the page's query string (for ?redirect=). */
export function decideAccess(rule: AccessRule, visitor: Visitor, search = ''): AccessDecision {
  if (rule === 'public') return RENDER;
  if (visitor.status === 'loading') return WAIT;
  // Not known to be a guest: a members' page waits for the check rather than sending them home.
  if (visitor.status === 'unreachable' && (rule === 'member' || rule === 'validatedMember'))
    return UNREACHABLE;
  const member = visitor.status === 'member';
  const validated = member && visitor.mobileValidated;
  switch (rule) {
    case 'guestOnly':
      return member ? HOME : RENDER;
    case 'loginPage':
      if (!member) return RENDER;
      if (!validated) return { kind: 'redirect', to: OTP_PHONE_VERIFY_PATH };
      return {
        kind: 'redirect',
        to: safeRedirectTarget(new URLSearchParams(search).get('redirect')),
      };
    case 'home':
      return member && !validated ? { kind: 'verifyPhone' } : RENDER;
    case 'member':
      if (!member) return HOME_THEN_BACK;
      return validated ? RENDER : { kind: 'verifyPhone' };
    case 'validatedMember':
      if (!member) return HOME_THEN_BACK;
      return validated ? RENDER : HOME;
    case 'guestOrValidatedMember':
      return !member || validated ? RENDER : HOME;
    default: {
      const unknown: never = rule;
      return unknown;
    }
  }
}
