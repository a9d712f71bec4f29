import {
  NOTIFICATIONS_SEEN_EVENT_TYPES,
  type NotificationsSeenEvent,
} from '@boli/engine/social/notificationsSeen';
import { defineProjection } from '../runtime/projection.ts';

/**
 * When each member last opened their notifications (the bell counts what came since, on every
 * device): one row per member, the latest mark kept (a mark only moves forward).
 */
export const notificationsSeenProjection = defineProjection({
  name: 'notifications_seen',
  version: 1,
  handles: NOTIFICATIONS_SEEN_EVENT_TYPES,
  tables: {
    notifications_seen: {
      create: (trx, table) =>
        trx.schema.createTable(table, (t) => {
          t.text('user_id').primary();
          t.timestamp('seen_at', { useTz: true }).notNullable();
        }),
    },
  },
  async handleBatch(trx, batch, tables) {
    const latest = new Map<string, string>();
    for (const event of batch as unknown as NotificationsSeenEvent[]) {
      const { userId, seenAt } = event.data;
      const kept = latest.get(userId);
      if (kept === undefined || Date.parse(seenAt) > Date.parse(kept)) latest.set(userId, seenAt);
    }
    const rows = [...latest].map(([user_id, seen_at]) => ({ user_id, seen_at }));
    if (rows.length === 0) return;
    const table = tables.notifications_seen;
    await trx(table)
      .insert(rows)
      .onConflict('user_id')
      .merge({ seen_at: trx.raw(`greatest(??.seen_at, excluded.seen_at)`, [table]) });
  },
});
