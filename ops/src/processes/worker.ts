import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { ConfigError } from '@boli/api/config';
import { createLogger } from '@boli/api/logger';
import { jobKinds } from '../jobs/registry.ts';
import { loadWorkerConfig } from './config.ts';

/** The worker process: one BullMQ worker per job kind, until SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config;
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
    pretty: process.stdout.isTTY,
    name: 'worker',
  });
  const connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const workers = jobKinds.map(
    (kind) =>
      new Worker(kind.queue, (job) => kind.handle(job), {
        connection,
        concurrency: config.WORKER_CONCURRENCY,
      }),
  );
  for (const worker of workers)
    worker.on('failed', (job, err) => logger.error({ err, job: job?.id }, 'job failed'));
  await connection.ping();
  logger.info({ queues: jobKinds.map((k) => k.queue) }, 'worker ready');
  const shutdown = async () => {
    await Promise.all(workers.map((worker) => worker.close()));
    connection.disconnect();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

await main();
