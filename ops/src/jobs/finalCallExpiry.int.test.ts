import knex from 'knex';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger, type Logger } from '@boli/api/logger';
import { adStream } from '@boli/engine/ads/ad.events';
import type { EventStore, RecordedEvent } from '@boli/engine/eventStore/eventStore';
import { postgresOutageLog } from '@boli/engine/eventStore/postgres/outages';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { DomainError } from '@boli/engine/shared/decider';
import { startProjectionRunners, type ProjectionRunners } from '@boli/projections';
import { finalCallsProjection } from '@boli/projections/finalCalls/finalCalls.projection';
import { loadWorkerConfig } from '../processes/config.ts';
import {
  createTestDatabase,
  testRedisUrl,
  uniquePrefix,
  type TestDatabase,
} from '../testing/database.ts';
import { freePort } from '../testing/ports.ts';
import { startRedisServer } from '../testing/redisServer.ts';
import { closeExpiredFinalCall } from './finalCallExpiry.ts';
import { adInFinalCall, placeBid, runAdCommand, SELLER } from './finalCallExpiry.fixtures.ts';
import { finalCallJobId, finalCallQueue, scheduleFinalCalls } from './finalCallExpiryScheduler.ts';
import { startJobWorkers } from './workers.ts';

let database: TestDatabase;
let store: EventStore;
let runners: ProjectionRunners;
let prefix: string;
let admin: Redis;
const logger = createLogger({ level: 'warn', name: 'final-call-test' });
const quiet = { info: () => {}, warn: () => {}, error: console.error };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The worker process, as `npm start` runs it: every job kind, its own connections. */
async function startWorker(redisUrl = testRedisUrl(), log: Logger = logger) {
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    QUEUE_PREFIX: prefix,
    NODE_ENV: 'test',
  };
  const db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const workers = await startJobWorkers({
    config: loadWorkerConfig(env),
    logger: log,
    db,
    redis,
    store,
    postgresOutages: postgresOutageLog(log, 'jobs'),
  });
  return {
    async stop() {
      await workers.stop();
      redis.disconnect();
      await db.destroy();
    },
  };
}

/** What a Redis restart without persistence does to this app's queues. */
async function loseEveryJob(): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await admin.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    if (keys.length > 0) await admin.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

async function closing(adId: string, timeoutMs = 5_000): Promise<RecordedEvent> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const closed = (await store.readStream(adStream(adId))).find((e) => e.type === 'BiddingClosed');
    if (closed) return closed;
    if (Date.now() > until) throw new Error(`${adId} was not closed within ${timeoutMs} ms`);
    await sleep(5);
  }
}

const lateness = (closed: RecordedEvent, deadline: Date) =>
  closed.recordedAt.getTime() - deadline.getTime();

beforeAll(async () => {
  database = await createTestDatabase();
  store = createPostgresEventStore({ connectionString: database.url });
  prefix = uniquePrefix();
  admin = new Redis(testRedisUrl(), { maxRetriesPerRequest: null });
  runners = await startProjectionRunners({
    databaseUrl: database.url,
    store,
    projections: [finalCallsProjection],
    logger: quiet,
  });
});

afterAll(async () => {
  await runners?.stop();
  await loseEveryJob();
  admin?.disconnect();
  await store?.close();
  await database?.drop();
});

