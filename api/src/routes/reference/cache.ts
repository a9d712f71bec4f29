import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { success } from '../../http/envelope.ts';

/**
 * Answers kept in memory for a short while. The reference data changes only when the seed runs,
 * so a few minutes' staleness after a re-seed is the price of not asking PostgreSQL every time.
 * Concurrent misses share one load; a failed load is forgotten at once.
 */
export function ttlCache(ttlMs: number, now: () => number = () => performance.now()) {
  const entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) return entry.value as Promise<T>;
      const value = load();
      entries.set(key, { expiresAt: now() + ttlMs, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
  };
}

/** One hour in browsers and proxies; the ETag lets them revalidate cheaply after that. */
const CACHE_CONTROL = 'public, max-age=3600';

const opaque = (tag: string): string => tag.trim().replace(/^W\//, '');

/**
 * If-None-Match by weak comparison (RFC 9110 13.1.2). Not Koa's ctx.fresh: that ignores the
 * header whenever the request says Cache-Control: no-cache, which fetch() adds to every request
 * carrying its own If-None-Match.
 */
const stillCurrent = (ifNoneMatch: string, etag: string): boolean =>
  ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));

/** Answers data in the envelope, cacheable, or 304 when the caller's copy is still current. */
export function respondCacheable(ctx: Context, data: unknown): void {
  const json = JSON.stringify(success(data));
  const etag = `W/"${createHash('sha1').update(json).digest('base64url')}"`;
  ctx.set('Cache-Control', CACHE_CONTROL);
  ctx.set('ETag', etag);
  const ifNoneMatch = ctx.get('If-None-Match');
  if (ifNoneMatch && stillCurrent(ifNoneMatch, etag)) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'application/json';
  ctx.body = json;
}
