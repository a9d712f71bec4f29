import type { Router } from '@koa/router';
import { createRouter } from '../../http/router.ts';
import { otpRoutes } from './otp.ts';
import { passwordRoutes } from './passwords.ts';
import { sessionRoutes } from './session.ts';
import { signupRoutes } from './signup.ts';
import type { AuthInfra } from './support.ts';

/** Section 7's authentication and account calls, as docs/api/accounts.md pins them down. */
export function authRouter(infra: AuthInfra): Router {
  const router = createRouter();
  signupRoutes(router, infra);
  otpRoutes(router, infra);
  sessionRoutes(router, infra);
  passwordRoutes(router, infra);
  return router;
}
