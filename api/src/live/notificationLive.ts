import type { Server as SocketServer, Socket } from 'socket.io';
import { z } from 'zod';
import {
  comparePositions,
  formatPosition,
  laterPosition,
  parsePosition,
  type GlobalPosition,
  type RecordedEvent,
} from '@boli/engine/eventStore/eventStore';
import { MESSAGES } from '@boli/engine/shared/messages';
import {
  NOTIFICATION_SOCKET_EVENT,
  notificationPushesAfter,
  userRoom,
  type NotificationPush,
} from '@boli/projections/social/notifications.live';
import { waitForProjections } from '@boli/projections';
import { purchasesProjection } from '@boli/projections/billing/purchases.projection';
import { mobileRequestsProjection } from '@boli/projections/social/mobileRequests.projection';
import { notificationsProjection } from '@boli/projections/social/notifications.projection';
import { reviewsProjection } from '@boli/projections/social/reviews.projection';
import {
  listNotifications,
  type Notification,
} from '@boli/projections/social/notifications.queries';
import type { Infrastructure } from '../infrastructure.ts';
import { followLog, liveCheckpoint, type LogFollower } from './logFollower.ts';
import { authenticateSockets, socketSessionLive, userIdOf } from './socketAuth.ts';

/*
 * Live notifications over the same socket as live bids (path /bid; docs/api/social.md). A member's
 * socket joins the room `user:<id>` with its first `loadNotifications`; every api process follows
 * the event log and, once the `notifications` read model has committed an event that may notify
 * someone, sends the new notifications — each with its position — to the rooms of *this*
 * process's sockets only, so nothing is sent twice however many processes run. A reconnecting
 * client sends `loadNotifications { since }` and receives what it missed.
 */

type LiveInfra = Pick<Infrastructure, 'db' | 'postgresOutages' | 'store' | 'logger' | 'config'>;

export type NotificationLive = { stop(): Promise<void> };

/** A client's request for its notifications (a reconnecting one's catch-up), and its answer. */
export const LOAD_NOTIFICATIONS = 'loadNotifications';
export const NOTIFICATIONS_LOADED = 'notificationsLoaded';

export type NotificationsLoaded = {
  /** The member's notifications after `since`, oldest first (none without `since`). */
  readonly missed: readonly Notification[];
  /** The newest notification's position, or `since` / null when there is none. */
  readonly position: string | null;
};

const PROJECTION = notificationsProjection.name;
/**
 * What a page reads again when a notification arrives (web: `onNotificationArrived`): a number
 * asked for and its answer, a review, a purchase on Transactions. A push waits until these have
 * its event too, or a page reading one still behind would show the request pending, though told
 * it was answered, and not look again until its next poll.
 */
const READ_MODELS_TOLD = [
  mobileRequestsProjection.name,
  reviewsProjection.name,
  purchasesProjection.name,
];
/** How long a push waits for `READ_MODELS_TOLD` before going. */
const TOLD_WAIT_MS = 5_000;
const NOTIFYING_EVENTS = new Set<string>(notificationsProjection.handles);
/** notificationsAfter's page: a fuller answer means more may follow. */
const PUSH_PAGE = 500;

const loadInput = z
  .object({
    since: z
      .string()
      .regex(/^\d+\.\d+$/)
      .optional(),
  })
  .optional();

type Ack = ((answer: unknown) => void) | undefined;

