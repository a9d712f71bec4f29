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
 * TOKEN_EXPIRED at once must not both spend the (single-use) refresh token.
 */
export function singleFlight<T>(run: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () => {
    inFlight ??= run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}
