import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { jobKinds } from '../jobs/registry.ts';
import { runProcess } from './run.ts';

/** The worker process: one BullMQ worker per job kind (final-call expiry, outbox delivery, …). */
await runProcess('worker', async (config, logger) => {
  const connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const workers = jobKinds.map(
    (kind) =>
      new Worker(kind.queue, (job) => kind.handle(job), {
        connection,
        concurrency: config.WORKER_CONCURRENCY,
      }),
  );
  for (const worker of workers) {
    worker.on('failed', (job, err) =>
      logger.error({ err, job: job?.id, queue: worker.name }, 'job failed'),
    );
  }
  await connection.ping();
  logger.info({ queues: jobKinds.map((kind) => kind.queue) }, 'queues');
  return {
    async stop() {
      await Promise.all(workers.map((worker) => worker.close()));
      connection.disconnect();
    },
  };
});
