import type { Knex } from 'knex';
import { parsePosition, START, type GlobalPosition } from '@boli/engine/eventStore/eventStore';
import { notificationsAfter, type Notification } from './notifications.queries.ts';

/*
 * What the socket pushes for notifications (ARCHITECTURE: pushes only after the projection that
 * serves the change has committed, to rooms `user:<id>`, each message carrying its position).
 * The socket side calls `notificationPushesAfter` whenever the `notifications` projection's
 * checkpoint has moved, emits each push to its room, and remembers `next` for the following call.
 */

export const NOTIFICATION_SOCKET_EVENT = 'notification';

export const userRoom = (userId: string): string => `user:${userId}`;

export type NotificationPush = {
  readonly room: string;
  readonly event: typeof NOTIFICATION_SOCKET_EVENT;
  readonly payload: Notification;
};

/** The pushes of the notifications after `after`, up to `upTo` (all committed, when not given). */
export async function notificationPushesAfter(
  db: Knex,
  after: GlobalPosition = START,
  upTo?: GlobalPosition,
): Promise<{ pushes: NotificationPush[]; next: GlobalPosition }> {
  const stored = await notificationsAfter(db, after, upTo);
  const pushes = stored.map(({ userId, ...payload }): NotificationPush => ({
    room: userRoom(userId),
    event: NOTIFICATION_SOCKET_EVENT,
    payload,
  }));
  const last = stored[stored.length - 1];
  return { pushes, next: last ? parsePosition(last.position) : after };
}
