import type { Router } from '@koa/router';
import { signinSchema } from '@boli/engine/accounts/account.schemas';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { MESSAGES } from '@boli/engine/shared/messages';
import { requireAuth, sessionService, signPurposeToken } from '../../http/auth.ts';
import { success } from '../../http/envelope.ts';
import { ApiError } from '../../http/errors.ts';
import { hashPassword, verifyPassword } from '../../identity/passwords.ts';
import { RATE_LIMITS } from '../../identity/rateLimit.ts';
import { RefreshTokenReusedError, TokenInvalidError } from '../../identity/sessions.ts';
import { isBlocked, isRegistered, loadAccount, mobileValidated } from './accounts.ts';
import { findUserIdByLogin } from './identities.ts';
import { refreshBody } from './schema.ts';
import { limitRate, openSession, parseForm, type AuthInfra } from './support.ts';

export const INVALID_CREDENTIALS = 'Invalid username or password.';

/** Compared against when the login names nobody, so both answers take as long. */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword('decoy-password-never-matches'));

/** Sign in, refresh and logout. */
export function sessionRoutes(router: Router, infra: AuthInfra): void {
  router.post('/api/auth/signin', async (ctx) => {
    const { username, password } = parseForm(signinSchema, ctx.request.body);
    const login = username.trim().toLowerCase();
    await limitRate(ctx, infra, RATE_LIMITS.signinPerIp, [`ip:${ctx.ip}`]);

    const userId = await findUserIdByLogin(infra.db, login);
    // Per account, however it is named (username or email: each had its own ten tries, so a
    // locked username was open by its email); per text typed for a login that names nobody.
    await limitRate(ctx, infra, RATE_LIMITS.signin, [
      userId === undefined ? `login:${login}` : `account:${userId}`,
    ]);
    const state = userId ? await loadAccount(infra.store, userId) : undefined;
    const known = state !== undefined && isRegistered(state);
    const matches = await verifyPassword(known ? state.passwordHash : await decoy(), password);
    if (!known || !matches) throw new ApiError(401, INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
    // Only after the password: a blocked account is not revealed to someone guessing.
    if (isBlocked(state))
      throw new ApiError(403, ACCOUNT_MESSAGES.accountBlocked, 'ACCOUNT_BLOCKED');

    const { token, refreshToken, userDetail } = await openSession(ctx, infra, state);
    const validation = mobileValidated(state)
      ? {}
      : {
          validationJWT: await signPurposeToken(
            infra.config.JWT_SECRET,
            'accountValidation',
            state.userId,
            new Date(),
          ),
        };
    ctx.body = { ...success({ token, refreshToken }), userDetail, ...validation };
  });

  router.post('/api/auth/refresh', async (ctx) => {
    const { refreshToken } = parseForm(refreshBody, ctx.request.body);
    try {
      const renewed = await sessionService(infra).refresh(
        refreshToken,
        async (userId) => {
          // Roles are read afresh; a blocked account gets no new token.
          const state = await loadAccount(infra.store, userId);
          if (!isRegistered(state) || isBlocked(state)) throw new TokenInvalidError('blocked');
          return [...state.roles];
        },
        new Date(),
      );
      ctx.body = success({ token: renewed.token, refreshToken: renewed.refreshToken });
    } catch (error) {
      if (!(error instanceof TokenInvalidError)) throw error;
      if (error instanceof RefreshTokenReusedError) {
        infra.logger.warn(
          { userId: error.userId, sessionId: error.sessionId },
          'a spent refresh token was presented again: its session is ended',
        );
      }
      // A block ended the session: its member is told why, not that it expired.
      const ownerId = await sessionService(infra).ownerOfRefreshToken(refreshToken);
      if (ownerId !== undefined && isBlocked(await loadAccount(infra.store, ownerId))) {
        throw new ApiError(403, ACCOUNT_MESSAGES.accountBlocked, 'ACCOUNT_BLOCKED');
      }
      throw new ApiError(401, MESSAGES.sessionExpired, 'REFRESH_TOKEN_INVALID');
    }
  });

  router.post('/api/auth/logout', requireAuth(infra), async (ctx) => {
    await sessionService(infra).revoke(ctx.state.auth!.sessionId, new Date());
    ctx.body = success(null, 'Logged out.');
  });
}
