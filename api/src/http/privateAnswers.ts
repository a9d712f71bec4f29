import type { Context, Next } from 'koa';

/**
 * An api answer to a signed-in request is for that member alone: 'private, no-store', unless the
 * route said otherwise (an invoice PDF does already). No shared cache may keep it, and a phone
 * passed on after its member logged out has none of it left to show from the browser's cache.
 */
export async function keepAnswersPrivate(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
  } finally {
    // A refusal too: a 409 on an edit answers the owner's whole ad.
    if (
      ctx.path.startsWith('/api/') &&
      ctx.get('authorization') !== '' &&
      !ctx.response.get('cache-control')
    ) {
      ctx.set('Cache-Control', 'private, no-store');
    }
  }
}
