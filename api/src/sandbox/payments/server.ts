import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { bodyParser } from '@koa/bodyparser';
import type { Knex } from 'knex';
import { ZodError } from 'zod';
import { apiRoutes } from './apiRoutes.ts';
import { checkoutRoutes } from './checkoutRoutes.ts';
import { controlRoutes } from './controlRoutes.ts';
import { SandboxGatewayError } from './errors.ts';
import { startWebhookDelivery } from './webhookDelivery.ts';

export type PaymentSandboxOptions = {
  db: Knex;
  /** 0 picks a free port. */
  port: number;
  host?: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Where webhooks go (PAYMENT_WEBHOOK_URL), unless `POST /sandbox/behaviour` names another. */
  webhookUrl: string;
  /** First retry delay of a refused webhook; doubles each time. */
  webhookRetryBaseMs?: number;
  onError?: (error: unknown) => void;
};

export type PaymentSandbox = { port: number; url: string; close(): Promise<void> };

/** Razorpay-shaped error bodies for every refusal, so the SDK reads them as it reads Razorpay's. */
function razorpayErrors(onError?: (error: unknown) => void): Koa.Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof SandboxGatewayError) {
        ctx.status = error.status;
        ctx.body = error.toJSON();
      } else if (error instanceof ZodError) {
        const issue = error.issues[0];
        const field = issue?.path.join('.') || null;
        ctx.status = 400;
        ctx.body = new SandboxGatewayError(
          400,
          `${field ?? 'request'}: ${issue?.message ?? 'invalid'}`,
          'BAD_REQUEST_ERROR',
          field,
        ).toJSON();
      } else if ((error as { status?: number }).status === 400) {
        ctx.status = 400;
        ctx.body = new SandboxGatewayError(400, 'The request body is not valid JSON').toJSON();
      } else {
        onError?.(error);
        ctx.status = 500;
        ctx.body = new SandboxGatewayError(
          500,
          'The sandbox gateway failed',
          'SERVER_ERROR',
        ).toJSON();
      }
    }
  };
}

/**
 * The sandbox payment gateway: Razorpay's wire contract (orders, payments, refunds, signed
 * webhooks, checkout.js) served from PostgreSQL, for development, demos and tests. The api's
 * Razorpay adapter talks to it unchanged, with RAZORPAY_API_URL pointing here.
 */
export async function startPaymentSandbox(options: PaymentSandboxOptions): Promise<PaymentSandbox> {
  const { db } = options;
  const delivery = startWebhookDelivery({
    db,
    webhookSecret: options.webhookSecret,
    retryBaseMs: options.webhookRetryBaseMs ?? 500,
    onError: options.onError,
  });
  const settings = {
    keyId: options.keyId,
    keySecret: options.keySecret,
    webhookUrl: options.webhookUrl,
  };
  const kick = () => delivery.kick();

  const app = new Koa();
  app.use(razorpayErrors(options.onError));
  app.use(bodyParser({ enableTypes: ['json', 'form'], jsonLimit: '100kb' }));
  for (const router of [
    checkoutRoutes(db, settings, kick),
    apiRoutes(db, settings, kick),
    controlRoutes(db, settings, kick),
  ]) {
    app.use(router.routes()).use(router.allowedMethods());
  }

  const host = options.host ?? '127.0.0.1';
  const server = app.listen(options.port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    async close() {
      await delivery.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
