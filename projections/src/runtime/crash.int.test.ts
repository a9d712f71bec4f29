import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import knex, { type Knex } from 'knex';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { START, comparePositions, type EventStore } from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import { listBuilds } from './builds.ts';
import { rebuild } from './rebuild.ts';
import { adBidsProjection, appendBids, tableHash, waitUntil } from './testing/adBids.ts';
import { waitForProjections } from './waitForProjections.ts';

const childScript = fileURLToPath(new URL('./testing/crashChild.ts', import.meta.url));

let database: TestDatabase;
let db: Knex;
let store: EventStore;
const children: ChildProcess[] = [];

beforeEach(async () => {
  database = await createTestDatabase();
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
  store = createPostgresEventStore({ connectionString: database.url });
});

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await store.close();
  await db.destroy();
  await database.drop();
});

let handledByChild = 0;

async function startChild(handlerDelayMs: number): Promise<ChildProcess> {
  handledByChild = 0;
  const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
    env: {
      ...process.env,
      DATABASE_URL: database.url,
      HANDLER_DELAY_MS: String(handlerDelayMs),
      BATCH_SIZE: '200',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      for (const match of text.matchAll(/handled (\d+)/g)) handledByChild = Number(match[1]);
      if (text.includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`projection process exited early (${code})`)));
  });
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve()
      : child.once('exit', () => resolve()),
  );

const liveBuild = async () =>
  (await listBuilds(db, 'ad_bids')).find((build) => build.status === 'live');

it('a projection process killed mid-batch resumes and ends equal to a rebuild from scratch', async () => {
  const last = await appendBids(store, 3_000, 37, 10);

  const first = await startChild(1);
  // Once a batch has committed, the next one is well under way (200 events × ≥ 1 ms each).
  await waitUntil(
    async () => ((await liveBuild())?.eventsHandled ?? 0) > 0,
    30_000,
    'a committed batch',
  );
  await new Promise((resolve) => setTimeout(resolve, 120));
  first.kill('SIGKILL');
  await exited(first);

  // It was killed mid-batch: it had handled events that no committed checkpoint covers.
  const atKill = (await liveBuild())!;
  expect(handledByChild).toBeGreaterThan(atKill.eventsHandled);
  // What survived the kill is consistent: rows account for exactly the events up to the checkpoint.
  expect(comparePositions(atKill.checkpoint, last)).toBeLessThan(0);
  const upToCheckpoint = (await store.readAll(START, 10_000)).filter(
    (event) => comparePositions(event.position, atKill.checkpoint) <= 0,
  ).length;
  expect(await db('ad_bids').sum({ n: 'bid_count' })).toEqual([{ n: String(upToCheckpoint) }]);

  const second = await startChild(0); // the restart need not be slow
  expect(await waitForProjections(db, ['ad_bids'], last, 45_000)).toBe(true);
  second.kill('SIGTERM');
  await exited(second);
  const resumed = await tableHash(db, 'ad_bids');
  expect(await db('ad_bids').sum({ n: 'bid_count' })).toEqual([{ n: '3000' }]);

  const fresh = await rebuild({ databaseUrl: database.url, store, projection: adBidsProjection() });
  expect(fresh.build).toBe(1);
  expect(await tableHash(db, 'ad_bids')).toBe(resumed);
});
