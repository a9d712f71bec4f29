import { useCallback, useContext } from 'react';
import { LoginRequiredContext } from './loginRequiredContext.ts';
import { useSession } from './sessionContext.ts';

/**
 * Guards an action that needs a logged-in user:
 *
 *   const requireLogin = useRequireLogin();
 *   <Button onClick={() => requireLogin(() => openBidForm())}>Bid</Button>
 *
 * For a member the action runs and `true` is answered; for a guest the dialog 'Login Required!!
 * Please login to continue' opens instead (Login goes to /login?redirect=<redirectTo or the
 * current page>) and `false` is answered.
 */
export function useRequireLogin(): (action?: () => void, redirectTo?: string) => boolean {
  const ask = useContext(LoginRequiredContext);
  if (!ask) throw new Error('useRequireLogin is used outside <LoginRequiredProvider>');
  const { status } = useSession();
  return useCallback(
    (action?: () => void, redirectTo?: string) => {
      if (status === 'member') {
        action?.();
        return true;
      }
      ask(redirectTo);
      return false;
    },
    [ask, status],
  );
}
