import type { Context, Next } from 'koa';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError } from './errors.ts';

/** What the api reads: JSON, forms, and the uploads' multipart (read by their routes). */
const READABLE_TYPES = ['json', 'urlencoded', 'multipart'] as const;

/**
 * The only calls that read a multipart body: the uploads of a profile picture, an ad's photos
 * and videos (with the ad, staged, or added) and an ad space's creative. Elsewhere one is not
 * read, and the route would answer that every field is missing.
 */
const UPLOAD_PATHS: readonly RegExp[] = [
  /^\/api\/user\/uploadProfilePic$/,
  /^\/api\/posts\/?$/,
  /^\/api\/gallery\/(stage|upload)$/,
  /^\/api\/space\/upload\/[^/]+$/,
];

/** JSON is UTF-8 (RFC 8259), and so is every form the app sends; ASCII is UTF-8 too. */
const UTF8_NAMES = new Set(['', 'utf-8', 'utf8', 'us-ascii']);

/**
 * Refuses, with 415 and what to send instead, an api request whose body the body parser would
 * otherwise pass over in silence — JSON sent as text/plain or XML came to the route as no body
 * at all, answered "… is required" — or would read as the wrong text (UTF-16 read as UTF-8).
 */
export const refuseUnreadableBodyTypes = async (ctx: Context, next: Next): Promise<void> => {
  // An empty body (Content-Length: 0, as fetch sends for a bodiless PATCH) has no type to have.
  if (ctx.path.startsWith('/api/') && ctx.request.length !== 0) {
    const type = ctx.is(...READABLE_TYPES);
    // null: no body at all, which every route may be sent.
    if (type === false || (type === 'multipart' && !UPLOAD_PATHS.some((p) => p.test(ctx.path)))) {
      throw new ApiError(415, MESSAGES.bodyTypeUnsupported, 'BODY_TYPE_UNSUPPORTED');
    }
    if (
      type !== null &&
      type !== 'multipart' &&
      !UTF8_NAMES.has(ctx.request.charset.toLowerCase())
    ) {
      throw new ApiError(415, MESSAGES.bodyCharsetUnsupported, 'BODY_CHARSET_UNSUPPORTED');
    }
  }
  await next();
};
