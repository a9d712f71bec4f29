import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context, Next } from 'koa';
import serve from 'koa-static';

const API_PREFIXES = ['/api/', '/healthz', '/media/', '/dev/api'];

/** Pages of the spec whose paths sit under /api/ (the reset link in the email). */
const PAGES_UNDER_API = ['/api/auth/resetPassword/'];

const isPageRequest = (ctx: Context): boolean =>
  PAGES_UNDER_API.some((prefix) => ctx.path.startsWith(prefix)) && ctx.accepts('html') === 'html';

export const defaultWebDist = (): string =>
  resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..', 'web', 'dist');

/**
 * Serves the built React app: hashed assets cached for a year, and index.html for every other
 * GET that asks for a page, so client-side routes (and 'Page not found') work on reload.
 */
export function webApp(distDir: string) {
  const indexFile = join(distDir, 'index.html');
  const assets = serve(distDir, { index: false, maxage: 365 * 24 * 3600 * 1000, immutable: true });
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (API_PREFIXES.some((prefix) => ctx.path.startsWith(prefix)) && !isPageRequest(ctx))
      return next();
    if (ctx.path.startsWith('/assets/')) return assets(ctx, next);
    if (ctx.path !== '/' && /\.[a-z0-9]+$/i.test(ctx.path)) {
      await assets(ctx, next);
      return;
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
