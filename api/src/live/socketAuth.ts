import type { Server as SocketServer, Socket } from 'socket.io';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { sessionService, TOKEN_EXPIRED } from '../http/auth.ts';
import { TokenExpiredError, TokenInvalidError } from '../identity/sessions.ts';
import type { Infrastructure } from '../infrastructure.ts';

/*
 * Who is on a socket (path /bid): a token in the query (or the handshake's auth) names the
 * member; none is a guest. Checked once per connection, whichever live features are attached.
 */

type SocketData = { userId?: string; token?: string; roles?: readonly string[] };

const authenticated = new WeakSet<SocketServer>();

/** Installs the token check on `io` (once, however many live features ask for it). */
export function authenticateSockets(
  io: SocketServer,
  infra: Pick<Infrastructure, 'db' | 'config'>,
): void {
  if (authenticated.has(io)) return;
  authenticated.add(io);
  io.use((socket, next) => {
    const raw =
      socket.handshake.query.token ?? (socket.handshake.auth as { token?: unknown }).token;
    const token = typeof raw === 'string' && raw !== '' && raw !== 'null' ? raw : undefined;
    if (token === undefined) return next();
    sessionService(infra)
      .verify(token, new Date())
      .then((claims) => {
        (socket.data as SocketData).userId = claims.userId;
        (socket.data as SocketData).token = token;
        (socket.data as SocketData).roles = claims.roles;
        next();
      })
      .catch((error: unknown) => {
        if (error instanceof TokenExpiredError) next(new Error(TOKEN_EXPIRED));
        else if (error instanceof TokenInvalidError) next(new Error(MESSAGES.loginRequired));
        else next(error instanceof Error ? error : new Error(String(error)));
      });
  });
}

/** The roles of the member on the socket; none for a guest. */
export const rolesOf = (socket: Socket): readonly string[] =>
  (socket.data as SocketData).roles ?? [];

/** The member on the socket; undefined for a guest. */
export const userIdOf = (socket: Socket): string | undefined => (socket.data as SocketData).userId;

/**
 * Whether the session a socket was opened with still holds (a guest's always does). A database
 * that cannot say is no ending: the next check asks again.
 */
export function socketSessionLive(
  infra: Pick<Infrastructure, 'db' | 'config'>,
  socket: { readonly data: unknown },
): Promise<boolean> {
  const { token } = socket.data as SocketData;
  if (token === undefined) return Promise.resolve(true);
  return sessionService(infra)
    .verify(token, new Date())
    .then(
      () => true,
      (error: unknown) =>
        !(error instanceof TokenExpiredError || error instanceof TokenInvalidError),
    );
}

/**
 * A member's socket lives no longer than the session it was opened with: a block, a logout or the
 * token's expiry ended the session's requests at once, while the socket kept answering (an owner's
 * view of bids, Hidden amounts and all). Each event a member's socket sends is checked first, and
 * every `LIMITS.liveSessionCheckMs` each member's socket here is, for the pushes nobody asked for:
 * a socket whose session has ended is disconnected. A member's notifications are checked as they
 * go (`notificationLive.ts`), not left to that sweep: they are the member's own news.
 */
export function watchSocketSessions(
  io: SocketServer,
  infra: Pick<Infrastructure, 'db' | 'config'>,
): { stop(): Promise<void> } {
  authenticateSockets(io, infra);
  const live = (socket: Socket) => socketSessionLive(infra, socket);
  const endIfGone = async (socket: Socket) => {
    if (!(await live(socket))) socket.disconnect(true);
  };
  io.on('connection', (socket) => {
    if ((socket.data as SocketData).token === undefined) return;
    socket.use((_packet, next) => {
      void live(socket).then((yes) => (yes ? next() : socket.disconnect(true)));
    });
  });
  const sweep = setInterval(() => {
    for (const socket of io.of('/').sockets.values()) void endIfGone(socket);
  }, LIMITS.liveSessionCheckMs);
  sweep.unref();
  return {
    stop: async () => clearInterval(sweep),
  };
}
