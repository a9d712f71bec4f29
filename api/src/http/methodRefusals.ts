import type { Context, Next } from 'koa';
import { MESSAGES } from '@boli/engine/shared/messages';
import { failure } from './envelope.ts';

/**
 * The routers' allowedMethods answer OPTIONS with the Allow header alone (204 here: no body), and
 * turn the final 'Not found' into 405 (a known address, another method) or 501 (a method no route
 * takes) after that answer's body was written: the body then says what was wrong, and for a 405
 * which methods the address takes.
 */
export const methodRefusals = async (ctx: Context, next: Next): Promise<void> => {
  await next();
  if (ctx.status === 405) {
    ctx.body = failure(MESSAGES.methodNotAllowed(ctx.method, ctx.response.get('Allow')));
  } else if (ctx.status === 501) {
    ctx.body = failure(MESSAGES.methodNotImplemented(ctx.method));
  } else if (ctx.method === 'OPTIONS' && ctx.status === 200 && !ctx.body) {
    // allowedMethods' answer to OPTIONS: the Allow header is all there is to say.
    ctx.status = 204;
  }
};
