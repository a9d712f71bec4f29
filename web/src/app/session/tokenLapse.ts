import { LIMITS } from '@boli/engine/shared/limits';
import { serverNow } from '../../lib/serverClock.ts';

/** An access token's claims, or null when it has none we can read. */
function claimsOf(token: string): Record<string, unknown> | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replaceAll('-', '+').replaceAll('_', '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    return typeof claims === 'object' && claims !== null
      ? (claims as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The instant (ms) an access token's `exp` names, or null when it names none we can read. */
export function tokenExpiry(token: string): number | null {
  const exp = claimsOf(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null;
}

/**
 * The session an access token is of (its `sid`), which a renewed token keeps; the token itself
 * when it names none we can read.
 */
export function sessionOfToken(token: string): string {
  const sid = claimsOf(token)?.sid;
  return typeof sid === 'string' && sid !== '' ? sid : token;
}

/**
 * Whether an access token has lapsed, or will within `LIMITS.accessTokenRenewAheadMs`, by the
 * server's clock as last measured (`serverNow`): renewed before it is sent, a member coming back
 * after a quarter of an hour gets their page with one refresh ahead of its calls, not a 403 for
 * each of them first. A token it cannot read is left for the api to judge.
 */
export function tokenLapsed(token: string, now: number = serverNow()): boolean {
  const expiry = tokenExpiry(token);
  return expiry !== null && now >= expiry - LIMITS.accessTokenRenewAheadMs;
}

/**
 * The token to send: `token`, or, once it has lapsed, the one `refresh` renews it to. A renewal
 * that fails leaves `token`, sent all the same: its refusal is answered as any other's.
 */
export const tokenToSend = (
  token: string,
  refresh: (sent: string) => Promise<string>,
): Promise<string> =>
  tokenLapsed(token) ? refresh(token).catch(() => token) : Promise.resolve(token);
