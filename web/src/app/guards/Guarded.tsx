import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { CenteredSpinner } from '../../components/CenteredSpinner.tsx';
import { OtpPhoneVerifyScreen } from '../../features/accounts/components/OtpPhoneVerifyScreen.tsx';
import { useSession } from '../session/sessionContext.ts';
import { decideAccess, type AccessRule, type CameFrom } from './access.ts';

/** Renders a route's screen, or what its access rule gives this visitor instead. */
export function Guarded({ rule, children }: { rule: AccessRule; children: ReactNode }) {
  const { status, user } = useSession();
  const { pathname, search } = useLocation();
  const decision = decideAccess(
    rule,
    { status, mobileValidated: user?.mobileValidated ?? false },
    search,
  );
  switch (decision.kind) {
    case 'render':
      return children;
    case 'wait':
      return <CenteredSpinner label="Checking your login" />;
    case 'redirect': {
      const state: CameFrom | undefined = decision.comeBack
        ? { cameFrom: `${pathname}${search}` }
        : undefined;
      return <Navigate to={decision.to} replace state={state} />;
    }
    case 'verifyPhone':
      return <OtpPhoneVerifyScreen />;
    default: {
      const unknown: never = decision;
      return unknown;
    }
  }
}
