import { ConfigError, loadApiConfig } from './config.ts';
import { connectInfrastructure } from './infrastructure.ts';
import { createLogger } from './logger.ts';
import { startServer } from './server.ts';

/** The api process: parse the environment once, connect, serve until SIGINT/SIGTERM. */
async function main(): Promise<void> {
  // Every PostgreSQL connection of the process names it (pg_stat_activity.application_name).
  process.env.PGAPPNAME ??= 'boli-api';
  let config;
  try {
    config = loadApiConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  const logger = createLogger({
    level: config.LOG_LEVEL,
    pretty: process.stdout.isTTY || process.env.LOG_PRETTY === 'true',
    name: 'api',
  });
  const infra = connectInfrastructure(config, logger);
  const server = await startServer(infra);
  logger.info({ url: config.PUBLIC_URL, port: config.PORT }, 'api listening');
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'api stopping');
    await server.close();
    await infra.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

await main();
