import {
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useSnackbar } from 'notistack';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError, apiRequest } from '../api/client.ts';
import { acrossTabs, refreshRefused, requestRefresh, singleFlight } from './refreshTokens.ts';
import { tokenToSend } from './tokenLapse.ts';
import { endsSession } from './sessionEnd.ts';
import { closeBlockedNotice, sessionEndNotice } from './sessionEndNotice.tsx';
import { SuccessDialog } from '../../components/SuccessDialog.tsx';
import {
  SessionContext,
  type Session,
  type SessionStatus,
  type SessionTokens,
} from './sessionContext.ts';
import { parseSessionUser, type SessionUser } from './sessionUser.ts';
import {
  clearStored,
  memberFromOtherTab,
  nextStoredElsewhere,
  readStored,
  removeStored,
  tellOtherTabsOfMember,
  tellOtherTabsWhy,
  whyOtherTabEnded,
  writeStored,
} from './storage.ts';

type State = { status: SessionStatus; token: string | null; user?: SessionUser };

type Action =
  | { type: 'userLoaded'; user: SessionUser }
  | { type: 'loggedIn'; token: string; user: SessionUser }
  | { type: 'tokenRefreshed'; token: string }
  | { type: 'unreachable' }
  | { type: 'checkAgain' }
  | { type: 'signedInElsewhere'; token: string }
  | { type: 'loggedOut' };

