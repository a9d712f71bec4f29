import type { io as ioOf, Socket } from 'socket.io-client';
import { LIVE_SOCKET_PATH } from '@boli/engine/shared/routeAccess';

/** How long after a failed fetch of socket.io's script it is asked for again. */
const CLIENT_RETRY_MS = 5_000;

/**
 * This page load's key, sent with each of its live links (`auth.page`): a link that dropped and
 * came back is counted once in an ad's `online` viewers, not with the one the server still waits
 * out. Not secret, nor needed unique beyond the page's own viewers.
 */
const PAGE_KEY = Array.from({ length: 4 }, () => Math.random().toString(36).slice(2, 10)).join('-');

let client: Promise<{ io: typeof ioOf }> | undefined;
/**
 * socket.io's client, a script of its own fetched when the first live link is wanted, not with
 * the app's first script: the page paints without waiting for it. One that failed is asked again.
 */
const socketClient = () =>
  (client ??= import('socket.io-client').catch((error: unknown) => {
    client = undefined;
    throw error;
  }));

/**
 * A socket.io connection to the live socket, as the member of `token` (a guest without), handed
 * to `attach` once socket.io's script has come; the function answered disconnects it, or, called
 * before then, means it never connects.
 *
 * It starts on long-polling and moves to a websocket (socket.io's default): tried first, a
 * websocket that a proxy or a bad network holds open without an answer left the page without live
 * updates for socket.io's 20 s connect timeout, where a refused poll fails at once and is tried
 * again.
 */
export function connectLive(token: string | null, attach: (socket: Socket) => void): () => void {
  let socket: Socket | undefined;
  let stopped = false;
  let retry: number | undefined;
  const open = () =>
    socketClient().then(
      ({ io }) => {
        if (stopped) return;
        socket = io(window.location.origin, {
          path: LIVE_SOCKET_PATH,
          query: token ? { token } : {},
          auth: { page: PAGE_KEY },
        });
        attach(socket);
      },
      () => {
        if (!stopped) retry = window.setTimeout(() => void open(), CLIENT_RETRY_MS);
      },
    );
  void open();
  // Back online, the link is tried again now. Between two tries socket.io waits out its backoff
  // (up to 5 s once a link has been down a while), and a connect() meanwhile waits with it: taken
  // down and opened again, the socket tries at once, with its listeners as they were.
  const online = () => {
    if (socket && !socket.connected) socket.disconnect().connect();
  };
  window.addEventListener('online', online);
  return () => {
    stopped = true;
    window.clearTimeout(retry);
    window.removeEventListener('online', online);
    socket?.disconnect();
  };
}
