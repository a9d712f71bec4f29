import type { Router } from '@koa/router';
import { z } from 'zod';
import { accountDecider, assertResetLinkUsable } from '@boli/engine/accounts/account.decider';
import { accountStream } from '@boli/engine/accounts/account.events';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
} from '@boli/engine/accounts/account.schemas';
import { DomainError } from '@boli/engine/shared/decider';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { requireAuth, sessionService } from '../../http/auth.ts';
import { commandMetadata, execute } from '../../http/commands.ts';
import { success } from '../../http/envelope.ts';
import { parseInput, ValidationError } from '../../http/errors.ts';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from '../../identity/passwords.ts';
import { PER_IP_LIMITS, RATE_LIMITS } from '../../identity/rateLimit.ts';
import { randomToken } from '../../identity/tokens.ts';
import {
  dropMessageSecret,
  isBlocked,
  isRegistered,
  keyedHash,
  loadAccount,
  storeMessageSecret,
} from './accounts.ts';
import { findUserIdByEmail } from './identities.ts';
import { limitRate, memberActor, parseForm, type AuthInfra } from './support.ts';

const PURPOSE = 'passwordReset';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const commonPassword = (password: string) =>
  password !== '' && isCommonPassword(password)
    ? [{ field: 'password', message: COMMON_PASSWORD_MESSAGE }]
    : [];

/**
 * The reset token names its account (`<userId>.<random>`), so the link alone finds the stream;
 * only its keyed hash enters the log, and the decider allows it once, for an hour.
 */
const resetTokenFor = (userId: string): string => `${userId}.${randomToken()}`;
const userIdOfResetToken = (q: string): string | undefined => {
  const userId = q.split('.')[0] ?? '';
  return UUID.test(userId) ? userId : undefined;
};

/**
 * `GET /api/resetPassword/check?q=`: the reset link's token, as the mailed link carries it. Any
 * text is taken: one that is no token (blank, too long, mangled) is a link not valid, which the
 * page says as it says a used one.
 */
const resetLinkQuery = z.object({ q: z.string().default('') });

/** Forgot, reset and change password. */
export function passwordRoutes(router: Router, infra: AuthInfra): void {
  router.post('/api/auth/forgotPassword', async (ctx) => {
    const { email } = parseForm(forgotPasswordSchema, ctx.request.body);
    const address = email.trim().toLowerCase();
    // The IP first: one over its limit leaves no counter behind for the addresses it makes up.
    await limitRate(ctx, infra, PER_IP_LIMITS.forgotPassword, [`ip:${ctx.ip}`]);
    await limitRate(ctx, infra, RATE_LIMITS.forgotPassword, [`email:${address}`]);
    const userId = await findUserIdByEmail(infra.db, address);
    const state = userId ? await loadAccount(infra.store, userId) : undefined;
    // The same answer either way: the form must not tell who has an account.
    if (userId && state && isRegistered(state) && !isBlocked(state)) {
      const metadata = commandMetadata(ctx, memberActor(userId));
      const token = resetTokenFor(userId);
      await storeMessageSecret(
        infra.db,
        metadata.eventId,
        `${infra.config.PUBLIC_URL}/api/auth/resetPassword/${token}`,
        new Date(Date.parse(metadata.now) + LIMITS.passwordResetValidMinutes * 60_000),
      );
      try {
        await execute(infra, {
          streamId: accountStream(userId),
          decider: accountDecider,
          command: {
            type: 'RequestPasswordReset',
            data: { tokenHash: keyedHash(infra.config.JWT_SECRET, PURPOSE, token) },
            metadata,
          },
        });
      } catch (error) {
        await dropMessageSecret(infra.db, metadata.eventId);
        if (!(error instanceof DomainError)) throw error;
      }
    }
    ctx.body = success(null, MESSAGES.resetEmailSent);
  });

  /** The account a reset link names, if it has a reset pending; refuses it otherwise. */
  const accountOfResetLink = async (q: string) => {
    const userId = userIdOfResetToken(q);
    const state = userId ? await loadAccount(infra.store, userId) : undefined;
    if (!userId || !state?.resetToken) {
      throw new DomainError('RESET_TOKEN_INVALID', {}, ACCOUNT_MESSAGES.resetLinkInvalid);
    }
    return { userId, state };
  };

  // The Set password page asks when it opens, so a used or old link is said before a password
  // is typed; the reset asks again (the link may die meanwhile).
  router.get('/api/resetPassword/check', async (ctx) => {
    const { q } = parseInput(resetLinkQuery, ctx.query);
    const { state } = await accountOfResetLink(q);
    const tokenHash = keyedHash(infra.config.JWT_SECRET, PURPOSE, q);
    assertResetLinkUsable(state, tokenHash, new Date().toISOString());
    // The account it sets the password of, named on the page: whoever holds the link may know.
    ctx.body = success({ username: state.username });
  });

  router.post('/api/resetPassword', async (ctx) => {
    const body = ctx.request.body as Record<string, unknown> | undefined;
    const password = typeof body?.password === 'string' ? body.password : '';
    const form = parseForm(resetPasswordSchema, body, undefined, commonPassword(password));
    // A link that cannot be right is refused before the (slow) password hash.
    const { userId } = await accountOfResetLink(form.q);
    const metadata = commandMetadata(ctx, memberActor(userId));
    await execute(infra, {
      streamId: accountStream(userId),
      decider: accountDecider,
      command: {
        type: 'ResetPassword',
        data: {
          tokenHash: keyedHash(infra.config.JWT_SECRET, PURPOSE, form.q),
          passwordHash: await hashPassword(form.password),
        },
        metadata,
      },
    });
    await sessionService(infra).revokeAllExcept(userId, undefined, new Date());
    ctx.body = success(null, MESSAGES.passwordChanged);
  });

  router.post('/api/user/changePassword', requireAuth(infra), async (ctx) => {
    const body = ctx.request.body as Record<string, unknown> | undefined;
    const password = typeof body?.password === 'string' ? body.password : '';
    const form = parseForm(changePasswordSchema, body, undefined, commonPassword(password));
    const { userId, sessionId } = ctx.state.auth!;
    await limitRate(ctx, infra, RATE_LIMITS.changePassword, [`user:${userId}`]);
    const state = await loadAccount(infra.store, userId);
    const [oldPasswordMatches, passwordHash] = await Promise.all([
      verifyPassword(state.passwordHash, form.oldPassword),
      hashPassword(form.password),
    ]);
    await execute(infra, {
      streamId: accountStream(userId),
      decider: accountDecider,
      command: {
        type: 'ChangePassword',
        data: { oldPasswordMatches, passwordHash },
        metadata: commandMetadata(ctx, memberActor(userId)),
      },
    }).catch((error: unknown) => {
      // A wrong old password is that field's fault: the form marks it and takes the focus there.
      if (error instanceof DomainError && error.code === 'WRONG_PASSWORD') {
        throw new ValidationError(
          [{ field: 'oldPassword', message: error.message }],
          error.message,
          error.code,
        );
      }
      throw error;
    });
    await sessionService(infra).revokeAllExcept(userId, sessionId, new Date());
    ctx.body = success(null, MESSAGES.passwordChangedLogin);
  });
}