function reduce(state: State, action: Action): State {
  switch (action.type) {
    case 'userLoaded':
      return state.token ? { status: 'member', token: state.token, user: action.user } : state;
    case 'loggedIn':
      return { status: 'member', token: action.token, user: action.user };
    case 'tokenRefreshed':
      return state.token ? { ...state, token: action.token } : state;
    case 'unreachable':
      return state.status === 'loading' ? { ...state, status: 'unreachable' } : state;
    case 'checkAgain':
      return state.status === 'unreachable' ? { ...state, status: 'loading' } : state;
    case 'signedInElsewhere':
      // The member is fetched with it, as for a token found stored when the tab opened.
      return state.status === 'guest' ? { status: 'loading', token: action.token } : state;
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

/** How often a session whose member could not be fetched is checked again on its own. */
const UNREACHABLE_RECHECK_MS = 10_000;

/**
 * How long a tab that waited for another tab's refresh waits for its tokens to reach this tab's
 * copy of the storage (milliseconds, not seconds, in practice) before refreshing itself: the
 * other tab's refresh may have failed.
 */
const OTHER_TAB_TOKENS_MS = 2_000;

/**
 * The access token stored since `sent` was refused — renewed by another tab, or by this one for
 * another call — or null when this tab must refresh. After another tab's turn at the refresh,
 * its token is waited for: this tab's copy of the storage may not have it yet.
 */
async function renewedElsewhere(sent: string | null, afterAnotherTab: boolean) {
  const stored = readStored('jwt');
  if (stored && stored !== sent) return stored;
  if (!stored || !afterAnotherTab) return null;
  const next = await nextStoredElsewhere('jwt', OTHER_TAB_TOKENS_MS);
  return next && next !== sent ? next : null;
}

function storeTokens(tokens: SessionTokens): void {
  writeStored('jwt', tokens.token);
  if (tokens.refreshToken) writeStored('refreshToken', tokens.refreshToken);
}

/**
 * The login session. A stored token is checked with GET /api/user: its user makes the visitor a
 * member. A 403 TOKEN_EXPIRED or a 401 (the session was revoked: a password change elsewhere, a
 * block) is answered by one refresh (POST /api/auth/refresh) and a retry; if that fails the
 * session ends with 'Your session expired. Please login again.', or, when a block ended it, with
 * 'Your account is blocked. Please contact customer care.'. Another 403 forgets the token;
 * any other failure — the connection, the api down — leaves the session 'unreachable': members'
 * pages say so with Retry, the token is kept, and the member is fetched again every
 * UNREACHABLE_RECHECK_MS and when the browser is back online.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(reduce, undefined, initialState);
  const { enqueueSnackbar } = useSnackbar();
  const tokenRef = useRef(state.token);
  tokenRef.current = state.token;

  // A session this tab ended on success (a password changed) says so in a dialog (section 8).
  const [endedDialog, setEndedDialog] = useState<string | null>(null);

  const logout = useCallback(
    (
      message?: string,
      { tellServer = true, inDialog = false }: { tellServer?: boolean; inDialog?: boolean } = {},
    ) => {
      const token = tokenRef.current;
      // Calls under way when a session ends all fail and all log out: only the first one says so.
      tokenRef.current = null;
      // The request leaves with the token before the state is reset; its answer does not matter.
      if (token && tellServer) {
        apiRequest('/api/auth/logout', { method: 'POST', token }).catch(() => undefined);
      }
      // Written before the token goes: its removal is what tells the other tabs.
      if (token) tellOtherTabsWhy(message);
      clearStored();
      dispatch({ type: 'loggedOut' });
      if (!message || !token) return;
      if (inDialog) setEndedDialog(message);
      else enqueueSnackbar(message, sessionEndNotice(message));
    },
    [enqueueSnackbar],
  );

  const login = useCallback((tokens: SessionTokens, user: SessionUser) => {
    tellOtherTabsWhy(undefined);
    closeBlockedNotice();
    storeTokens(tokens);
    if (!tokens.refreshToken) removeStored('refreshToken');
    writeStored('userId', user._id);
    writeStored('username', user.username);
    dispatch({ type: 'loggedIn', token: tokens.token, user });
  }, []);

  const refresh = useMemo(() => {
    /** This tab goes on with `token`: its own renewal's, or one another tab stored. */
    const goOnWith = (token: string) => {
      dispatch({ type: 'tokenRefreshed', token });
      return token;
    };
    return singleFlight((sent?: string | null) =>
      acrossTabs(async (afterAnotherTab) => {
        const renewed = await renewedElsewhere(sent ?? tokenRef.current, afterAnotherTab);
        if (renewed) return goOnWith(renewed);
        const refreshToken = readStored('refreshToken');
        if (!refreshToken) throw new ApiError(401, '');
        const tokens = await requestRefresh(refreshToken).catch((error: unknown) => {
          // Without Web Locks another tab may have spent the refresh token first: its new one
          // is stored by now, or soon; this tab takes it rather than ending the session.
          const theirs = readStored('jwt');
          if (refreshRefused(error) && theirs && readStored('refreshToken') !== refreshToken) {
            return { token: theirs };
          }
          // A block ended the session: the member hears that, before any caller's 'expired'
          // (only the first logout of a session says anything).
          if (error instanceof ApiError && error.code === 'ACCOUNT_BLOCKED') {
            logout(error.message, { tellServer: false });
          }
          throw error;
        });
        storeTokens(tokens);
        return goOnWith(tokens.token);
      }),
    );
  }, [logout]);

  const loadingToken = state.status === 'loading' ? state.token : null;
  useEffect(() => {
    if (!loadingToken) return;
    const controller = new AbortController();
    const fetchUser = (token: string) =>
      apiRequest<unknown>('/api/user', { token, signal: controller.signal });
    const checked = (token: string) =>
      fetchUser(token).catch(async (error: unknown) => {
        if (!endsSession(error, token)) throw error;
        // A refresh the api refused ends the session (below); one that could not be made (the
        // connection) leaves it unreachable, its tokens kept for the next try.
        const fresh = await refresh(token).catch((failure: unknown) => {
          throw refreshRefused(failure) ? error : failure;
        });
        return fetchUser(fresh);
      });
    // A token that has lapsed is renewed before it is sent (`tokenToSend`).
    tokenToSend(loadingToken, refresh)
      .then(checked)
      .then((data) => {
        const user = parseSessionUser(data);
        if (!user) throw new ApiError(200, '');
        writeStored('userId', user._id);
        writeStored('username', user.username);
        dispatch({ type: 'userLoaded', user });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // Whether the token was the stored one or a renewed one, it was sent.
        if (endsSession(error, loadingToken))
          logout(MESSAGES.sessionExpired, { tellServer: false });
        else if (error instanceof ApiError && error.status === 403)
          logout(undefined, { tellServer: false });
        else dispatch({ type: 'unreachable' });
      });
    return () => controller.abort();
  }, [loadingToken, logout, refresh]);

  // The member is fetched again (the effect above) when the status goes back to 'loading'.
  const checking = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (state.status !== 'loading') {
      checking.current?.();
      checking.current = null;
    }
    if (state.status !== 'unreachable') return;
    const again = () => dispatch({ type: 'checkAgain' });
    const timer = setTimeout(again, UNREACHABLE_RECHECK_MS);
    window.addEventListener('online', again);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', again);
    };
  }, [state.status]);
  const checkAgain = useCallback(
    () =>
      new Promise<void>((settle) => {
        checking.current = settle;
        dispatch({ type: 'checkAgain' });
      }),
    [],
  );

  // Logging out in one tab logs out the others, which say why (a page sent home, a form left):
  // the reason the first tab was given (a block, an expiry), else that it logged out. Logging in
  // in one tab (a password, or the phone's code where the email link opened) signs in the
  // browser's tabs open as a guest's.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== 'jwt') return;
      if (event.newValue) {
        if (tokenRef.current !== null) return;
        tokenRef.current = event.newValue;
        dispatch({ type: 'signedInElsewhere', token: event.newValue });
        closeBlockedNotice();
        return;
      }
      const hadSession = tokenRef.current !== null;
      tokenRef.current = null;
      dispatch({ type: 'loggedOut' });
      if (hadSession) {
        const why = whyOtherTabEnded() ?? MESSAGES.loggedOutElsewhere;
        enqueueSnackbar(why, sessionEndNotice(why));
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [enqueueSnackbar]);

  const updateUser = useCallback((user: SessionUser) => {
    dispatch({ type: 'userLoaded', user });
    tellOtherTabsOfMember(user);
  }, []);

  // The member as another tab saved them: the same member's tabs show the same picture and name.
  const memberId = state.user?._id;
  useEffect(() => {
    if (memberId === undefined) return;
    const onStorage = (event: StorageEvent) => {
      const user = parseSessionUser(memberFromOtherTab(event));
      if (user && user._id === memberId) dispatch({ type: 'userLoaded', user });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [memberId]);

  const session = useMemo<Session>(
    () => ({ ...state, login, logout, refresh, updateUser, checkAgain }),
    [state, login, logout, refresh, updateUser, checkAgain],
  );
  return (
    <SessionContext.Provider value={session}>
      {children}
      <SuccessDialog
        message={endedDialog}
        titleId="session-ended-title"
        onClose={() => setEndedDialog(null)}
      />
    </SessionContext.Provider>
  );
}