describe('the final-call timer', () => {
  it('closes a final call at its deadline though the worker restarted and Redis lost the job', async () => {
    const first = await startWorker();
    const deadline = new Date(Date.now() + 2_000);
    await adInFinalCall(store, 'ad-restart', deadline);
    // Scheduled from the event, without waiting for anything else.
    const queue = finalCallQueue(admin, prefix);
    const jobId = finalCallJobId('ad-restart', deadline.toISOString());
    for (let i = 0; !(await queue.getJob(jobId)); i++) {
      if (i > 200) throw new Error('the final call was never scheduled');
      await sleep(10);
    }
    // Scheduling it again (another worker, a resync) adds nothing.
    await scheduleFinalCalls(queue, [
      { adId: 'ad-restart', deadline: deadline.toISOString(), finalCallEventId: 'e' },
    ]);
    const jobs = await queue.getJobs(['delayed', 'wait', 'active']);
    expect(jobs.filter((job) => job.data.adId === 'ad-restart')).toHaveLength(1);
    await first.stop();
    await loseEveryJob();
    expect(await queue.getJob(jobId)).toBeUndefined();
    await sleep(300);

    const second = await startWorker();
    try {
      const closed = await closing('ad-restart');
      expect(closed.data).toEqual({
        adId: 'ad-restart',
        reason: 'finalCallExpired',
        closedAt: deadline.toISOString(),
      });
      expect(lateness(closed, deadline)).toBeGreaterThanOrEqual(0);
      expect(lateness(closed, deadline)).toBeLessThan(250);
    } finally {
      await second.stop();
      await queue.close();
    }
  });

  it('closes a final call made while Redis was down, once it is back; the outage logged once', async () => {
    const port = await freePort();
    let redisServer = await startRedisServer(port);
    const lines: { level: number; msg: string }[] = [];
    const log = pino(
      { level: 'info' },
      { write: (line: string) => void lines.push(JSON.parse(line)) },
    );
    const rawErrors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const worker = await startWorker(`redis://127.0.0.1:${port}`, log);
    try {
      // Redis goes away from a running worker, not one still starting: its schedulers' queues
      // check the server's version as they start, and may still be doing so.
      await sleep(500);
      redisServer.kill('SIGKILL');
      await sleep(300);
      const deadline = new Date(Date.now() + 2_500);
      await adInFinalCall(store, 'ad-redis-away', deadline);
      await sleep(700);
      redisServer = await startRedisServer(port);
      const closed = await closing('ad-redis-away');
      expect(closed.data).toMatchObject({ reason: 'finalCallExpired' });
      expect(lateness(closed, deadline)).toBeGreaterThanOrEqual(0);
      expect(lateness(closed, deadline)).toBeLessThan(250);
      const told = lines.filter(({ msg }) => msg.startsWith('redis'));
      // On failure, which connection said what, and the error it had.
      expect(
        told.map(({ level, msg }) => [level, msg]),
        JSON.stringify(told),
      ).toEqual([
        [40, 'redis unreachable; retrying until it is back'],
        [30, 'redis reachable again'],
      ]);
      expect(rawErrors).not.toHaveBeenCalled();
    } finally {
      rawErrors.mockRestore();
      await worker.stop();
      redisServer.kill('SIGKILL');
    }
  });

  it('keeps a bid placed before the deadline and refuses one after it, never accepting it late', async () => {
    const worker = await startWorker();
    try {
      const deadline = new Date(Date.now() + 1_000);
      await adInFinalCall(store, 'ad-race', deadline);
      await sleep(deadline.getTime() - 400 - Date.now());
      // Three bidders, each bidding again as soon as answered, across the deadline.
      let amount = 14_000_000;
      const bidder = async () => {
        const outcomes: { at: number; outcome: string }[] = [];
        while (Date.now() < deadline.getTime() + 300) {
          const at = Date.now();
          const outcome = await placeBid(
            store,
            'ad-race',
            (amount += 100),
            new Date(at).toISOString(),
          ).then(
            (result) => (result.events.length === 1 ? 'kept' : 'nothing'),
            (error: unknown) => (error instanceof DomainError ? error.code : (error as Error).name),
          );
          outcomes.push({ at, outcome });
        }
        return outcomes;
      };
      const attempts = [bidder(), bidder(), bidder()];
      const outcomes = (await Promise.all(attempts)).flat();
      const before = outcomes.filter((o) => o.at < deadline.getTime());
      const after = outcomes.filter((o) => o.at >= deadline.getTime());
      expect(after.length).toBeGreaterThan(1);
      expect(new Set(after.map((o) => o.outcome))).toEqual(new Set(['BIDDING_CLOSED']));
      expect(before.filter((o) => o.outcome === 'kept').length).toBeGreaterThan(1);
      // A bid stamped before the deadline is kept unless the close was appended while it waited.
      for (const o of before)
        expect(['kept', 'BIDDING_CLOSED', 'CommandConflictError']).toContain(o.outcome);

      const closed = await closing('ad-race');
      const stream = await store.readStream(adStream('ad-race'));
      const bids = stream.filter((e) => e.type === 'BidPlaced');
      expect(bids.length).toBe(1 + outcomes.filter((o) => o.outcome === 'kept').length);
      for (const bid of bids) {
        expect(Date.parse((bid.data as { placedAt: string }).placedAt)).toBeLessThan(
          deadline.getTime(),
        );
        expect(bid.streamVersion).toBeLessThan(closed.streamVersion);
      }
      // Closing competes with the bids for the stream here; the timing test is the one above.
      expect(lateness(closed, deadline)).toBeLessThan(1_000);
    } finally {
      await worker.stop();
    }
  });

  it('running the job again, or for an ad its owner closed, changes nothing', async () => {
    const deadline = new Date(Date.now() + 300);
    await adInFinalCall(store, 'ad-rerun', deadline);
    const job = { adId: 'ad-rerun', deadline: deadline.toISOString(), finalCallEventId: 'e' };
    // Started early, it waits for the deadline rather than closing before it or doing nothing.
    expect(await closeExpiredFinalCall(store, job)).toBe(true);
    const closed = await closing('ad-rerun');
    expect(lateness(closed, deadline)).toBeGreaterThanOrEqual(0);
    const afterClose = await store.readStream(adStream('ad-rerun'));
    expect(await closeExpiredFinalCall(store, job)).toBe(true);
    expect(await store.readStream(adStream('ad-rerun'))).toEqual(afterClose);

    const ownersDeadline = new Date(Date.now() + 60_000);
    await adInFinalCall(store, 'ad-early', ownersDeadline);
    await runAdCommand(store, 'ad-early', 'CloseBidding', {
      reason: 'closedEarlyByOwner',
      userId: SELLER.userId,
    });
    const early = await store.readStream(adStream('ad-early'));
    const expired = { adId: 'ad-early', deadline: new Date().toISOString(), finalCallEventId: 'e' };
    expect(await closeExpiredFinalCall(store, expired)).toBe(false);
    expect(await store.readStream(adStream('ad-early'))).toEqual(early);
  });
});
