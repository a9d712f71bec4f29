import type { Context, Middleware, Next } from 'koa';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { MESSAGES } from '@boli/engine/shared/messages';
import { adWithdrawnJoin } from '@boli/projections/ads/ads.queries';
import { activeEntitlementExists } from '@boli/projections/entitlements/entitlements.queries';
import { batchedLoader, type BatchedLoader } from '@boli/projections/runtime/batchedLoader';
import { preparedQuery } from '@boli/projections/runtime/preparedQuery';
import { findUserById, USERS, type UserRow } from '@boli/projections/users/users.queries';
import type { Knex } from 'knex';
import type { SessionState } from '../identity/sessions.ts';
import type { Infrastructure } from '../infrastructure.ts';
import { ApiError } from './errors.ts';
import { aliasIsOthersUsername } from '../routes/auth/identities.ts';
import { isUuid } from '@boli/engine/shared/uuid';

/** What the bid routes need to know of a member: who they are, and whether they may act. */
export type MemberFacts = Pick<
  UserRow,
  'user_id' | 'username' | 'bid_alias' | 'is_blocked' | 'mobile_validated' | 'profilepic' | 'phone'
>;

/**
 * The alias a bid (an item's, a fee's or a share's) is posted under: the one typed, without the
 * spaces around it, or the member's registered alias when none was typed.
 */
export const bidAliasOf = (typed: string | undefined, member: Pick<MemberFacts, 'bid_alias'>) =>
  typed?.trim() || member.bid_alias;

/**
 * Refuses (409 `BID_ALIAS_IS_USERNAME`) an alias typed for a bid that reads as another member's
 * username: other bidders see aliases alone, so it would pass for that member. The registered
 * alias was judged when it was chosen: bids under it, the way most come, need no lookup.
 */
export async function refuseOthersUsername(
  db: Knex,
  alias: string,
  member: Pick<MemberFacts, 'user_id' | 'bid_alias'>,
): Promise<void> {
  if (alias === member.bid_alias) return;
  if (await aliasIsOthersUsername(db, alias, member.user_id)) {
    throw new ApiError(409, MESSAGES.bidAliasIsUsername, 'BID_ALIAS_IS_USERNAME', {
      fields: ['bidAlias'],
    });
  }
}

/** The member `requireMember` read with the session: their facts (if any) and entitlement. */
export type SignedInMember = {
  readonly facts: MemberFacts | undefined;
  readonly entitled: boolean;
};

declare module 'koa' {
  interface DefaultState {
    member?: SignedInMember;
    /** The ad the request acts on, as `requireMember` read it with the session. */
    memberAd?: { readonly adId: string; readonly withdrawn: boolean };
  }
}

type MemberSessionRow = MemberFacts & {
  n: number;
  session_revoked_at: Date | null;
  session_user_id: string;
  entitled: boolean;
  ad_withdrawn: boolean;
};

type MemberSession = {
  session: SessionState;
  member: SignedInMember;
  /** Whether the ad asked about with the session is withdrawn (`isAdWithdrawn`); false if none was. */
  adWithdrawn: boolean;
};

/**
 * The statement of `memberSession`; its text does not depend on the values. One row per request
 * (a session, and the ad it acts on or null), numbered as they were asked, for those whose
 * session exists.
 */
const MEMBER_SESSION_SQL = `SELECT r.n::int AS n, s.revoked_at AS session_revoked_at,
    s.user_id AS session_user_id, ${activeEntitlementExists('s.user_id')} AS entitled,
    w.withdrawn IS NOT NULL AS ad_withdrawn,
    u.user_id, u.username, u.bid_alias, u.is_blocked, u.mobile_validated, u.profilepic, u.phone
  FROM unnest(?::uuid[], ?::text[]) WITH ORDINALITY AS r(session_id, ad_id, n)
    JOIN sessions s ON s.id = r.session_id
    LEFT JOIN ${USERS} u ON u.user_id = s.user_id
    ${adWithdrawnJoin('r.ad_id', 'w')}`;

/** A request of `memberSession` as the loader's key: a session, and the ad asked about if any. */
type RequestKey = string;
const requestKey = (sessionId: string, adId: string | undefined): RequestKey =>
  JSON.stringify([sessionId, adId ?? null]);
const requestOf = (key: RequestKey): [string, string | null] =>
  JSON.parse(key) as [string, string | null];

const loaders = new WeakMap<Knex, BatchedLoader<RequestKey, MemberSession>>();

/** Sessions with their members and entitlements, for every request made in one turn. */
function loaderOf(db: Knex): BatchedLoader<RequestKey, MemberSession> {
  let loader = loaders.get(db);
  if (loader) return loader;
  loader = batchedLoader(async (keys) => {
    const now = new Date();
    const requests = keys.map(requestOf);
    const rows = await preparedQuery<MemberSessionRow>(db, MEMBER_SESSION_SQL, [
      now,
      now,
      requests.map(([sessionId]) => sessionId),
      requests.map(([, adId]) => adId),
    ]);
    return new Map(
      rows.map(({ n, session_revoked_at, session_user_id, entitled, ad_withdrawn, ...facts }) => [
        keys[n - 1]!,
        {
          session: { revoked_at: session_revoked_at, user_id: session_user_id },
          member: { facts: facts.user_id === null ? undefined : facts, entitled },
          adWithdrawn: ad_withdrawn,
        },
      ]),
    );
  });
  loaders.set(db, loader);
  return loader;
}

/**
 * A session with its member and whether they hold an entitlement active now: what a bid needs to
 * know about its bidder before deciding; and, given the ad the request acts on, whether that ad
 * is withdrawn, so a bid's checks cost one statement. The requests made in one turn are read
 * together, in one prepared statement.
 */
export const memberSession = (
  db: Knex,
  sessionId: string,
  adId?: string,
): Promise<MemberSession | undefined> =>
  // Only ids that can be stored are read: one that is not a UUID would fail the whole batch.
  isUuid(sessionId) ? loaderOf(db)(requestKey(sessionId, adId)) : Promise.resolve(undefined);

/**
 * Section 6 lets a member act once they finished sign-up (mobile validated) and while they are
 * not blocked. The one place these three refusals are made.
 */
function assertActive<M extends MemberFacts>(member: M | undefined): M {
  if (member === undefined) throw new ApiError(404, MESSAGES.noUsersFound, 'NOT_FOUND');
  if (member.is_blocked)
    throw new ApiError(403, ACCOUNT_MESSAGES.accountBlocked, 'ACCOUNT_BLOCKED');
  if (!member.mobile_validated) {
    throw new ApiError(403, ACCOUNT_MESSAGES.mobileNotVerified, 'MOBILE_NOT_VERIFIED');
  }
  return member;
}

/** After `requireAuth`: the signed-in member, read in full, if they may act. */
export async function activeMember(
  infra: Pick<Infrastructure, 'db'>,
  ctx: Context,
): Promise<UserRow> {
  return assertActive(await findUserById(infra.db, ctx.state.auth!.userId));
}

/** After `requireMember`: the member it read with the session, if they may act. */
export const activeSignedInMember = (ctx: Context): MemberFacts =>
  assertActive(ctx.state.member!.facts);

/** `activeMember` as a middleware, for routes that only need the check. */
export const memberAccess =
  (infra: Pick<Infrastructure, 'db'>): Middleware =>
  async (ctx: Context, next: Next) => {
    await activeMember(infra, ctx);
    await next();
  };
