import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { jobKinds, type JobDeps } from './registry.ts';

/** One BullMQ worker per job kind, sharing the deps; `QUEUE_PREFIX` keeps apps apart in Redis. */
export async function startJobWorkers(deps: JobDeps): Promise<{ stop(): Promise<void> }> {
  const connection = new Redis(deps.config.REDIS_URL, { maxRetriesPerRequest: null });
  const workers = jobKinds.map(
    (kind) =>
      new Worker(kind.queue, kind.handler(deps), {
        connection,
        prefix: deps.config.QUEUE_PREFIX,
        concurrency: deps.config.WORKER_CONCURRENCY,
      }),
  );
  for (const worker of workers) {
    worker.on('failed', (job, err) =>
      deps.logger.error({ err, job: job?.id, queue: worker.name }, 'job failed'),
    );
  }
  await connection.ping();
  deps.logger.info({ queues: jobKinds.map((kind) => kind.queue) }, 'job workers ready');
  return {
    async stop() {
      await Promise.all(workers.map((worker) => worker.close()));
      connection.disconnect();
    },
  };
}
