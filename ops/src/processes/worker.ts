import { observedKnex, postgresOutageLog } from '@boli/engine/eventStore/postgres/outages';
import { Redis } from 'ioredis';
import { createEventStore } from '@boli/api/eventStoreFactory';
import { withPreparedPool } from '@boli/projections/runtime/preparedQuery';
import { startJobWorkers } from '../jobs/workers.ts';
import { runProcess } from './run.ts';

/** The worker process: BullMQ workers for every job kind (final-call expiry, outbox delivery, …). */
await runProcess('worker', async (config, logger) => {
  const postgresOutages = postgresOutageLog(logger, 'worker');
  // Prepared statements keep one plan on a pool of their own; the sweeps' queries are planned
  // for their values (withPreparedPool).
  const { db, destroy: destroyDb } = withPreparedPool(
    (pool) =>
      observedKnex({ client: 'pg', connection: config.DATABASE_URL, pool }, postgresOutages),
    { max: 10, preparedMax: 4 },
  );
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  const store = createEventStore(config);
  const workers = await startJobWorkers({ config, logger, db, redis, store, postgresOutages });
  return {
    async stop() {
      await workers.stop();
      await store.close();
      redis.disconnect();
      await destroyDb();
    },
  };
});
