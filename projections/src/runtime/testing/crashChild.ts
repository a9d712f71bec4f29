// A projections process for the crash test: runs the ad_bids projection with a slowed handler
// until it is killed. Prints "ready" once the runners started, then "handled <n>" as it goes.
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { startProjectionRunners } from '../runners.ts';
import { adBidsProjection } from './adBids.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const store = createPostgresEventStore({ connectionString: databaseUrl });
let handled = 0;
const onHandle = () => {
  if (++handled % 10 === 0) process.stdout.write(`handled ${handled}\n`);
};
const runners = await startProjectionRunners({
  databaseUrl,
  store,
  projections: [adBidsProjection({ delayMs: Number(process.env.HANDLER_DELAY_MS ?? 1), onHandle })],
  batchSize: Number(process.env.BATCH_SIZE ?? 200),
  lockRetryMs: 100,
});
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void runners
    .stop()
    .then(() => store.close())
    .then(() => process.exit(0));
});
