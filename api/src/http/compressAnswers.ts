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

/** Whether the answer is JSON held whole (not a stream, not a page). */
function holdsJson(ctx: Context): boolean {
  const body: unknown = ctx.body;
  if (body === null || body === undefined || ctx.status === 304) return false;
  if (typeof (body as { pipe?: unknown }).pipe === 'function') return false;
  if (Buffer.isBuffer(body) || typeof body === 'string') return Boolean(ctx.response.is('json'));
  return typeof body === 'object';
}

/** The answer's JSON as bytes: as held, or serialised once (then Koa need not again). */
const jsonBytes = (body: unknown): Buffer =>
  Buffer.isBuffer(body)
    ? body
    : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));

export async function compressAnswers(ctx: Context, next: Next): Promise<void> {
  await next();
  if (ctx.method !== 'GET' || !ctx.path.startsWith('/api/') || !holdsJson(ctx)) return;
  ctx.vary('Accept-Encoding');
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding !== 'br' && encoding !== 'gzip') return;
  const json = jsonBytes(ctx.body);
  const status = ctx.status;
  if (json.length < COMPRESS_FROM_BYTES) {
    ctx.body = json;
  } else {
    ctx.body = encoding === 'br' ? await brotli(json, BROTLI_OPTIONS) : await gzipped(json);
    ctx.set('Content-Encoding', encoding);
  }
  ctx.status = status;
  ctx.type = 'application/json';
}
