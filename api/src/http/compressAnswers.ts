import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, Next } from 'koa';

/*
 * The api's GET answers go out compressed when the browser takes it and they are worth it: the
 * ad list's page is 20 KB of JSON and 3 KB compressed, the notifications 12 KB and 3 KB — on a
 * slow phone connection a quarter of a second each. Commands (POST) answer small and often, so
 * their CPU is spared. Compressed off the event loop, in zlib's thread pool.
 */

/** Below this many bytes an answer goes as it is: compressing it would save less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Brotli at quality 4: about gzip's speed, and smaller. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/** The answer's JSON as bytes, when it is JSON held whole (not a stream, not a page). */
function jsonBytes(ctx: Context): Buffer | undefined {
  const body: unknown = ctx.body;
  if (body === null || body === undefined || ctx.status === 304) return undefined;
  if (typeof (body as { pipe?: unknown }).pipe === 'function') return undefined;
  if (Buffer.isBuffer(body) || typeof body === 'string') {
    return ctx.response.is('json') ? Buffer.from(body) : undefined;
  }
  return typeof body === 'object' ? Buffer.from(JSON.stringify(body)) : undefined;
}

export async function compressAnswers(ctx: Context, next: Next): Promise<void> {
  await next();
  if (ctx.method !== 'GET' || !ctx.path.startsWith('/api/')) return;
  const json = jsonBytes(ctx);
  if (json === undefined) return;
  ctx.vary('Accept-Encoding');
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if ((encoding !== 'br' && encoding !== 'gzip') || json.length < COMPRESS_FROM_BYTES) return;
  const status = ctx.status;
  ctx.body = encoding === 'br' ? await brotli(json, BROTLI_OPTIONS) : await gzipped(json);
  ctx.status = status;
  ctx.type = 'application/json';
  ctx.set('Content-Encoding', encoding);
}
