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

export type TestApp = {
  baseUrl: string;
  databaseUrl: string;
  config: ApiConfig;
  stop(): Promise<void>;
};

/**
 * The whole app for a browser or HTTP test, in this process: a fresh seeded database, the
 * projections, the email/SMS sandboxes and the api serving the built web app on a free port.
 */
export async function startApp(): Promise<TestApp> {
  buildWeb();
  const database = await createTestDatabase();
  // Reference data only: each test makes the members and ads it talks about.
  await seed(database.url, [referenceSeedStep]);
  const sandboxDb = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
  const sandbox = await startSandboxServers({
    db: sandboxDb,
    smtpPort: 0,
    smsPort: 0,
    smsApiKey: 'test-sms-key',
  });
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_URL: testRedisUrl(),
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST_DIR: webDist,
    SMTP_URL: `smtp://127.0.0.1:${sandbox.smtpPort}`,
    SMS_GATEWAY_URL: `http://127.0.0.1:${sandbox.smsPort}/sms`,
    SMS_API_KEY: 'test-sms-key',
    QUEUE_PREFIX: uniquePrefix(),
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
  });
  const server = await startServer(infra, { port: 0, host: '127.0.0.1' });
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
