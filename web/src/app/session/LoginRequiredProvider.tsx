import { useCallback, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { LoginRequiredDialog } from '../../components/LoginRequiredDialog.tsx';
import { addressOf, loginPath } from '../guards/access.ts';
import { LoginRequiredContext } from './loginRequiredContext.ts';

/** Holds the one login-required dialog of the app; screens reach it with useRequireLogin(). */
export function LoginRequiredProvider({ children }: { children: ReactNode }) {
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const navigate = useNavigate();
  const location = useLocation();

  // Back to the very place asked from: its part (#bidding) too.
  const ask = useCallback(
    (target?: string) => setRedirectTo(target ?? addressOf(location)),
    [location],
  );

  return (
    <LoginRequiredContext.Provider value={ask}>
      {children}
      <LoginRequiredDialog
        open={redirectTo !== null}
        onCancel={() => setRedirectTo(null)}
        onLogin={() => {
          if (redirectTo !== null) navigate(loginPath(redirectTo));
          setRedirectTo(null);
        }}
      />
    </LoginRequiredContext.Provider>
  );
}
