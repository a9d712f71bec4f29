import Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import { LIMITS } from '@boli/engine/shared/limits';
import { correlation, errorMiddleware, responseErrorLogger } from './http/errorMiddleware.ts';
import { refuseUnstorableCharacters } from './http/unstorableCharacters.ts';
import { readDigitsOfNumberFields } from './http/numberFields.ts';
import { refuseUnreadableBodyTypes } from './http/bodyTypes.ts';
import { methodRefusals } from './http/methodRefusals.ts';
import { compressAnswers } from './http/compressAnswers.ts';
import { refuseFraming } from './http/noFraming.ts';
import { keepAnswersPrivate } from './http/privateAnswers.ts';
import { failure } from './http/envelope.ts';
import { defaultWebDist, webApp } from './http/webApp.ts';
import type { Infrastructure } from './infrastructure.ts';
import { healthRouter } from './routes/health/router.ts';
import { referenceRouter } from './routes/reference/router.ts';
import { authRouter } from './routes/auth/router.ts';
import { devRouter } from './routes/dev/router.ts';
import { userRouter } from './routes/user/router.ts';
import { supportRouter } from './routes/support/router.ts';
import { bidRouter } from './routes/bid/router.ts';
import { postsRouter } from './routes/posts/router.ts';
import { galleryRouter } from './routes/gallery/router.ts';
import { socialRouter } from './routes/social/router.ts';
import { bidpayRouter } from './routes/billing/bidpay.router.ts';
import { cartRouter } from './routes/billing/cart.router.ts';
import { paymentsRouter } from './routes/billing/payments.router.ts';
import { productRouter } from './routes/billing/product.router.ts';
import { auditRouter } from './routes/audit/router.ts';
import { spaceRouter } from './routes/adspace/space.router.ts';
import { adbidRouter } from './routes/adspace/adbid.router.ts';
import { sharesRouter } from './routes/shares/router.ts';
import type { ProjectionHealth } from './routes/health/health.ts';

export type AppOptions = {
  projectionStatus?: () => Promise<ProjectionHealth[]>;
};

/**
 * Where `ctx.ip` comes from: the socket's address, or, behind `trustedProxies` proxies, the
 * X-Forwarded-For entry the farthest of them appended (the rest of the header is the client's).
 */
export const clientAddressOptions = (trustedProxies: number) =>
  trustedProxies > 0 ? { proxy: true, maxIpsCount: trustedProxies } : { proxy: false };

/** The Koa application: middleware in order, then every resource's router, then the web app. */
export function createApp(infra: Infrastructure, options: AppOptions = {}): Koa {
  const app = new Koa(clientAddressOptions(infra.config.TRUSTED_PROXIES));
  app.on('error', responseErrorLogger(infra.logger));
  app.use(correlation(infra.logger));
  app.use(refuseFraming);
  app.use(errorMiddleware);
  app.use(refuseUnreadableBodyTypes);
  const bodyLimit = `${LIMITS.requestBodyMaxMegabytes}mb`;
  app.use(
    bodyParser({ enableTypes: ['json', 'form'], jsonLimit: bodyLimit, formLimit: bodyLimit }),
  );
  app.use(refuseUnstorableCharacters);
  app.use(readDigitsOfNumberFields);
  app.use(compressAnswers);
  app.use(keepAnswersPrivate);
  app.use(methodRefusals);

  const routers = [
    healthRouter(infra, options.projectionStatus ?? (() => infra.projectionHealth())),
    referenceRouter(infra),
    authRouter(infra),
    devRouter(infra),
    userRouter(infra),
    supportRouter(infra),
    auditRouter(infra),
    bidRouter(infra),
    postsRouter(infra),
    galleryRouter(infra),
    socialRouter(infra),
    paymentsRouter(infra),
    cartRouter(infra),
    bidpayRouter(infra),
    sharesRouter(infra),
    spaceRouter(infra),
    adbidRouter(infra),
    productRouter(infra),
  ];
  for (const router of routers) app.use(router.routes()).use(router.allowedMethods());

  app.use(webApp(infra.config.WEB_DIST_DIR ?? defaultWebDist()));
  app.use(async (ctx) => {
    ctx.status = 404;
    ctx.body = failure('Not found');
  });
  return app;
}
