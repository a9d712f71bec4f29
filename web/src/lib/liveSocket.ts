import { io, type Socket } from 'socket.io-client';

/** The live socket's path (spec section 7; api/src/server.ts): bids and notifications. */
export const LIVE_SOCKET_PATH = '/bid';

/** A socket.io connection to the live socket, as the member of `token` (a guest without). */
export function connectLive(token: string | null): Socket {
  return io(window.location.origin, {
    path: LIVE_SOCKET_PATH,
    query: token ? { token } : {},
  });
}
