import { useEffect, useRef } from 'react';
import { useSession } from '../../../app/session/sessionContext.ts';
import { connectLive } from '../../../lib/liveSocket.ts';
import { notificationArrived } from '../../../app/notificationSignal.ts';

/*
 * Notifications pushed over the live socket (docs/api/social.md): the member's socket is told
 * `notification` (with its position) once the read model has it. On every reconnect it sends
 * `loadNotifications { since }` with the last position seen and hears whether it missed any.
 * `onChange` runs on a push, after a reconnect that missed some, and after the first connect (a
 * note that came between the page's first read and the socket joining is pushed to no one); the
 * caller refetches. Pages listening with `onNotificationArrived` hear it too.
 */

const NOTIFICATION_EVENT = 'notification';
const LOAD_NOTIFICATIONS = 'loadNotifications';

type Loaded = { missed?: unknown[]; position?: string | null; error?: string };

export function useNotificationPush(enabled: boolean, onChange: () => void): void {
  const { token } = useSession();
  const handler = useRef(onChange);
  handler.current = onChange;
  // Kept across new tokens (a renewal opens a new socket), so nothing in between is lost.
  const since = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled || !token) return;
    const arrived = () => {
      handler.current();
      notificationArrived(since.current ?? undefined);
    };
    return connectLive(token, (socket) => {
      socket.on(NOTIFICATION_EVENT, (note: { position?: string }) => {
        if (typeof note?.position === 'string') since.current = note.position;
        arrived();
      });
      socket.on('connect', () => {
        const asked = since.current;
        socket.emit(
          LOAD_NOTIFICATIONS,
          asked === null ? {} : { since: asked },
          (answer: Loaded) => {
            if (answer.error !== undefined) return;
            if (typeof answer.position === 'string') since.current = answer.position;
            if (asked === null || (answer.missed?.length ?? 0) > 0) arrived();
          },
        );
      });
    });
  }, [enabled, token]);
}
