import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { redisOutageLog } from '@boli/api/redisOutages';
import { jobKinds, type JobDeps } from './registry.ts';

/**
 * One BullMQ worker per job kind, sharing the deps; `QUEUE_PREFIX` keeps apps apart in Redis.
 * While Redis is away the workers and queues wait for it; the log says so once, and again when
 * it is back (`redisOutageLog`).
 */
export async function startJobWorkers(
  base: Omit<JobDeps, 'redisOutages'>,
): Promise<{ stop(): Promise<void> }> {
  const redisOutages = redisOutageLog(base.logger, 'jobs');
  const deps: JobDeps = { ...base, redis: redisOutages.connection(base.redis), redisOutages };
  const connection = redisOutages.connection(
    new Redis(deps.config.REDIS_URL, { maxRetriesPerRequest: null }),
  );
  const workers = jobKinds.map((kind) =>
    redisOutages.errors(
      new Worker(kind.queue, kind.handler(deps), {
        connection,
        prefix: deps.config.QUEUE_PREFIX,
        concurrency: deps.config.WORKER_CONCURRENCY,
      }),
    ),
  );
  for (const worker of workers) {
    worker.on('failed', (job, err) =>
      deps.postgresOutages.failed(err, { job: job?.id, queue: worker.name }, 'job failed'),
    );
  }
  // Ready once each worker's connections are: its blocking one starts after the shared one.
  await Promise.all(workers.map((worker) => worker.waitUntilReady()));
  deps.logger.info({ queues: jobKinds.map((kind) => kind.queue) }, 'job workers ready');
  return {
    async stop() {
      await Promise.all(workers.map((worker) => worker.close()));
      connection.disconnect();
    },
  };
}
