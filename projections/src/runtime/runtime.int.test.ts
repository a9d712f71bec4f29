import { formatPosition, type GlobalPosition } from '@boli/engine/eventStore/eventStore';
import knex, { type Knex } from 'knex';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { START } from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import { listBuilds } from './builds.ts';
import { rebuild } from './rebuild.ts';
import { startProjectionRunners, WAKE_UP_APPLICATION, type ProjectionRunners } from './runners.ts';
import { projectionStatus } from './status.ts';
import { LOOKS_SOON } from './heardHints.ts';
import { adBidsProjection, appendBids, tableHash, waitUntil } from './testing/adBids.ts';
import { catchUp } from './testing/catchUp.ts';
import { waitForProjections } from './waitForProjections.ts';
import { defineProjection, type Projection } from './projection.ts';
import type { RuntimeLogger } from './logger.ts';

let database: TestDatabase;
let db: Knex;
let store: EventStore;
const running: ProjectionRunners[] = [];

beforeEach(async () => {
  database = await createTestDatabase();
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
  store = createPostgresEventStore({ connectionString: database.url });
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((runners) => runners.stop()));
  await store.close();
  await db.destroy();
  await database.drop();
});

async function start(
  projection: Projection,
  extra: {
    lockRetryMs?: number;
    batchSize?: number;
    logger?: RuntimeLogger;
    /** The log as these runners read it (the test's store, unless given). */
    log?: EventStore;
  } = {},
) {
  const runners = await startProjectionRunners({
    ...(extra.logger ? { logger: extra.logger } : {}),
    databaseUrl: database.url,
    store: extra.log ?? store,
    projections: [projection],
    planIntervalMs: 200,
    lockRetryMs: extra.lockRetryMs ?? 200,
    batchSize: extra.batchSize ?? 100,
  });
  running.push(runners);
  return runners;
}

async function stop(runners: ProjectionRunners) {
  running.splice(running.indexOf(runners), 1);
  await runners.stop();
}

const liveCheckpoint = async (name = 'ad_bids') =>
  (await listBuilds(db, name)).find((build) => build.status === 'live')?.checkpoint;

/** Projection runners holding their advisory lock in this test's database. */
const runnerLocks = async () => {
  const { rows } = await db.raw<{ rows: { n: string }[] }>(
    `SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory' AND granted
       AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
       AND classid = hashtext('boli.projection.run')::oid`,
  );
  return Number(rows[0]?.n);
};

const caughtUp = (position: { commit: bigint; prepare: bigint }) => () =>
  waitForProjections(db, ['ad_bids'], position, 0);

/**
 * A runner of `ad_bids` takes 20 bids; while it is idle someone else moves its checkpoint back to
 * the start; then 5 more bids come (`perAppend` to an append). Until it has caught up again: the
 * errors it logged and how many events it handled since the move (attempts included).
 */
async function checkpointMovedUnderRunner(
  options: Parameters<typeof adBidsProjection>[0],
  perAppend: number,
) {
  const errors: string[] = [];
  const logger: RuntimeLogger = {
    info: () => {},
    warn: () => {},
    error: (details) => errors.push(String((details as { err?: unknown }).err)),
  };
  let handled = 0;
  await start(adBidsProjection({ ...options, onHandle: () => handled++ }), { logger });
  const first = await appendBids(store, 20, 4);
  await waitUntil(caughtUp(first), 20_000, 'first');
  await db('projection_builds')
    .where({ name: 'ad_bids' })
    .update({ checkpoint_commit: 0, checkpoint_prepare: 0 });
  handled = 0;
  const second = await appendBids(store, 5, 4, perAppend);
  await waitUntil(caughtUp(second), 20_000, 'after the refusal');
  return { errors, handled: () => handled };
}

