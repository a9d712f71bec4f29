import { ConfigError } from '@boli/api/config';
import { createLogger, type Logger } from '@boli/api/logger';
import { loadWorkerConfig, type WorkerConfig } from './config.ts';

/**
 * The shared life of a background process: parse the environment once (exit 78 listing every
 * problem), start, and stop cleanly on SIGINT/SIGTERM.
 */
export async function runProcess(
  name: string,
  start: (config: WorkerConfig, logger: Logger) => Promise<{ stop(): Promise<void> }>,
): Promise<void> {
  // Every PostgreSQL connection of the process names it (pg_stat_activity.application_name).
  process.env.PGAPPNAME ??= `boli-${name}`;
  let config: WorkerConfig;
  try {
    config = loadWorkerConfig();
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
    name,
  });
  const running = await start(config, logger);
  logger.info(`${name} ready`);
  // A parent that forked this process with an IPC channel (the benches) learns it is up.
  process.send?.('ready');
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, `${name} stopping`);
    await running.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Forked with IPC: a parent that goes away, however it ends, takes this process with it.
  process.on('disconnect', () => void shutdown('parent gone'));
}
