import type { Context, Next } from 'koa';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError } from './errors.ts';

/*
 * PostgreSQL's text cannot hold the NUL character (U+0000). Input carrying one is refused at the
 * door, 400 for every route, rather than failing deep inside a query as a 500 that Retry would
 * only repeat.
 */

/** Whether a string, or any key or string within arrays and objects, holds a NUL character. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(
      ([key, inner]) => key.includes('\u0000') || containsNul(inner),
    );
  }
  return false;
}

/** The address (path or query, `%00`) and the parsed body are checked before any route runs. */
export async function refuseNulCharacters(ctx: Context, next: Next): Promise<void> {
  if (/%00/i.test(ctx.url) || containsNul(ctx.query) || containsNul(ctx.request.body)) {
    throw new ApiError(400, MESSAGES.nulCharacter, 'NUL_CHARACTER');
  }
  await next();
}
