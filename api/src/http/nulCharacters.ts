import type { Context, Next } from 'koa';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError } from './errors.ts';

/*
 * PostgreSQL's text cannot hold the NUL character (U+0000). Input carrying one is refused at the
 * door, 400 for every route, rather than failing deep inside a query as a 500 that Retry would
 * only repeat.
 */

/**
 * Whether a string, or any key or string within arrays and objects, holds a NUL character. Walked
 * with a list of what is left, not by recursion: a body nested thousands deep (10 KB of brackets)
 * overflowed the stack, a 500 for anyone to cause.
 */
export function containsNul(value: unknown): boolean {
  const left: unknown[] = [value];
  while (left.length > 0) {
    const next = left.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      left.push(...next);
    } else if (next !== null && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        left.push(inner);
      }
    }
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
