import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context, Next } from 'koa';
import serve from 'koa-static';
import { isPageUnderApi, isWebPagePath } from './addresses.ts';

/** A browser asking for a page: a page under /api/ only when it asks for HTML (fetches do not). */
const isPageRequest = (ctx: Context): boolean =>
  isWebPagePath(ctx.path) && (!isPageUnderApi(ctx.path) || ctx.accepts('html') === 'html');

/** koa-send's refusal of a path outside the folder (403) or malformed (400). */
const isPathRefused = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  [400, 403].includes((error as { status?: unknown }).status as number);

export const defaultWebDist = (): string =>
  resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..', 'web', 'dist');

/**
 * Serves the built React app: hashed assets cached for a year and sent compressed, and index.html
 * for every other GET that asks for a page, so client-side routes (and 'Page not found') work on
 * reload.
 */
export function webApp(distDir: string) {
  const indexFile = join(distDir, 'index.html');
  // A script or stylesheet goes out as its .br or .gz (written by the build, web/precompress.ts)
  // when the browser accepts one; caches keep each encoding apart.
  const assets = serve(distDir, {
    index: false,
    maxage: 365 * 24 * 3600 * 1000,
    immutable: true,
    setHeaders: (res) => res.setHeader('vary', 'Accept-Encoding'),
  });
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (!isPageRequest(ctx)) return next();
    if (ctx.path.startsWith('/assets/')) return assets(ctx, next);
    // A dot does not make a path a file: usernames (/ravi.k) and reset links
    // (/api/auth/resetPassword/<id>.<token>) contain one. Serve the file if there is one,
    // otherwise the page.
    if (ctx.path !== '/' && ctx.path.includes('.')) {
      let missing = false;
      try {
        await assets(ctx, async () => {
          missing = true;
        });
      } catch (error) {
        // A path no file can have ('/ads/..%2F..%2Fapi', refused as leaving the folder, or one
        // malformed): no file, so the page, which says what is not found, with the ways on.
        if (!isPathRefused(error)) throw error;
        missing = true;
      }
      if (!missing) return;
      if (ctx.accepts('html') !== 'html') return next();
    }
    if (!existsSync(indexFile)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = `The web app is not built (${indexFile} is missing). npm start builds it.`;
      return;
    }
    ctx.type = 'html';
    ctx.set('cache-control', 'no-cache');
    ctx.body = readFileSync(indexFile);
  };
}
