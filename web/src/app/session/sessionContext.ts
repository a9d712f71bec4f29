import { createContext, useContext } from 'react';
import type { SessionUser } from './sessionUser.ts';

/**
 * 'unreachable': a stored token whose member could not be fetched for a reason that says nothing
 * about the session (the connection, a 5xx); it is checked again, and kept meanwhile.
 */
export type SessionStatus = 'guest' | 'loading' | 'member' | 'unreachable';

/** The tokens a sign-in, an OTP login or a refresh answers (docs/api/accounts.md). */
export type SessionTokens = { token: string; refreshToken?: string };

export type Session = {
  /** 'loading' while a stored token's user is being fetched. */
  status: SessionStatus;
  token: string | null;
  user?: SessionUser;
  /** Stores the tokens and user after a successful sign-in or OTP login. */
  login(tokens: SessionTokens, user: SessionUser): void;
  /**
   * Ends the session on the server (POST /api/auth/logout) and forgets everything stored; shows
   * `message` when given, as a snackbar, or `inDialog` as a success dialog (section 8's 'Password
   * changed successfully. Please login with the new password.'); other tabs hear it as a
   * snackbar. An expired session is not announced to the server.
   */
  logout(message?: string, options?: { tellServer?: boolean; inDialog?: boolean }): void;
  /**
   * Trades the stored refresh token for new tokens (POST /api/auth/refresh), once for any number
   * of callers at the same moment; answers the new access token, or rejects when it cannot.
   * `sent` is the token the api refused: when another one is stored since (another tab's, or
   * this one's for another call), that one is the answer, and no refresh token is spent.
   */
  refresh(sent?: string | null): Promise<string>;
  /** Replaces the shown user detail (after a profile edit or a new picture). */
  updateUser(user: SessionUser): void;
  /** While 'unreachable': fetches the stored token's member again (settles once answered). */
  checkAgain(): Promise<void>;
};

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession is used outside <SessionProvider>');
  return session;
}
