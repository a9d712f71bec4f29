import { ApiError } from '../api/client.ts';

/**
 * Whether a failed call says the session it was made in is over, so the app must renew it or
 * log out: an expired token (403 TOKEN_EXPIRED), or a 401 to a call that carried the member's
 * token — the api's answer once a session is revoked (a password change elsewhere, a block,
 * docs/api/accounts.md). A guest's 401 (no token sent) only means the call needs a login.
 */
export function endsSession(error: unknown, sentToken: string | null | undefined): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.tokenExpired || (error.status === 401 && Boolean(sentToken));
}
