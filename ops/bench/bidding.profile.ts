// Where a place-bid's time goes (not a benchmark group; run by hand):
//   node --import tsx ops/bench/bidding.profile.ts
// Sets up the bidding bench's marketplace on a scratch database, then
// 1. bids over HTTP from a child process (8 in flight) — rate, latency, commits per bid;
// 2. the place-bid route's steps called in-process (8 in flight), each timed;
// while timing the `bids` projection's batches (size, handleBatch, whole transaction).
// PROFILE_STATEMENTS=1 also lists the statements per bid (needs pg_stat_statements preloaded;
// PROFILE_BY_CALLS=1 lists the most frequent first, not the slowest);
// PROFILE_OPEN_RATE=<bids/s> only measures latency in an open loop at that rate.
// PROFILE_CPU=<file.cpuprofile> writes a V8 CPU profile of this process during the HTTP load
// (the closed loop's, or the open loop's).
// PROFILE_ONLY=<name,name> runs only those projections, and users and entitlements, which the
// route reads (what the others cost, by difference).
// PROFILE_LOG_LEVEL=<pino level> logs the api's and projections' messages (default silent).
// PROFILE_IN_FLIGHT=<n> bids in flight instead of 8; PROFILE_ADS=<n> ads instead of 100 (1: a hot ad).
// PROFILE_READS=1 only measures the CPU (this process's and PostgreSQL's) of the route's reads.
import { fork } from 'node:child_process';
import type { Knex } from 'knex';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { loadApiConfig } from '@boli/api/config';
import { connectInfrastructure, type Infrastructure } from '@boli/api/infrastructure';
import { createLogger } from '@boli/api/logger';
import { startServer } from '@boli/api/server';
import { adDecider } from '@boli/engine/ads/ad.decider';
import type { AdCommand } from '@boli/engine/ads/ad.commands';
import { adStream } from '@boli/engine/ads/ad.events';
import { handleCommand } from '@boli/engine/commandHandling/handleCommand';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { allProjections, startProjectionRunners, waitForProjections } from '@boli/projections';
import { bidSummaryView } from '@boli/projections/bids/bids.queries';
import { hasActiveEntitlement } from '@boli/projections/entitlements/entitlements.queries';
import { findUserById } from '@boli/projections/users/users.queries';
import type { Projection } from '@boli/projections/runtime/projection';
import { migrate } from '../src/db/migrate.ts';
import {
  dropDatabase,
  ensureServices,
  recreateDatabase,
  withDatabase,
} from '../src/services/index.ts';
import type { ClientTask, LoadResult } from './bidding.clients.ts';
import { readModelsCaughtUp, seedAds, seedMembers } from './bidding.setup.ts';
import { percentile } from './stats.ts';
import { processCpuMs } from './cpu.ts';
import { startCpuProfile } from './cpuProfile.ts';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 4);
const IN_FLIGHT = Number(process.env.PROFILE_IN_FLIGHT ?? 8);

type Timings = Map<string, number[]>;
const record = (timings: Timings, name: string, ms: number) => {
  const list = timings.get(name) ?? [];
  list.push(ms);
  timings.set(name, list);
};
async function timed<T>(timings: Timings, name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    record(timings, name, performance.now() - started);
  }
}
function report(title: string, timings: Timings) {
  console.log(`\n${title}`);
  for (const [name, values] of timings) {
    const sorted = [...values].sort((a, b) => a - b);
    const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
    console.log(
      `  ${name.padEnd(28)} n=${String(sorted.length).padStart(5)}  mean ${mean.toFixed(2).padStart(7)} ms` +
        `  p50 ${percentile(sorted, 50).toFixed(2).padStart(7)}  p99 ${percentile(sorted, 99).toFixed(2).padStart(7)}`,
    );
  }
}

