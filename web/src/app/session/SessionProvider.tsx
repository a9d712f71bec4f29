import { useCallback, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { useSnackbar } from 'notistack';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError, apiRequest } from '../api/client.ts';
import { SessionContext, type Session, type SessionStatus } from './sessionContext.ts';
import { parseSessionUser, type SessionUser } from './sessionUser.ts';
import { clearStored, readStored, writeStored } from './storage.ts';

type State = { status: SessionStatus; token: string | null; user?: SessionUser };

type Action =
  | { type: 'userLoaded'; user: SessionUser }
  | { type: 'loggedIn'; token: string; user: SessionUser }
  | { type: 'loggedOut' };

function reduce(state: State, action: Action): State {
  switch (action.type) {
    case 'userLoaded':
      return state.token ? { status: 'member', token: state.token, user: action.user } : state;
    case 'loggedIn':
      return { status: 'member', token: action.token, user: action.user };
    case 'loggedOut':
      return { status: 'guest', token: null };
    default: {
      const unknown: never = action;
      return unknown;
    }
  }
}

function initialState(): State {
  const token = readStored('jwt');
  return token ? { status: 'loading', token } : { status: 'guest', token: null };
}

/**
 * The login session. A stored token is checked with GET /api/user: its user makes the visitor a
 * member; a 401/403 forgets the token (a 403 TOKEN_EXPIRED also says the session expired); any
 * other failure — no accounts api yet, the api down — shows the guest view and keeps the token
 * for the next visit.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(reduce, undefined, initialState);
  const { enqueueSnackbar } = useSnackbar();

  const logout = useCallback(
    (message?: string) => {
      clearStored();
      dispatch({ type: 'loggedOut' });
      if (message) enqueueSnackbar(message, { variant: 'info' });
    },
    [enqueueSnackbar],
  );

  const login = useCallback((token: string, user: SessionUser) => {
    writeStored('jwt', token);
    writeStored('userId', user._id);
    writeStored('username', user.username);
    dispatch({ type: 'loggedIn', token, user });
  }, []);

  const loadingToken = state.status === 'loading' ? state.token : null;
  useEffect(() => {
    if (!loadingToken) return;
    const controller = new AbortController();
    apiRequest<unknown>('/api/user', { token: loadingToken, signal: controller.signal })
      .then((data) => {
        const user = parseSessionUser(data);
        if (!user) throw new ApiError(200, '');
        writeStored('userId', user._id);
        writeStored('username', user.username);
        dispatch({ type: 'userLoaded', user });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.tokenExpired) logout(MESSAGES.sessionExpired);
        else if (error instanceof ApiError && (error.status === 401 || error.status === 403))
          logout();
        else dispatch({ type: 'loggedOut' });
      });
    return () => controller.abort();
  }, [loadingToken, logout]);

  // Logging out in one tab logs out the others.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === 'jwt' && !event.newValue) dispatch({ type: 'loggedOut' });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const session = useMemo<Session>(() => ({ ...state, login, logout }), [state, login, logout]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
