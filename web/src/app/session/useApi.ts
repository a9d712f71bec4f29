import { useCallback, useMemo, useRef } from 'react';
import { MESSAGES } from '@boli/engine/shared/messages';
import { apiEnvelope, type Envelope, type RequestOptions } from '../api/client.ts';
import { useSession } from './sessionContext.ts';
import { endsSession } from './sessionEnd.ts';
import { refreshRefused } from './refreshTokens.ts';
import { sessionOfToken, tokenToSend } from './tokenLapse.ts';

/** `useApi().request`: a call's `data`, as the signed-in member; what feature api modules take. */
export type ApiRequest = <T>(path: string, options?: Omit<RequestOptions, 'token'>) => Promise<T>;
/** `useApi().envelope`: a call's whole envelope (its `msg` too), as the signed-in member. */
export type ApiEnvelopeRequest = <T>(
  path: string,
  options?: Omit<RequestOptions, 'token'>,
) => Promise<Envelope<T>>;

/**
 * The api client as the logged-in user: sends the stored token, renewed first if it has lapsed
 * (`tokenToSend`). When the answer says the session
 * is over — 403 TOKEN_EXPIRED, or a 401 although the token was sent (revoked: a password change
 * elsewhere, a block) — it trades the refresh token for a new one (POST /api/auth/refresh) and
 * repeats the call once; when the api refuses the refresh it logs out with 'Your session expired.
 * Please login again.' and rethrows; when the refresh could not be made (the connection) it
 * throws that failure and keeps the session. A guest's 401 is only rethrown.
 */
export function useApi(): { request: ApiRequest; envelope: ApiEnvelopeRequest } {
  const { token, logout, refresh } = useSession();
  // The calls are the same while the session is: a token renewed every quarter of an hour is
  // not a new member, and what a screen loaded with the calls is not loaded again (the ad page
  // went back to its spinner, a bid fee's dialog with it while its checkout was open). Each
  // call sends the latest token.
  const latestToken = useRef(token);
  latestToken.current = token;
  // Read from the token once per token, not on each render of each component that calls the api.
  const session = useMemo(() => (token === null ? null : sessionOfToken(token)), [token]);
  const envelope = useCallback<ApiEnvelopeRequest>(
    async <T>(path: string, options?: Omit<RequestOptions, 'token'>) => {
      const token = latestToken.current;
      const sent = token && (await tokenToSend(token, refresh));
      try {
        return await apiEnvelope<T>(path, { ...options, token: sent });
      } catch (error) {
        if (!endsSession(error, sent)) throw error;
        let fresh: string;
        try {
          fresh = await refresh(sent);
        } catch (failure) {
          // Only a refresh the api refused ends the session; one lost to the connection is the
          // caller's failure to report (offline, try again), the tokens kept.
          if (!refreshRefused(failure)) throw failure;
          logout(MESSAGES.sessionExpired, { tellServer: false });
          throw error;
        }
        try {
          return await apiEnvelope<T>(path, { ...options, token: fresh });
        } catch (again) {
          if (endsSession(again, fresh)) logout(MESSAGES.sessionExpired, { tellServer: false });
          throw again;
        }
      }
    },
    // `session`: another member, or a new sign-in, is new calls; a renewed token is not.
    [session, logout, refresh],
  );
  const request = useCallback<ApiRequest>(
    async <T>(path: string, options?: Omit<RequestOptions, 'token'>) =>
      (await envelope<T>(path, options)).data as T,
    [envelope],
  );
  return { request, envelope };
}
