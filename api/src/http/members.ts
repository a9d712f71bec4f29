import type { Context, Middleware, Next } from 'koa';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { MESSAGES } from '@boli/engine/shared/messages';
import { findUserById, type UserRow } from '@boli/projections/users/users.queries';
import type { Infrastructure } from '../infrastructure.ts';
import { ApiError } from './errors.ts';

/**
 * After `requireAuth`: the signed-in member as section 6 lets them act — finished sign-up (mobile
 * validated) and not blocked. The one place these three refusals are made.
 */
export async function activeMember(
  infra: Pick<Infrastructure, 'db'>,
  ctx: Context,
): Promise<UserRow> {
  const row = await findUserById(infra.db, ctx.state.auth!.userId);
  if (row === undefined) throw new ApiError(404, MESSAGES.noUsersFound, 'NOT_FOUND');
  if (row.is_blocked) throw new ApiError(403, ACCOUNT_MESSAGES.accountBlocked, 'ACCOUNT_BLOCKED');
  if (!row.mobile_validated) {
    throw new ApiError(403, ACCOUNT_MESSAGES.mobileNotVerified, 'MOBILE_NOT_VERIFIED');
  }
  return row;
}

/** `activeMember` as a middleware, for routes that only need the check. */
export const memberAccess =
  (infra: Pick<Infrastructure, 'db'>): Middleware =>
  async (ctx: Context, next: Next) => {
    await activeMember(infra, ctx);
    await next();
  };
