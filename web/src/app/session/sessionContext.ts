import { createContext, useContext } from 'react';
import type { SessionUser } from './sessionUser.ts';

export type SessionStatus = 'guest' | 'loading' | 'member';

export type Session = {
  /** 'loading' while a stored token's user is being fetched. */
  status: SessionStatus;
  token: string | null;
  user?: SessionUser;
  /** Stores the token and user after a successful sign-in or OTP login. */
  login(token: string, user: SessionUser): void;
  /** Forgets everything stored; shows `message` as a snackbar when given. */
  logout(message?: string): void;
};

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession is used outside <SessionProvider>');
  return session;
}