export function attachNotificationLive(io: SocketServer, infra: LiveInfra): NotificationLive {
  const { db, logger } = infra;
  const log = logger.child({ component: 'notificationLive' });
  /** Every notification at or before it has been pushed (or had nobody here to go to). */
  let pushedUpTo: GlobalPosition | undefined;
  /** This process's sockets of members (guests have no notifications). */
  let membersHere = 0;

  authenticateSockets(io, infra);

  const reply = (socket: Socket, answer: unknown, ack: Ack) => {
    socket.emit(NOTIFICATIONS_LOADED, answer);
    if (typeof ack === 'function') ack(answer);
  };

  io.on('connection', (socket) => {
    const userId = userIdOf(socket);
    let subscribed = false;

    /**
     * A socket hears its member's notifications once it asks for them: a page's socket for an
     * ad's bids alone (one tab may hold both) is not sent each notification a second time.
     * Joined before the list is read: whatever commits from here on is pushed; what came before,
     * `since` loads.
     */
    const subscribe = async (member: string) => {
      if (subscribed) return;
      subscribed = true;
      await socket.join(userRoom(member));
      membersHere++;
      socket.once('disconnect', () => membersHere--);
    };

    socket.on(LOAD_NOTIFICATIONS, async (raw: unknown, ack: Ack) => {
      const input = loadInput.safeParse(raw);
      if (userId === undefined) return reply(socket, { error: MESSAGES.loginRequired }, ack);
      if (!input.success) return reply(socket, { error: MESSAGES.generic }, ack);
      const since = input.data?.since;
      try {
        await subscribe(userId);
        const listed = (await listNotifications(db, userId)).notifications;
        const after = since === undefined ? undefined : parsePosition(since);
        const missed =
          after === undefined
            ? []
            : listed
                .filter((note) => comparePositions(parsePosition(note.position), after) > 0)
                .reverse();
        const newest = listed.reduce<GlobalPosition | undefined>(
          (max, note) => laterPosition(parsePosition(note.position), max),
          after,
        );
        const answer: NotificationsLoaded = {
          missed,
          position: newest === undefined ? null : formatPosition(newest),
        };
        reply(socket, answer, ack);
      } catch (error) {
        log.error({ err: error }, 'loading notifications failed');
        reply(socket, { error: MESSAGES.generic }, ack);
      }
    });
  });

  /**
   * Waits (for at most TOLD_WAIT_MS) until the read models told have `position` too. One that is
   * stuck must not stop the pushes: late, they go all the same.
   */
  async function toldHave(position: GlobalPosition): Promise<void> {
    if (await waitForProjections(db, READ_MODELS_TOLD, position, TOLD_WAIT_MS)) return;
    log.warn(
      { position: formatPosition(position), projections: READ_MODELS_TOLD },
      'read models told are behind; pushed all the same',
    );
  }

  /**
   * Sends each push to its member's sockets here whose session still holds, in order; a socket
   * whose session ended (logged out, the password changed on another device, blocked) is
   * disconnected instead of being told the member's news until the sweep finds it.
   */
  async function pushToLiveSessions(pushes: readonly NotificationPush[]): Promise<void> {
    const rooms = [...new Set(pushes.map((push) => push.room))];
    const liveIn = new Map(
      await Promise.all(
        rooms.map(async (room) => {
          const sockets = await io.local.in(room).fetchSockets();
          const live = await Promise.all(sockets.map((socket) => socketSessionLive(infra, socket)));
          sockets.forEach((socket, i) => {
            if (!live[i]) socket.disconnect(true);
          });
          return [room, sockets.filter((_, i) => live[i])] as const;
        }),
      ),
    );
    for (const push of pushes)
      for (const socket of liveIn.get(push.room) ?? []) socket.emit(push.event, push.payload);
  }

  /** Pushes every notification after `pushedUpTo`, up to the read model's checkpoint. */
  async function pushCommitted(): Promise<void> {
    for (;;) {
      const checkpoint = await liveCheckpoint(db, PROJECTION);
      // The notifications may be ahead of the event handled: the read models told wait for them,
      // and a notification committed since is left for its own event's turn, when they have it.
      if (checkpoint !== undefined) await toldHave(checkpoint);
      const { pushes, next } = await notificationPushesAfter(db, pushedUpTo, checkpoint);
      await pushToLiveSessions(pushes);
      if (pushes.length >= PUSH_PAGE) {
        pushedUpTo = next;
        continue;
      }
      // Everything up to the checkpoint read before the query was in its answer.
      pushedUpTo = laterPosition(next, checkpoint);
      return;
    }
  }

  async function handle(event: RecordedEvent, follower: LogFollower): Promise<void> {
    if (!NOTIFYING_EVENTS.has(event.type)) return;
    // Already pushed with an earlier event's batch.
    if (pushedUpTo !== undefined && comparePositions(event.position, pushedUpTo) <= 0) return;
    if (membersHere === 0) {
      pushedUpTo = event.position;
      return;
    }
    if (!(await follower.committed(event.position))) return;
    await pushCommitted();
  }

  return followLog(infra, {
    projection: PROJECTION,
    start: async () => {
      const checkpoint = await liveCheckpoint(db, PROJECTION);
      if (checkpoint !== undefined) pushedUpTo = checkpoint;
      return checkpoint;
    },
    types: [...NOTIFYING_EVENTS],
    handle,
    log,
  });
}

export { NOTIFICATION_SOCKET_EVENT };
