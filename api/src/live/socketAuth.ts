import type { Server as SocketServer, Socket } from 'socket.io';
import { MESSAGES } from '@boli/engine/shared/messages';
import { sessionService, TOKEN_EXPIRED } from '../http/auth.ts';
import { TokenExpiredError, TokenInvalidError } from '../identity/sessions.ts';
import type { Infrastructure } from '../infrastructure.ts';

/*
 * Who is on a socket (path /bid): a token in the query (or the handshake's auth) names the
 * member; none is a guest. Checked once per connection, whichever live features are attached.
 */

type SocketData = { userId?: string };

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
        next();
      })
      .catch((error: unknown) => {
        if (error instanceof TokenExpiredError) next(new Error(TOKEN_EXPIRED));
        else if (error instanceof TokenInvalidError) next(new Error(MESSAGES.loginRequired));
        else next(error instanceof Error ? error : new Error(String(error)));
      });
  });
}

/** The member on the socket; undefined for a guest. */
export const userIdOf = (socket: Socket): string | undefined => (socket.data as SocketData).userId;
