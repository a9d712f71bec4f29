import type { Knex } from 'knex';
import { preparedQuery } from '../runtime/preparedQuery.ts';
import type { Entitlement, EntitlementKind } from './entitlements.evolve.ts';

/*
 * Whether a member may bid and sell right now. Readers query the logical view `entitlements`.
 */

export type { Entitlement, EntitlementKind };

const ENTITLEMENTS = 'entitlements';

type StoredEntitlement = {
  source_event_id: string;
  user_id: string;
  kind: EntitlementKind;
  starts_at: Date;
  ends_at: Date | null;
};

/** An entitlement active at an instant: bindings the instant, the instant. */
const ACTIVE_SINCE = 'starts_at <= ? AND (ends_at IS NULL OR ends_at > ?)';
/** A member's entitlement active at an instant: bindings user id, the instant, the instant. */
const ACTIVE_AT = `user_id = ? AND ${ACTIVE_SINCE}`;

/**
 * SQL that is true when the member `userIdSql` names (a column of the outer query) holds an
 * entitlement active at an instant: bindings the instant, the instant. For statements that read
 * the entitlement together with other facts about the member, in one round trip.
 */
export const activeEntitlementExists = (userIdSql: string): string =>
  `EXISTS (SELECT 1 FROM ${ENTITLEMENTS} WHERE user_id = ${userIdSql} AND ${ACTIVE_SINCE})`;

const activeAt = (db: Knex, userId: string, at: Date): Knex.QueryBuilder =>
  db(ENTITLEMENTS).whereRaw(ACTIVE_AT, [userId, at, at]);

/** The member's entitlements active at `at`, lifetime ones first, then by latest end. */
export async function activeEntitlements(
  db: Knex,
  userId: string,
  at: Date,
): Promise<Entitlement[]> {
  const rows: StoredEntitlement[] = await activeAt(db, userId, at)
    .select('source_event_id', 'user_id', 'kind', 'starts_at', 'ends_at')
    .orderByRaw('ends_at DESC NULLS FIRST, source_event_id');
  return rows.map((row) => ({
    sourceEventId: row.source_event_id,
    userId: row.user_id,
    kind: row.kind,
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: row.ends_at === null ? null : new Date(row.ends_at).toISOString(),
  }));
}

/** When the member's free trial ended, if it has by `at` (the latest, should there be more). */
export async function trialEndedAt(db: Knex, userId: string, at: Date): Promise<string | null> {
  const row = (await db(ENTITLEMENTS)
    .where({ user_id: userId, kind: 'trial' })
    .where('ends_at', '<=', at)
    .max('ends_at as ended')
    .first()) as { ended: Date | null } | undefined;
  return row?.ended ? new Date(row.ended).toISOString() : null;
}

/** True when at least one entitlement of the member is active at `at`. */
export async function hasActiveEntitlement(db: Knex, userId: string, at: Date): Promise<boolean> {
  // Prepared: asked on every bid and post.
  const rows = await preparedQuery(db, `SELECT 1 FROM ${ENTITLEMENTS} WHERE ${ACTIVE_AT} LIMIT 1`, [
    userId,
    at,
    at,
  ]);
  return rows.length > 0;
}
