import { io, type Socket } from 'socket.io-client';

/** The live socket's path (spec section 7; api/src/server.ts): bids and notifications. */
export const LIVE_SOCKET_PATH = '/bid';

/**
 * A socket.io connection to the live socket, as the member of `token` (a guest without). It
 * starts on long-polling and moves to a websocket (socket.io's default): tried first, a websocket
 * that a proxy or a bad network holds open without an answer left the page without live updates
 * for socket.io's 20 s connect timeout, where a refused poll fails at once and is tried again.
 */
export function connectLive(token: string | null): Socket {
  return io(window.location.origin, {
    path: LIVE_SOCKET_PATH,
    query: token ? { token } : {},
  });
}
