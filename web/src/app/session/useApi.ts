import { useCallback } from 'react';
import { MESSAGES } from '@boli/engine/shared/messages';
import {
  ApiError,
  apiEnvelope,
  apiRequest,
  type Envelope,
  type RequestOptions,
} from '../api/client.ts';
import { useSession } from './sessionContext.ts';

type Call = <T>(path: string, options?: Omit<RequestOptions, 'token'>) => Promise<T>;
type EnvelopeCall = <T>(
  path: string,
  options?: Omit<RequestOptions, 'token'>,
) => Promise<Envelope<T>>;

/**
 * The api client as the logged-in user: sends the stored token, and on a 403 TOKEN_EXPIRED from
 * any call logs out with 'Your session expired. Please login again.' before rethrowing.
 */
export function useApi(): { request: Call; envelope: EnvelopeCall } {
  const { token, logout } = useSession();
  const onFailure = useCallback(
    (error: unknown): never => {
      if (error instanceof ApiError && error.tokenExpired) logout(MESSAGES.sessionExpired);
      throw error;
    },
    [logout],
  );
  const request = useCallback<Call>(
    <T>(path: string, options?: Omit<RequestOptions, 'token'>) =>
      apiRequest<T>(path, { ...options, token }).catch(onFailure),
    [token, onFailure],
  );
  const envelope = useCallback<EnvelopeCall>(
    <T>(path: string, options?: Omit<RequestOptions, 'token'>) =>
      apiEnvelope<T>(path, { ...options, token }).catch(onFailure),
    [token, onFailure],
  );
  return { request, envelope };
}