/** CPU per bid of this process (the api and the projections) and of PostgreSQL's backends. */
function reportCpuPerBid(nodeCpu: NodeJS.CpuUsage, pgCpuMs: number, bids: number) {
  console.log(
    `per bid: api+projections process CPU ${((nodeCpu.user + nodeCpu.system) / 1000 / bids).toFixed(2)} ms` +
      ` (system ${(nodeCpu.system / 1000 / bids).toFixed(2)}), PostgreSQL backends CPU ${(pgCpuMs / bids).toFixed(2)} ms`,
  );
}

const projectionTimings: Timings = new Map();
/** The projections with `bids` timed; every readAll of the runners' store counted. */
function instrumented(store: EventStore): { store: EventStore; projections: Projection[] } {
  const wrappedStore: EventStore = {
    ...store,
    readAll: async (after, limit) => {
      const events = await timed(projectionTimings, 'runners.readAll', () =>
        store.readAll(after, limit),
      );
      record(
        projectionTimings,
        events.length === 0 ? 'runners.readAll.empty' : 'runners.readAll.found',
        events.length,
      );
      return events;
    },
  };
  // The route reads members and their entitlements: those read models always run.
  const only = process.env.PROFILE_ONLY
    ? [...process.env.PROFILE_ONLY.split(','), 'users', 'entitlements']
    : undefined;
  const projections = allProjections
    .filter((p) => !only || only.includes(p.name))
    .map((projection) =>
      !projection.handleBatch
        ? projection
        : ({
            ...projection,
            handleBatch: async (trx, events, tables) => {
              if (projection.name === 'bids')
                record(projectionTimings, 'bids.batchSize', events.length);
              await timed(projectionTimings, `${projection.name}.handleBatch`, () =>
                projection.handleBatch!(trx, events, tables),
              );
            },
          } as Projection),
    );
  return { store: wrappedStore, projections };
}

