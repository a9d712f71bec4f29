import type { Knex } from 'knex';

/** When the member last opened their notifications (ISO); null if never. */
export async function notificationsSeenAt(db: Knex, userId: string): Promise<string | null> {
  const row = (await db('notifications_seen').first('seen_at').where({ user_id: userId })) as
    { seen_at: Date } | undefined;
  return row ? row.seen_at.toISOString() : null;
}
