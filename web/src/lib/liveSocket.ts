import { io, type Socket } from 'socket.io-client';

/** The live socket's path (spec section 7; api/src/server.ts): bids and notifications. */
export const LIVE_SOCKET_PATH = '/bid';

/**
 * A socket.io connection to the live socket, as the member of `token` (a guest without): a
 * websocket straight away, long-polling only where a websocket cannot be had. Polling first
 * (socket.io's default) held one of the browser's six connections per socket, and made five
 * requests before the upgrade, while the page was still loading.
 */
export function connectLive(token: string | null): Socket {
  return io(window.location.origin, {
    path: LIVE_SOCKET_PATH,
    query: token ? { token } : {},
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  });
}
