import type { Context, Next } from 'koa';

/**
 * No other site may show Boli's pages inside its own (clickjacking: a member's click on a
 * disguised Bid or Close Bid). Both headers, for browsers that know only the older one. Boli frames
 * nothing of its own; the sandbox checkout that it frames is served by the sandbox.
 */
export async function refuseFraming(ctx: Context, next: Next): Promise<void> {
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Content-Security-Policy', "frame-ancestors 'none'");
  await next();
}
