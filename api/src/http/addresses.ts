import type { IncomingMessage } from 'node:http';
import { LIVE_SOCKET_PATH } from '@boli/engine/shared/routeAccess';

/** Addresses the api answers itself: everything else a browser asks for is a page of the web app. */
const API_PREFIXES = ['/api/', '/healthz', '/media/', '/dev/api'];

/** Pages of the spec whose paths sit under /api/ (the reset link in the email). */
const PAGES_UNDER_API = ['/api/auth/resetPassword/'];

/** A page of the spec whose path sits among the api's, such as the reset link in the email. */
export const isPageUnderApi = (path: string): boolean =>
  PAGES_UNDER_API.some((prefix) => path.startsWith(prefix));

/**
 * Whether a path may be a page of the web app rather than an address of the api. The live
 * socket's requests never get this far (`isSocketRequest`), so `/bid/{id}` is a page.
 */
export const isWebPagePath = (path: string): boolean =>
  isPageUnderApi(path) || !API_PREFIXES.some((prefix) => path.startsWith(prefix));

/**
 * Only engine.io's own requests (`/bid/?EIO=…`) go to socket.io: the spec also has the pages
 * `/bid/{id}` and `/bid-calendar`, which engine.io's prefix match would otherwise swallow.
 */
export function isSocketRequest(request: IncomingMessage): boolean {
  const url = new URL(request.url ?? '/', 'http://localhost');
  return (
    (url.pathname === LIVE_SOCKET_PATH || url.pathname === `${LIVE_SOCKET_PATH}/`) &&
    url.searchParams.has('EIO')
  );
}
