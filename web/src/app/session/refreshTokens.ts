import { ApiError, apiRequest } from '../api/client.ts';
import type { SessionTokens } from './sessionContext.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The tokens of an answer's data ({ token, refreshToken }), or null when there are none. */
export function parseTokens(data: unknown): SessionTokens | null {
  if (!isRecord(data) || typeof data.token !== 'string' || data.token === '') return null;
  return typeof data.refreshToken === 'string' && data.refreshToken !== ''
    ? { token: data.token, refreshToken: data.refreshToken }
    : { token: data.token };
}

/** POST /api/auth/refresh: the refresh token is rotated, so each one is used once. */
export async function requestRefresh(refreshToken: string): Promise<SessionTokens> {
  const data = await apiRequest<unknown>('/api/auth/refresh', { json: { refreshToken } });
  const tokens = parseTokens(data);
  if (!tokens) throw new ApiError(200, '');
  return tokens;
}

/**
 * Runs one refresh for every caller that asks while it is under way: two calls failing with
 * TOKEN_EXPIRED at once must not both spend the (single-use) refresh token. Those who join a
 * refresh under way share it, whatever they pass.
 */
export function singleFlight<A extends unknown[], T>(
  run: (...args: A) => Promise<T>,
): (...args: A) => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return (...args) => {
    inFlight ??= run(...args).finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}

/**
 * Whether a failed refresh means the session is over: the api refused the refresh token (401,
 * or 403 for a blocked account). A refresh that never reached the api, or met a server in
 * trouble, ends nothing: the refresh token may still be good, and the member tries again.
 */
export const refreshRefused = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 401 || error.status === 403);

/** The Web Locks name every tab of the app takes to refresh the tokens they share. */
const REFRESH_LOCK = 'boli-token-refresh';

/**
 * Runs `refresh` while holding a lock every tab of the browser shares, where the browser has
 * Web Locks: tabs share one refresh token, which each refresh spends. The api renews a spent one
 * again with the same new token for a minute (`SessionService.refresh`), but only while that is
 * unspent: tabs restored together would otherwise each spend the token the last one got, and a
 * refused tab's logout would end the others' session too. `refresh` is told whether another tab
 * held the lock first: that tab's renewal is then this one's too (see SessionProvider's
 * refresh), once its tokens reach this tab's copy of the storage, which the lock does not wait
 * for.
 */
export function acrossTabs<T>(refresh: (afterAnotherTab: boolean) => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks;
  if (!locks) return refresh(false);
  // The lock is held until the refresh settles (the callback's promise).
  return new Promise<T>((resolve, reject) => {
    const settle = (afterAnotherTab: boolean) => refresh(afterAnotherTab).then(resolve, reject);
    locks
      .request(REFRESH_LOCK, { ifAvailable: true }, async (free) => {
        if (free) return settle(false);
        await locks.request(REFRESH_LOCK, () => settle(true));
      })
      .catch(reject);
  });
}
