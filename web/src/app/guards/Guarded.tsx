import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { MESSAGES } from '@boli/engine/shared/messages';
import { CenteredSpinner } from '../../components/CenteredSpinner.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { OtpPhoneVerifyScreen } from '../../features/accounts/components/OtpPhoneVerifyScreen.tsx';
import { useSession } from '../session/sessionContext.ts';
import { decideAccess, visitorOf, type AccessRule, type CameFrom } from './access.ts';

/** Renders a route's screen, or what its access rule gives this visitor instead. */
export function Guarded({
  rule,
  homeKeepsQuery = false,
  children,
}: {
  rule: AccessRule;
  /** A guest sent home keeps this page's query (RouteRow.homeKeepsQuery). */
  homeKeepsQuery?: boolean;
  children: ReactNode;
}) {
  const session = useSession();
  const { pathname, search } = useLocation();
  const decision = decideAccess(rule, visitorOf(session), search);
  switch (decision.kind) {
    case 'render':
      return children;
    case 'wait':
      return <CenteredSpinner label="Checking your login" />;
    case 'redirect': {
      const state: CameFrom | undefined = decision.comeBack
        ? { cameFrom: `${pathname}${search}` }
        : undefined;
      const to = decision.comeBack && homeKeepsQuery ? `${decision.to}${search}` : decision.to;
      return <Navigate to={to} replace state={state} />;
    }
    case 'verifyPhone':
      return <OtpPhoneVerifyScreen />;
    case 'unreachable':
      return <LoadFailure message={MESSAGES.sessionUnchecked} onRetry={session.checkAgain} />;
    default: {
      const unknown: never = decision;
      return unknown;
    }
  }
}
