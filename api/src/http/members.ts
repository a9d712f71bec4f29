import type { Context, Middleware, Next } from 'koa';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { MESSAGES } from '@boli/engine/shared/messages';
import { activeEntitlementExists } from '@boli/projections/entitlements/entitlements.queries';
import { batchedLoader, type BatchedLoader } from '@boli/projections/runtime/batchedLoader';
import { preparedQuery } from '@boli/projections/runtime/preparedQuery';
import {
  findUserById,
  fromStored,
  userByIdSql,
  type StoredUser,
  type UserRow,
} from '@boli/projections/users/users.queries';
import type { Knex } from 'knex';
import type { SessionState } from '../identity/sessions.ts';
import type { Infrastructure } from '../infrastructure.ts';
import { ApiError } from './errors.ts';

/** The member `requireMember` read with the session: their row (if any) and their entitlement. */
export type SignedInMember = { readonly row: UserRow | undefined; readonly entitled: boolean };

declare module 'koa' {
  interface DefaultState {
    member?: SignedInMember;
  }
}

type MemberSessionRow = StoredUser & {
  session_id: string;
  session_revoked_at: Date | null;
  session_user_id: string;
  entitled: boolean;
};

type MemberSession = { session: SessionState; member: SignedInMember };

/** The statement of `memberSession`, built once (its text does not depend on the values). */
let memberSessionSql: string | undefined;

const loaders = new WeakMap<Knex, BatchedLoader<string, MemberSession>>();

/** Sessions with their members and entitlements, for every session asked for in one turn. */
function loaderOf(db: Knex): BatchedLoader<string, MemberSession> {
  let loader = loaders.get(db);
  if (loader) return loader;
  loader = batchedLoader(async (sessionIds) => {
    memberSessionSql ??= `SELECT s.id AS session_id, s.revoked_at AS session_revoked_at,
        s.user_id AS session_user_id, ${activeEntitlementExists('s.user_id')} AS entitled, m.*
      FROM sessions s LEFT JOIN LATERAL (${userByIdSql(db, 's.user_id')}) m ON true
      WHERE s.id = ANY(?::uuid[])`;
    const now = new Date();
    const rows = await preparedQuery<MemberSessionRow>(db, memberSessionSql, [
      now,
      now,
      sessionIds,
    ]);
    return new Map(
      rows.map(({ session_id, session_revoked_at, session_user_id, entitled, ...user }) => [
        session_id,
        {
          session: { revoked_at: session_revoked_at, user_id: session_user_id },
          member: { row: user.user_id === null ? undefined : fromStored(user), entitled },
        },
      ]),
    );
  });
  loaders.set(db, loader);
  return loader;
}

/**
 * A session with its member and whether they hold an entitlement active now: what a bid needs to
 * know about its bidder before deciding. The sessions asked for in one turn are read together,
 * in one prepared statement.
 */
export const memberSession = (db: Knex, sessionId: string): Promise<MemberSession | undefined> =>
  // Only ids that can be stored are read: one that is not a UUID would fail the whole batch.
  UUID.test(sessionId) ? loaderOf(db)(sessionId) : Promise.resolve(undefined);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * After `requireAuth` (or `requireMember`, whose row it checks): the signed-in member as section 6
 * lets them act — finished sign-up (mobile validated) and not blocked. The one place these three
 * refusals are made.
 */
export async function activeMember(
  infra: Pick<Infrastructure, 'db'>,
  ctx: Context,
): Promise<UserRow> {
  const row = ctx.state.member
    ? ctx.state.member.row
    : await findUserById(infra.db, ctx.state.auth!.userId);
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
