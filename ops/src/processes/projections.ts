import { createEventStore } from '@boli/api/eventStoreFactory';
import { allProjections, startProjectionRunners } from '@boli/projections';
import { runProcess } from './run.ts';

/** The projections process: keeps every read model in step with the event log. */
await runProcess('projections', async (config, logger) => {
  const store = createEventStore(config);
  const runners = await startProjectionRunners({
    databaseUrl: config.DATABASE_URL,
    store,
    projections: allProjections,
    logger,
  });
  logger.info({ projections: allProjections.map((p) => `${p.name} v${p.version}`) }, 'projections');
  return {
    async stop() {
      await runners.stop();
      await store.close();
    },
  };
});
