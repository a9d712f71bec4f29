import { loadApiConfig } from '@boli/api/config';
import { connectInfrastructure } from '@boli/api/infrastructure';
import { createLogger } from '@boli/api/logger';
import { startServer } from '@boli/api/server';
import { buildWeb, webDist } from '../build.ts';
import { createTestDatabase, testRedisUrl } from './database.ts';

export type TestApp = { baseUrl: string; databaseUrl: string; stop(): Promise<void> };

/**
 * The whole app for a browser or HTTP test: a fresh database, the api serving the built web app,
 * on a free loopback port. Builds the web app first if it is stale.
 */
export async function startApp(): Promise<TestApp> {
  buildWeb();
  const database = await createTestDatabase();
  const config = loadApiConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    REDIS_URL: testRedisUrl(),
    PORT: '0',
    HOST: '127.0.0.1',
    WEB_DIST_DIR: webDist,
  });
  const logger = createLogger({ level: process.env.TEST_LOG_LEVEL ?? 'warn', name: 'api' });
  const infra = connectInfrastructure(config, logger);
  const server = await startServer(infra, { port: 0, host: '127.0.0.1' });
  return {
    baseUrl: server.url,
    databaseUrl: database.url,
    async stop() {
      await server.close();
      await infra.close();
      await database.drop();
    },
  };
}