describe('projection runtime', () => {
  it('writes rows and checkpoint together; replaying the log again changes nothing', async () => {
    const last = await appendBids(store, 300, 7, 3);
    const runners = await start(adBidsProjection());
    await waitUntil(caughtUp(last), 20_000, 'catch-up');
    const before = await tableHash(db, 'ad_bids');
    expect(await db('ad_bids').sum({ n: 'bid_count' })).toEqual([{ n: '300' }]);
    expect(await liveCheckpoint()).toEqual(last);

    // A restart resumes from the checkpoint: nothing is applied twice.
    await stop(runners);
    let handledAfterRestart = 0;
    const again = await start(adBidsProjection({ onHandle: () => handledAfterRestart++ }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(handledAfterRestart).toBe(0);
    expect(await tableHash(db, 'ad_bids')).toBe(before);

    // Even with the checkpoint lost, the handlers' own idempotence keeps the rows as they were.
    await stop(again);
    await db('projection_builds')
      .where({ name: 'ad_bids' })
      .update({ checkpoint_commit: 0, checkpoint_prepare: 0 });
    let handledOnReplay = 0;
    await start(adBidsProjection({ onHandle: () => handledOnReplay++ }));
    await waitUntil(caughtUp(last), 20_000, 'second replay');
    expect(handledOnReplay).toBe(300);
    expect(await tableHash(db, 'ad_bids')).toBe(before);
  });

  it('refuses a batch when the checkpoint is not where the runner left it, then reads on from the row', async () => {
    const { errors, handled } = await checkpointMovedUnderRunner({}, 1);
    expect(errors.some((error) => /is at 0\.0, expected/.test(error))).toBe(true);
    // The refused batch wrote nothing: the runner read the whole log again from the row's checkpoint.
    expect(handled()).toBe(25);
    expect(await db('ad_bids').sum({ n: 'bid_count' })).toEqual([{ n: '25' }]);
  });

  describe('a projection that writes a batch in one statement', () => {
    it('writes each batch and its checkpoint together, and a replay changes nothing', async () => {
      const statements: number[] = [];
      const projection = adBidsProjection({
        inOneStatement: { onStatement: (events) => statements.push(events.length) },
      });
      const runners = await start(projection);
      const last = await appendBids(store, 40, 4);
      await waitUntil(caughtUp(last), 20_000, 'caught up');
      expect(statements.reduce((a, b) => a + b, 0)).toBe(40);
      expect(await db('ad_bids').sum({ n: 'bid_count' })).toEqual([{ n: '40' }]);
      const before = await tableHash(db, 'ad_bids');

      // The same events again, from the start: every ad is past them already.
      await db('projection_builds').where({ name: 'ad_bids' }).update({
        checkpoint_commit: 0,
        checkpoint_prepare: 0,
      });
      await stop(runners);
      await start(projection);
      await waitUntil(caughtUp(last), 20_000, 'replayed');
      expect(await tableHash(db, 'ad_bids')).toBe(before);
    });

    it('writes nothing of a batch whose checkpoint is not where the runner left it', async () => {
      // Five bids in one append: one batch, refused as a whole.
      const { errors, handled } = await checkpointMovedUnderRunner({ inOneStatement: {} }, 5);
      expect(errors.some((error) => /is at 0\.0, expected/.test(error))).toBe(true);
      // The refused statement wrote none of its 5 bids: read again from the start, they were new
      // to the table and handled a second time (the 20 before them are skipped as applied).
      expect(handled()).toBe(10);
      expect(await db('ad_bids').sum({ n: 'bid_count' })).toEqual([{ n: '25' }]);
    });
  });

  it('lets only one runner work on a projection; another takes over when it stops', async () => {
    // Distinct events each runner handled: a batch retried after a rollback is counted once.
    const seenByA = new Set<string>();
    const seenByB = new Set<string>();
    const a = await start(
      adBidsProjection({ onHandle: (e) => seenByA.add(formatPosition(e.position)) }),
    );
    const b = await start(
      adBidsProjection({ onHandle: (e) => seenByB.add(formatPosition(e.position)) }),
    );
    const first = await appendBids(store, 200, 5);
    await waitUntil(caughtUp(first), 20_000, 'first batch');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seenByA.size + seenByB.size).toBe(200);
    expect(Math.min(seenByA.size, seenByB.size)).toBe(0);

    const [idle, busy] = seenByA.size > 0 ? [b, a] : [a, b];
    const idleSeen = idle === a ? seenByA : seenByB;
    const idleCountBefore = idleSeen.size;
    await stop(busy);
    const second = await appendBids(store, 50, 5);
    await waitUntil(caughtUp(second), 20_000, 'take-over');
    expect(idleSeen.size - idleCountBefore).toBe(50);
    expect(await db('ad_bids').sum({ n: 'bid_count' })).toEqual([{ n: '250' }]);
  });

  it('builds a new version beside the old one and swaps the view without a gap', async () => {
    const last = await appendBids(store, 400, 10, 4);
    await start(adBidsProjection());
    await waitUntil(caughtUp(last), 20_000, 'v1');
    const v1Hash = await tableHash(db, 'ad_bids');
    const ads = Number((await db('ad_bids').count({ n: '*' }))[0]?.n);
    expect(ads).toBeGreaterThan(1);

    // Readers hammer the view through the whole swap; any error or empty answer is a gap.
    let reads = 0;
    const failures: string[] = [];
    let reading = true;
    const reader = (async () => {
      const readerDb = knex({ client: 'pg', connection: database.url, pool: { min: 1, max: 1 } });
      while (reading) {
        try {
          const rows = await readerDb('ad_bids').count({ n: '*' });
          if (Number(rows[0]?.n) !== ads) failures.push(`saw ${rows[0]?.n} rows`);
          reads++;
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
      await readerDb.destroy();
    })();

    // A v2 deployment starts while v1's process still runs (a rolling deploy). Its reads of the log
    // wait till v1 has been seen serving and keeping up: on a loaded machine it could be done
    // first. They wait outside any transaction, which would hold back every reader of the log.
    let releaseV2: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      releaseV2 = resolve;
    });
    const heldLog: EventStore = Object.create(store, {
      readAll: {
        value: async (...args: Parameters<EventStore['readAll']>) => {
          await released;
          return store.readAll(...args);
        },
      },
    });
    const v2 = adBidsProjection({ version: 2, withAverage: true, delayMs: 2 });
    await start(v2, { batchSize: 50, log: heldLog });
    await waitUntil(
      async () => (await listBuilds(db, 'ad_bids')).some((b) => b.status === 'building'),
      5_000,
      'v2 build',
    );
    // While v2 builds, v1 keeps serving, and keeps up with new events.
    expect(await tableHash(db, 'ad_bids')).toBe(v1Hash);
    const during = await appendBids(store, 20, 10, 4);
    await waitUntil(caughtUp(during), 10_000, 'v1 during the build');
    expect((await listBuilds(db, 'ad_bids')).find((b) => b.status === 'live')?.version).toBe(1);
    expect(await db('ad_bids').sum({ n: 'bid_count' })).toEqual([{ n: '420' }]);

    releaseV2();
    await waitUntil(
      async () =>
        (await listBuilds(db, 'ad_bids')).some((b) => b.version === 2 && b.status === 'live'),
      30_000,
      'v2 live',
    );
    reading = false;
    await reader;

    expect(failures).toEqual([]);
    expect(reads).toBeGreaterThan(10);
    const columns = await db('information_schema.columns')
      .where({ table_name: 'ad_bids' })
      .pluck('column_name');
    expect(columns).toContain('average');
    const tables = await db('pg_tables').where('tablename', 'like', 'ad_bids%').pluck('tablename');
    expect(tables).toEqual(['ad_bids_v2']);
    expect(await db('ad_bids').sum({ n: 'bid_count' })).toEqual([{ n: '420' }]);
    expect(await liveCheckpoint()).toEqual(during);
    // v1's runner noticed it was retired and let go; v2's serves new events.
    await waitUntil(async () => (await runnerLocks()) === 1, 5_000, 'v1 runner ends');
    const after = await appendBids(store, 8, 10, 4);
    await waitUntil(caughtUp(after), 10_000, 'v2 after the swap');
  });

  it('rebuild() rebuilds the same version from zero into fresh tables and swaps', async () => {
    const last = await appendBids(store, 150, 6);
    await start(adBidsProjection());
    await waitUntil(caughtUp(last), 20_000, 'catch-up');
    const before = await tableHash(db, 'ad_bids');
    // Damage the live read model: the rebuild must come from the log, not from these rows.
    await db('ad_bids_v1').update({ highest: 0 });

    const progress: number[] = [];
    const build = await rebuild({
      databaseUrl: database.url,
      store,
      projection: adBidsProjection(),
      onProgress: (building) => progress.push(building.eventsHandled),
      progressEveryMs: 0,
    });
    // Told where it stands from the start, and each time after, never going back.
    expect(progress[0]).toBe(0);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(build).toMatchObject({
      version: 1,
      build: 1,
      status: 'live',
      tables: { ad_bids: 'ad_bids_v1_b1' },
    });
    expect(await tableHash(db, 'ad_bids')).toBe(before);
    expect(await db('pg_tables').where('tablename', 'like', 'ad_bids%').pluck('tablename')).toEqual(
      ['ad_bids_v1_b1'],
    );

    // The running process follows the new live build.
    const more = await appendBids(store, 10, 6);
    await waitUntil(caughtUp(more), 20_000, 'after rebuild');
  });

  it('moves the checkpoints of read models that handle none of the events, and answers their waiters', async () => {
    // Three read models in one process: ad_bids handles the bids; two others handle nothing here.
    const idle = (name: string) =>
      defineProjection({
        name,
        version: 1,
        handles: ['SomethingElse'],
        tables: {},
        handle: async () => {
          throw new Error(`${name} was handed an event it does not handle`);
        },
      });
    const runners = await startProjectionRunners({
      databaseUrl: database.url,
      store,
      projections: [adBidsProjection(), idle('idle_a'), idle('idle_b')],
      planIntervalMs: 200,
      lockRetryMs: 200,
    });
    running.push(runners);
    const names = ['ad_bids', 'idle_a', 'idle_b'];
    await waitUntil(
      async () => (await Promise.all(names.map((n) => liveCheckpoint(n)))).every(Boolean),
      5_000,
      'first builds',
    );

    for (let round = 0; round < 5; round++) {
      const position = await appendBids(store, 3, 3);
      expect(await waitForProjections(db, names, position, 5_000)).toBe(true);
      for (const name of names) {
        expect(formatPosition((await liveCheckpoint(name))!)).toBe(formatPosition(position));
      }
    }
    const [row] = await db('ad_bids').sum<{ n: string }[]>('bid_count as n');
    expect(Number(row!.n)).toBe(15);
    const builds = await listBuilds(db);
    expect(builds.filter((b) => b.name.startsWith('idle_')).map((b) => b.eventsHandled)).toEqual([
      0, 0,
    ]);
    expect(builds.every((b) => b.lastError === null)).toBe(true);
  });

  it('listens again for appends when its wake-up connection is lost', async () => {
    const runners = await startProjectionRunners({
      databaseUrl: database.url,
      store,
      projections: [adBidsProjection()],
      planIntervalMs: 200,
      // Only a hint can wake the runner within this test.
      idlePollMs: 60_000,
    });
    running.push(runners);
    await waitUntil(caughtUp(await appendBids(store, 1)), 5_000, 'first hint');
    const { rows } = await db.raw<{ rows: { ended: boolean }[] }>(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
        WHERE application_name = ? AND datname = current_database()`,
      [WAKE_UP_APPLICATION],
    );
    expect(rows).toEqual([{ ended: true }]);
    // Past the worker's looks after its last hint (~0.4 s in all): asleep until the next one.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await waitUntil(caughtUp(await appendBids(store, 1)), 5_000, 'hint after relistening');
  });

  describe('woken by hints that name the last position appended', () => {
    /**
     * Runners of `ad_bids` that only this test's hints wake, keeping the last position each of
     * their reads of the log found (null: none).
     */
    async function hintedRunners() {
      let hint: (appended?: GlobalPosition) => void = () => {};
      const reads: (string | null)[] = [];
      const runners = await startProjectionRunners({
        databaseUrl: database.url,
        store: {
          ...store,
          readAll: async (after, limit) => {
            const events = await store.readAll(after, limit);
            const last = events.at(-1)?.position;
            reads.push(last ? formatPosition(last) : null);
            return events;
          },
        },
        projections: [adBidsProjection()],
        planIntervalMs: 200,
        idlePollMs: 60_000,
        wakeUp: async (hear) => {
          hint = hear;
          return async () => {};
        },
      });
      running.push(runners);
      await waitUntil(async () => (await liveCheckpoint()) !== undefined, 5_000, 'first build');
      return { hint: (appended?: GlobalPosition) => hint(appended), reads };
    }

    /** Longer than a worker's looks soon after a hint (~0.4 s) and the reads they make. */
    const settle = () => new Promise((resolve) => setTimeout(resolve, 1_000));

    it('reads up to the position, and not again for a hint of what it has read', async () => {
      const runner = await hintedRunners();
      const first = await appendBids(store, 3, 3, 3);
      runner.hint(first);
      await waitUntil(caughtUp(first), 5_000, 'the hinted events');
      await settle();
      // The read that found them was the last: no look again for nothing.
      expect(runner.reads.at(-1)).toBe(formatPosition(first));
      const reads = runner.reads.length;
      runner.hint(first);
      await settle();
      expect(runner.reads.length).toBe(reads);
    });

    it('looks again soon for announced events that an open transaction holds back', async () => {
      const runner = await hintedRunners();
      const visible = await appendBids(store, 1);
      const holder = await db.transaction();
      try {
        // A transaction with an id: the log is read only below the oldest one still open.
        await holder.raw('SELECT pg_current_xact_id()');
        const heldBack = await appendBids(store, 1);
        runner.hint(heldBack);
        // A read that ended at the visible event: the one after it was held back.
        await waitUntil(
          async () => runner.reads.includes(formatPosition(visible)),
          5_000,
          'a read of the visible event',
        );
        await holder.commit();
        // The holder's end announces nothing: only the worker's looks soon can find the event.
        await waitUntil(caughtUp(heldBack), 2_000, 'the event held back');
      } finally {
        if (!holder.isCompleted()) await holder.rollback();
      }
    });

    it('looks again a few times after a hint without a position, then sleeps', async () => {
      const runner = await hintedRunners();
      await settle();
      const before = runner.reads.length;
      runner.hint();
      await settle();
      const looked = runner.reads.length - before;
      expect(looked).toBeGreaterThan(1);
      expect(looked).toBeLessThanOrEqual(LOOKS_SOON + 1);
      await settle();
      expect(runner.reads.length - before).toBe(looked);
    });
  });

  it('waitForProjections answers true once the position is passed, false after the timeout', async () => {
    await start(adBidsProjection());
    await waitUntil(async () => (await liveCheckpoint()) !== undefined, 5_000, 'first build');
    await stop(running[0]!);
    const position = await appendBids(store, 5);

    const started = Date.now();
    expect(await waitForProjections(db, ['ad_bids'], position, 200)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(await waitForProjections(db, ['ad_bids', 'not_a_projection'], START, 50)).toBe(false);

    const waiting = waitForProjections(db, ['ad_bids'], position, 10_000);
    await start(adBidsProjection());
    expect(await waiting).toBe(true);
  });

  it('projectionStatus reports events and milliseconds behind', async () => {
    const runners = await start(adBidsProjection());
    await waitUntil(async () => (await liveCheckpoint()) !== undefined, 5_000, 'first build');
    await stop(runners);
    await appendBids(store, 30);
    await new Promise((resolve) => setTimeout(resolve, 50));

    // The log is read below the oldest transaction open on the server: another test file's may
    // hide the new events for a moment.
    let behind: Awaited<ReturnType<typeof projectionStatus>>[number] | undefined;
    await waitUntil(
      async () => {
        [behind] = await projectionStatus(db, store, { countLimit: 20 });
        return behind?.eventsBehind === 20;
      },
      5_000,
      'the appended events readable',
    );
    expect(behind).toMatchObject({
      name: 'ad_bids',
      status: 'live',
      eventsBehind: 20,
      eventsBehindIsLowerBound: true,
    });
    expect(behind!.lagMs).toBeGreaterThanOrEqual(40);

    const last = await appendBids(store, 1);
    await start(adBidsProjection());
    await waitUntil(caughtUp(last), 20_000, 'catch-up');
    const [current] = await projectionStatus(db, store);
    expect(current).toMatchObject({ eventsBehind: 0, lagMs: 0, eventsHandled: 31 });
  });

  it("catchUp (the read models' test helper) applies the log, and again with replay, changing nothing", async () => {
    await appendBids(store, 120, 4);
    const projection = adBidsProjection();
    await catchUp({ databaseUrl: database.url, store, projection });
    const once = await tableHash(db, 'ad_bids');
    expect(await db('ad_bids').sum({ n: 'bid_count' })).toEqual([{ n: '120' }]);
    await catchUp({ databaseUrl: database.url, store, projection, replay: true });
    expect(await tableHash(db, 'ad_bids')).toBe(once);
  });
});