async function commits(db: Knex): Promise<number> {
  const { rows } = await db.raw<{ rows: { n: string }[] }>(
    'SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return Number(rows[0]!.n);
}

/** CPU milliseconds used so far by this database's PostgreSQL backends (those alive now). */
async function backendCpuMs(db: Knex): Promise<Map<number, number>> {
  const { rows } = await db.raw<{ rows: { pid: number }[] }>(
    'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
  );
  // A backend gone meanwhile reads 0 and is left out, as is one that has used nothing yet.
  return new Map(
    rows.map(({ pid }) => [pid, processCpuMs(pid)] as const).filter(([, ms]) => ms > 0),
  );
}
/**
 * PROFILE_STATEMENTS=1 (PostgreSQL started with shared_preload_libraries=pg_stat_statements):
 * every statement the bids sent, per bid, busiest first.
 */
const statements = {
  wanted: process.env.PROFILE_STATEMENTS === '1',
  async reset(db: Knex) {
    if (!this.wanted) return;
    await db.raw('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    await db.raw('SELECT pg_stat_statements_reset()');
  },
  async report(db: Knex, bids: number) {
    if (!this.wanted) return;
    const { rows } = await db.raw<{ rows: { calls: string; ms: string; query: string }[] }>(
      `SELECT calls, round(total_exec_time::numeric, 1)::text || '+' || round(total_plan_time::numeric, 1)::text AS ms,
              left(regexp_replace(query, '\\s+', ' ', 'g'), ${Number(process.env.PROFILE_QUERY_CHARS ?? 100)}) AS query
         FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
        ORDER BY ${process.env.PROFILE_BY_CALLS ? 'calls' : 'total_exec_time + total_plan_time'} DESC LIMIT 30`,
    );
    console.log('\nstatements per bid (calls; execution + planning ms in all)');
    for (const row of rows)
      console.log(
        `  ${(Number(row.calls) / bids).toFixed(2).padStart(6)}  ${row.ms.padStart(8)}  ${row.query}`,
      );
  },
};

const cpuDelta = (before: Map<number, number>, after: Map<number, number>) =>
  [...after].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);

/** EXPLAIN (ANALYZE, BUFFERS) of the statements the route's reads send (captured from knex). */
async function explainHotQueries(infra: Infrastructure, userId: string, adId: string) {
  const captured: { sql: string; bindings: unknown[] }[] = [];
  const onQuery = (query: { sql: string; bindings?: unknown[] }) =>
    captured.push({ sql: query.sql, bindings: query.bindings ?? [] });
  infra.db.on('query', onQuery);
  await findUserById(infra.db, userId);
  await hasActiveEntitlement(infra.db, userId, new Date());
  await bidSummaryView(infra.db, { adId, viewer: { userId }, now: new Date() });
  const { rows } = await infra.db.raw<{ rows: { c: string; p: string }[] }>(
    `SELECT transaction_id::text AS c, position::text AS p FROM event_store_events
      ORDER BY transaction_id DESC, position DESC OFFSET 5 LIMIT 1`,
  );
  await waitForProjections(infra.db, ['bids'], {
    commit: BigInt(rows[0]!.c),
    prepare: BigInt(rows[0]!.p),
  });
  infra.db.removeListener('query', onQuery);
  const manual = [
    {
      sql: `SELECT * FROM event_store_events WHERE (transaction_id, position) > ($1::text::xid8, $2::bigint)
        AND transaction_id < pg_snapshot_xmin(pg_current_snapshot()) ORDER BY transaction_id, position LIMIT 500`,
      bindings: [rows[0]!.c, rows[0]!.p],
    },
    {
      sql: `SELECT * FROM event_store_events WHERE stream_id = $1 AND stream_version >= 0
        AND stream_version <= 2147483647 ORDER BY stream_version`,
      bindings: [adStream(adId)],
    },
  ];
  const client = new pg.Client({ connectionString: infra.config.DATABASE_URL });
  await client.connect();
  for (const { sql, bindings } of [...captured, ...manual, ...captured]) {
    if (!/^\s*select/i.test(sql)) continue;
    const plan = await client.query<Record<string, string>>(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`,
      bindings,
    );
    const lines = plan.rows.map((r) => Object.values(r)[0]);
    console.log(
      `\n${sql.replace(/\s+/g, ' ').slice(0, 160)}\n  ${lines
        .filter((l) => /Execution|Planning|Buffers: shared/.test(l!))
        .slice(-3)
        .join(' | ')}`,
    );
  }
  await client.end();
}

/**
 * PROFILE_READS=1: the summary and the member lookup, 2,400 calls each from 8 callers at once,
 * with the CPU each call costs this process and PostgreSQL.
 */
async function measureReads(infra: Infrastructure, adIds: string[], userIds: string[]) {
  const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;
  const reads = {
    bidSummaryView: () =>
      bidSummaryView(infra.db, {
        adId: pick(adIds),
        viewer: { userId: pick(userIds) },
        now: new Date(),
      }),
    findUserById: () => findUserById(infra.db, pick(userIds)),
  };
  for (const [name, read] of Object.entries(reads)) {
    for (const round of ['warm-up', 'measured']) {
      const nodeBefore = process.cpuUsage();
      const pgBefore = await backendCpuMs(infra.db);
      const started = performance.now();
      let calls = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          for (let i = 0; i < 300; i++, calls++) await read();
        }),
      );
      const node = process.cpuUsage(nodeBefore);
      const pgCpu = cpuDelta(pgBefore, await backendCpuMs(infra.db));
      if (round === 'warm-up') continue;
      console.log(
        `${name}: ${((calls / (performance.now() - started)) * 1000).toFixed(0)}/s, CPU per call: ` +
          `this process ${((node.user + node.system) / 1000 / calls).toFixed(3)} ms, PostgreSQL ${(pgCpu / calls).toFixed(3)} ms`,
      );
    }
  }
}

async function main() {
  const services = await ensureServices();
  const tag = randomBytes(4).toString('hex');
  const databaseUrl = withDatabase(services.databaseUrl, `boli_bench_prof_${tag}`);
  await recreateDatabase(databaseUrl);
  const env = {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: services.redisUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    QUEUE_PREFIX: `benchprof${tag}`,
  };
  const child = fork(new URL('./bidding.clients.ts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const run = (task: ClientTask) =>
    new Promise<LoadResult>((resolve, reject) => {
      child.once('message', (m: { result?: LoadResult; error?: string }) =>
        m.error ? reject(new Error(m.error)) : resolve(m.result!),
      );
      child.send(task);
    });
  try {
    await migrate(databaseUrl);
    const logger = createLogger({
      level: process.env.PROFILE_LOG_LEVEL ?? 'silent',
      name: 'profile',
    });
    const infra = connectInfrastructure(loadApiConfig(env), logger);
    const { store, projections } = instrumented(infra.store);
    const runners = await startProjectionRunners({ databaseUrl, store, projections, logger });
    const server = await startServer(infra, { port: 0, host: '127.0.0.1' });
    try {
      const members = await seedMembers(infra, `pm${tag}`, 220);
      const owners = members.slice(0, 20);
      const bidders = members.slice(20);
      const adIds = await seedAds(
        infra.store,
        `ad${tag}`,
        Number(process.env.PROFILE_ADS ?? 100),
        owners,
      );
      await readModelsCaughtUp(
        infra,
        projections.map((p) => p.name),
      );
      const task = (ms: number): ClientTask => ({
        kind: 'closedLoop',
        baseUrl: server.url,
        bidders: bidders.map((b) => ({ token: b.token, bidAlias: b.bidAlias })),
        adIds,
        inFlight: IN_FLIGHT,
        ms,
      });
      await run(task(1_000)); // warm-up
      if (process.env.PROFILE_READS === '1') {
        await measureReads(
          infra,
          adIds,
          bidders.map((b) => b.userId),
        );
        return;
      }
      const openRate = Number(process.env.PROFILE_OPEN_RATE ?? 0);
      if (openRate > 0) {
        projectionTimings.clear();
        const pgBefore = await backendCpuMs(infra.db);
        const nodeBefore = process.cpuUsage();
        await statements.reset(infra.db);
        const openProfile = await startCpuProfile(process.env.PROFILE_CPU);
        const open = await run({
          kind: 'openLoop',
          baseUrl: server.url,
          bidders: bidders.map((b) => ({ token: b.token, bidAlias: b.bidAlias })),
          adIds,
          perSecond: openRate,
          ms: SECONDS * 1000,
        });
        await openProfile.stop();
        console.log(
          `\nopen loop at ${openRate} bids/s: ok ${open.ok}, failed ${open.failed}, p50 ${percentile(open.latencies, 50).toFixed(1)} ms, p99 ${percentile(open.latencies, 99).toFixed(1)} ms` +
            (open.firstError ? ` (first refusal: ${open.firstError})` : ''),
        );
        reportCpuPerBid(
          process.cpuUsage(nodeBefore),
          cpuDelta(pgBefore, await backendCpuMs(infra.db)),
          open.ok,
        );
        report('projection runners during the open loop', projectionTimings);
        await statements.report(infra.db, open.ok);
        return;
      }
      projectionTimings.clear();
      const before = await commits(infra.db);
      const pgBefore = await backendCpuMs(infra.db);
      const nodeBefore = process.cpuUsage();
      const waiters = infra.db
        .raw(
          `SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = 'projection checkpoint waiters'`,
        )
        .then((r: { rows: { n: string }[] }) => r.rows[0]!.n);
      await statements.reset(infra.db);
      const cpuProfile = await startCpuProfile(process.env.PROFILE_CPU);
      const http = await run(task(SECONDS * 1000));
      await cpuProfile.stop();
      const nodeCpu = process.cpuUsage(nodeBefore);
      const pgCpu = cpuDelta(pgBefore, await backendCpuMs(infra.db));
      const after = await commits(infra.db);
      console.log(`checkpoint listeners: ${await waiters}`);
      reportCpuPerBid(nodeCpu, pgCpu, http.ok);
      console.log(
        `\nHTTP closed loop: ${http.perSecond.toFixed(1)} bids/s, ok ${http.ok}, failed ${http.failed}` +
          ` (${http.firstError ?? ''}), p50 ${percentile(http.latencies, 50).toFixed(1)} ms,` +
          ` p99 ${percentile(http.latencies, 99).toFixed(1)} ms, commits/bid ${((after - before) / http.ok).toFixed(1)}`,
      );
      report('projection runners during HTTP load', projectionTimings);
      await statements.report(infra.db, http.ok);
      if (process.env.PROFILE_VIEWERS === '1') {
        const live = (await run({
          kind: 'viewers',
          baseUrl: server.url,
          bidders: bidders.map((b) => ({ token: b.token, bidAlias: b.bidAlias })),
          adIds: adIds.slice(0, 20),
          viewers: 200,
          viewerTokens: members.slice(0, 100).map((m) => m.token),
          perSecond: 10,
          ms: SECONDS * 1000,
        })) as LoadResult & { deliveries: number[]; delivered: number; expected: number };
        console.log(
          `\nviewers: ${live.delivered}/${live.expected} delivered, p50 ${percentile(live.deliveries, 50).toFixed(1)} ms, p99 ${percentile(live.deliveries, 99).toFixed(1)} ms; POST p50 ${percentile(live.latencies, 50).toFixed(1)} ms`,
        );
        return;
      }

      // The route's steps, in-process.
      projectionTimings.clear();
      const steps: Timings = new Map();
      let amount = 5_000_000;
      const until = performance.now() + SECONDS * 1000;
      let placed = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (performance.now() < until) {
            const bidder = bidders[Math.floor(Math.random() * bidders.length)]!;
            const adId = adIds[Math.floor(Math.random() * adIds.length)]!;
            const started = performance.now();
            const row = await timed(steps, '1 findUserById', () =>
              findUserById(infra.db, bidder.userId),
            );
            const entitled = await timed(steps, '2 hasActiveEntitlement', () =>
              hasActiveEntitlement(infra.db, bidder.userId, new Date()),
            );
            const command = {
              type: 'PlaceBid',
              data: {
                bidId: randomBytes(12).toString('hex'),
                userId: row!.user_id,
                username: row!.username,
                bidAlias: bidder.bidAlias,
                amount: (amount += 100) * 100,
                type: 'Open',
                bidderEntitled: entitled,
              },
              metadata: {
                eventId: randomBytes(16).toString('hex'),
                now: new Date().toISOString(),
                actor: { userId: bidder.userId, role: 'member' },
              },
            } as unknown as AdCommand;
            const result = await timed(steps, '3 handleCommand', () =>
              handleCommand({
                store: infra.store,
                streamId: adStream(adId),
                decider: adDecider,
                command,
                idempotency: infra.idempotency,
              }),
            );
            await timed(steps, '4 waitForProjections', () =>
              waitForProjections(infra.db, ['bids'], result.position),
            );
            await timed(steps, '5 bidSummaryView', () =>
              bidSummaryView(infra.db, {
                adId,
                viewer: { userId: bidder.userId },
                now: new Date(),
              }),
            );
            record(steps, '= total', performance.now() - started);
            placed++;
          }
        }),
      );
      console.log(`\nin-process route: ${(placed / SECONDS).toFixed(1)} bids/s`);
      report('steps', steps);
      report('projection runners during in-process load', projectionTimings);
      if (process.env.PROFILE_EXPLAIN === '1')
        await explainHotQueries(infra, bidders[0]!.userId, adIds[0]!);
    } finally {
      child.kill();
      await server.close();
      await runners.stop();
      await infra.close();
    }
  } finally {
    await dropDatabase(databaseUrl);
    services.stop();
  }
}

await main();
