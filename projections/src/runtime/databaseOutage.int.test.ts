import knex, { type Knex } from 'knex';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import { startPostgresProxy, type PostgresProxy } from '../../../ops/src/testing/postgresProxy.ts';
import type { RuntimeLogger } from './logger.ts';
import { startProjectionRunners, type ProjectionRunners } from './runners.ts';
import { adBidsProjection, appendBids } from './testing/adBids.ts';
import { waitForProjections } from './waitForProjections.ts';

let database: TestDatabase;
let proxy: PostgresProxy;
let db: Knex;
let store: EventStore;
let runnersStore: EventStore;
let runners: ProjectionRunners | undefined;

beforeEach(async () => {
  database = await createTestDatabase();
  proxy = await startPostgresProxy(database.url);
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 2 } });
  store = createPostgresEventStore({ connectionString: database.url });
  runnersStore = createPostgresEventStore({ connectionString: proxy.url });
});

afterEach(async () => {
  await runners?.stop();
  await runnersStore.close();
  await proxy.close();
  await store.close();
  await db.destroy();
  await database.drop();
});

type Line = { level: 'info' | 'warn' | 'error'; message: string | undefined };

it('tells of a PostgreSQL outage once, and of its end once, then catches up', async () => {
  const lines: Line[] = [];
  const logger: RuntimeLogger = {
    info: (_, message) => lines.push({ level: 'info', message }),
    warn: (_, message) => lines.push({ level: 'warn', message }),
    error: (_, message) => lines.push({ level: 'error', message }),
  };
  runners = await startProjectionRunners({
    databaseUrl: proxy.url,
    store: runnersStore,
    projections: [adBidsProjection()],
    logger,
    planIntervalMs: 100,
    lockRetryMs: 100,
    idlePollMs: 50,
  });
  const before = await appendBids(store, 3);
  expect(await waitForProjections(db, ['ad_bids'], before, 10_000)).toBe(true);

  lines.length = 0;
  await proxy.cut();
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const during = [...lines];
  await proxy.restore();
  const after = await appendBids(store, 2);
  expect(await waitForProjections(db, ['ad_bids'], after, 15_000)).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 300));

  expect(during).toEqual([
    { level: 'warn', message: 'postgresql unreachable; retrying until it is back' },
  ]);
  expect(lines.slice(during.length)).toEqual([
    { level: 'info', message: 'postgresql reachable again' },
  ]);
});
