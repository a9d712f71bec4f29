import type { Context, Middleware, Next } from 'koa';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { MESSAGES } from '@boli/engine/shared/messages';
import { findUserById, type UserRow } from '@boli/projections/users/users.queries';
import { ApiError } from '../../http/errors.ts';
import type { Infrastructure } from '../../infrastructure.ts';

/**
 * After `requireAuth`: section 6's "logged in with a validated mobile" (the profile pages the
 * social calls serve), as the user router checks it; a blocked member is refused too.
 */
export const memberAccess =
  (infra: Pick<Infrastructure, 'db'>): Middleware =>
  async (ctx: Context, next: Next) => {
    const row = await findUserById(infra.db, ctx.state.auth!.userId);
    if (row === undefined) throw new ApiError(404, MESSAGES.noUsersFound, 'NOT_FOUND');
    if (row.is_blocked) throw new ApiError(403, ACCOUNT_MESSAGES.accountBlocked, 'ACCOUNT_BLOCKED');
    if (!row.mobile_validated) {
      throw new ApiError(403, ACCOUNT_MESSAGES.mobileNotVerified, 'MOBILE_NOT_VERIFIED');
    }
    await next();
  };

/** Another member as the social calls see them: unknown (and, for reviews, blocked) → 404. */
export async function otherMember(
  infra: Pick<Infrastructure, 'db'>,
  userId: string,
  { blockedToo }: { blockedToo: boolean },
): Promise<UserRow> {
  const row = await findUserById(infra.db, userId);
  if (row === undefined || (row.is_blocked && !blockedToo)) {
    throw new ApiError(404, MESSAGES.noUsersFound, 'NOT_FOUND');
  }
  return row;
}
