import type { Knex } from 'knex';
import type { GlobalPosition } from '@boli/engine/eventStore/eventStore';
import { LIMITS } from '@boli/engine/shared/limits';
import { answersRequest, type NotificationKind } from './notifications.evolve.ts';
import { notificationMessage } from './notifications.messages.ts';

/**
 * Section 3's Notification as GET /api/notification answers it: `_id`, `requestId`, `message`,
 * `requestStatus` (the request's status now — pending, approved, rejected or revoked — or null
 * when the notification is not about a request), plus what the menu links to.
 */
export type Notification = {
  readonly _id: string;
  readonly kind: NotificationKind;
  readonly message: string;
  readonly requestId: string | null;
  readonly requestStatus: string | null;
  /** True when the member is the one who answers the request (Approve / Reject buttons). */
  readonly canAnswer: boolean;
  readonly adId: string | null;
  readonly actorId: string | null;
  /** What a fulfilled purchase gave (adSlotSold, adSpaceActivated …): where its note leads. */
  readonly purchaseOutcome: string | null;
  /** The ad slot a note is about (outbid, offered, lapsed, bought); null for other notes. */
  readonly slot: { readonly type: string; readonly slotdate: string } | null;
  readonly createdAt: string;
  /** `commit.prepare` of the event that caused it. */
  readonly position: string;
};

type Row = {
  id: string;
  user_id: string;
  kind: NotificationKind;
  actor_id: string | null;
  request_id: string | null;
  ad_id: string | null;
  params: Record<string, string | number> | string;
  created_at: Date;
  position_commit: string;
  position_prepare: string;
  actor_username: string | null;
  request_status: string | null;
};

/**
 * The notifications as members read them. Those about an ad whose owner is blocked are left out
 * while the block lasts, as the ad is from every list and page: they would lead to 'Ad not found'
 * (a final call that ran out meanwhile told its top bidder the bid was theirs). Lifted, they are
 * back.
 */
const select = (db: Knex) =>
  db('notifications as n')
    .leftJoin('users as u', 'u.user_id', 'n.actor_id')
    .leftJoin('mobile_requests as r', 'r.request_id', 'n.request_id')
    .leftJoin('ads as a', 'a.ad_id', 'n.ad_id')
    .whereRaw('a.owner_blocked IS NOT TRUE')
    .select('n.*', 'u.username as actor_username', 'r.status as request_status');

const toNotification = (row: Row): Notification => {
  const params = typeof row.params === 'string' ? JSON.parse(row.params) : row.params;
  return {
    _id: row.id,
    kind: row.kind,
    message: notificationMessage(row.kind, params, row.actor_username ?? ''),
    requestId: row.request_id,
    requestStatus: row.request_id === null ? null : (row.request_status ?? 'pending'),
    canAnswer: answersRequest(row.kind),
    adId: row.ad_id,
    actorId: row.actor_id,
    purchaseOutcome:
      row.kind === 'purchaseFulfilled' && typeof params.outcome === 'string'
        ? params.outcome
        : null,
    slot:
      typeof params.spaceType === 'string' && typeof params.slotdate === 'string'
        ? { type: params.spaceType, slotdate: params.slotdate }
        : null,
    createdAt: new Date(row.created_at).toISOString(),
    position: `${row.position_commit}.${row.position_prepare}`,
  };
};

/** A member's notifications, newest first, at most LIMITS.notificationListLimit. */
export async function listNotifications(db: Knex, userId: string): Promise<Notification[]> {
  const rows: Row[] = await select(db)
    .where('n.user_id', userId)
    .orderBy([
      { column: 'n.created_at', order: 'desc' },
      { column: 'n.position_commit', order: 'desc' },
      { column: 'n.position_prepare', order: 'desc' },
    ])
    .limit(LIMITS.notificationListLimit);
  return rows.map(toNotification);
}

/**
 * Notifications stored after `after`, oldest first, for every member: what a live push sends
 * once the projection has committed them (see notifications.live.ts).
 */
export async function notificationsAfter(
  db: Knex,
  after: GlobalPosition,
  limit = 500,
): Promise<(Notification & { userId: string })[]> {
  const rows: Row[] = await select(db)
    .whereRaw('(n.position_commit, n.position_prepare) > (?::numeric, ?::numeric)', [
      after.commit.toString(),
      after.prepare.toString(),
    ])
    .orderBy([
      { column: 'n.position_commit', order: 'asc' },
      { column: 'n.position_prepare', order: 'asc' },
    ])
    .limit(limit);
  return rows.map((row) => ({ ...toNotification(row), userId: row.user_id }));
}
