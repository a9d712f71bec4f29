import knex from 'knex';
import { Redis } from 'ioredis';
import { loadApiConfig, type ApiConfig } from '@boli/api/config';
import { connectInfrastructure } from '@boli/api/infrastructure';
import { createLogger } from '@boli/api/logger';
import { startSandboxServers } from '@boli/api/sandbox/servers';
import { startServer } from '@boli/api/server';
import { allProjections, startProjectionRunners } from '@boli/projections';
import { buildWeb, webDist } from '../build.ts';
import { seed } from '../seed/index.ts';
import { referenceSeedStep } from '../seed/reference.ts';
import { startJobWorkers } from '../jobs/workers.ts';
import { loadWorkerConfig } from '../processes/config.ts';
import { createTestDatabase, testRedisUrl, uniquePrefix } from './database.ts';
import { reservePort } from './ports.ts';

export type TestApp = {
  baseUrl: string;
  databaseUrl: string;
  config: ApiConfig;
  stop(): Promise<void>;
};

/**
 * The whole app for a browser or HTTP test, in this process: a fresh seeded database, the
 * projections, the email/SMS/payment sandboxes and the api serving the built web app on a free
 * port. The payment sandbox starts first (its port goes into the api's config) and delivers its
 * webhooks to the api's /api/payments/webhook once the api listens. `redisUrl` names a Redis
 * server of the test's own instead of the run's shared one.
 */
export async function startApp(options: { redisUrl?: string } = {}): Promise<TestApp> {
  buildWeb();
  const database = await createTestDatabase();
  // Reference data only: each test makes the members and ads it talks about.
  await seed(database.url, [referenceSeedStep]);
  const sandboxDb = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
  // Held until the api listens: the payment sandbox is told the api's address first.
  const reserved = await reservePort();
  const apiPort = reserved.port;
  const payments = {
    keyId: 'rzp_test_boli_e2e',
    keySecret: 'test-razorpay-key-secret',
    webhookSecret: 'test-razorpay-webhook-secret',
    webhookUrl: `http://127.0.0.1:${apiPort}/api/payments/webhook`,
  };
  const sandbox = await startSandboxServers({
    db: sandboxDb,
    smtpPort: 0,
    smsPort: 0,
    smsApiKey: 'test-sms-key',
    payment: { port: 0, webhookRetryBaseMs: 200, ...payments },
  });
  const paymentSandboxUrl = `http://127.0.0.1:${sandbox.paymentPort}`;
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_URL: options.redisUrl ?? testRedisUrl(),
    PORT: '0',
    HOST: '127.0.0.1',
    // The links the api and the worker's mails write lead to this app.
    PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
    WEB_DIST_DIR: webDist,
    SMTP_URL: `smtp://127.0.0.1:${sandbox.smtpPort}`,
    SMS_GATEWAY_URL: `http://127.0.0.1:${sandbox.smsPort}/sms`,
    SMS_API_KEY: 'test-sms-key',
    QUEUE_PREFIX: uniquePrefix(),
    RAZORPAY_KEY_ID: payments.keyId,
    RAZORPAY_KEY_SECRET: payments.keySecret,
    RAZORPAY_WEBHOOK_SECRET: payments.webhookSecret,
    RAZORPAY_API_URL: paymentSandboxUrl,
    // The browser loads the script from "localhost", a different origin from the app's 127.0.0.1.
    RAZORPAY_CHECKOUT_SCRIPT_URL: `http://localhost:${sandbox.paymentPort}/v1/checkout.js`,
    PAYMENT_SANDBOX_PORT: String(sandbox.paymentPort),
    PAYMENT_WEBHOOK_URL: payments.webhookUrl,
  };
  const config = loadApiConfig(env);
  const logger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'warn', name: 'api' });
  const infra = connectInfrastructure(config, logger);
  const runners = await startProjectionRunners({
    databaseUrl: database.url,
    store: infra.store,
    projections: allProjections,
    logger,
  });
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const workers = await startJobWorkers({
    config: loadWorkerConfig(env),
    logger,
    db: infra.db,
    redis,
    store: infra.store,
    postgresOutages: infra.postgresOutages,
  });
  await reserved.release();
  const server = await startServer(infra, { port: apiPort, host: '127.0.0.1' });
  return {
    baseUrl: server.url,
    databaseUrl: database.url,
    config: { ...config, PUBLIC_URL: server.url },
    async stop() {
      await server.close();
      await runners.stop();
      await workers.stop();
      redis.disconnect();
      await infra.close();
      await sandbox.close();
      await sandboxDb.destroy();
      await database.drop();
    },
  };
}
