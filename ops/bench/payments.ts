import { randomBytes } from 'node:crypto';
import { loadApiConfig } from '@boli/api/config';
import { connectInfrastructure } from '@boli/api/infrastructure';
import { createLogger } from '@boli/api/logger';
import { startServer } from '@boli/api/server';
import { allProjections, startProjectionRunners } from '@boli/projections';
import { migrate } from '../src/db/migrate.ts';
import { dropDatabase, recreateDatabase, withDatabase } from '../src/services/index.ts';
import { reservePort } from '../src/testing/ports.ts';
import type { LoadResult, PaymentsTask } from './payments.clients.ts';
import { inboxCounts, paidPurchases, parkBacklog, seedMembers } from './payments.setup.ts';
import { createBaselineTables, pgbenchTps, RAW_INSERT } from './pgbench.ts';
import { startTaskProcess } from './taskProcess.ts';
import type { Metric } from './types.ts';
import { median, percentile } from './stats.ts';

/** BENCH_QUICK=1: a smoke run of a few seconds that checks the bench works, not the numbers. */
const QUICK = process.env.BENCH_QUICK === '1';
const RUNS = QUICK ? 1 : 3;
/**
 * Members opening orders, each in turn. A member's second checkout of the plan pays the purchase
 * their first left open (`LIMITS.purchaseReuseMinutesLeft`), opening no order: enough members
 * that none comes round again in the ~5,300 orders (~250/s over 21 s) a bench opens; each run
 * takes members the runs before it did not.
 */
const BUYERS = QUICK ? 1_000 : 8_000;
/** Members whose paid purchases the webhooks are about. */
const PAYERS = QUICK ? 10 : 100;
/** The latency phase: a steady, unsaturated load (two orders in flight at any moment). */
const STEADY = 2;
const WARMUP_MS = QUICK ? 1_000 : 3_000;
const LATENCY_MS = QUICK ? 2_000 : 6_000;
/** Webhooks in flight: a gateway redelivering its backlog after an outage. */
const WEBHOOKS_IN_FLIGHT = 16;
const WEBHOOK_MS = QUICK ? 2_000 : 10_000;
const PGBENCH_SECONDS = QUICK ? 1 : 5;
/** After the webhook runs: processing with no intake, for the drain rate. */
const DRAIN_MS = QUICK ? 1_000 : 5_000;

const KEYS = {
  keyId: 'rzp_test_boli_bench',
  keySecret: 'bench-razorpay-key-secret',
  webhookSecret: 'bench-razorpay-webhook-secret',
};

const round = (n: number) => Math.round(n);

/** The outside world's process (payments.clients.ts): one task at a time over IPC. */
const startOutside = () =>
  startTaskProcess<PaymentsTask>(new URL('./payments.clients.ts', import.meta.url));

function requireAllAnswered(what: string, result: LoadResult): LoadResult {
  if (result.failed > 0 || result.ok === 0) {
    throw new Error(
      `${what}: ${result.failed} failed of ${result.ok + result.failed} (${result.firstError})`,
    );
  }
  return result;
}

/**
 * Payments over the real api (its own scratch database, every read model running in this
 * process) and the sandbox gateway speaking Razorpay's API (in the clients' process, as a remote
 * gateway would be): opening an order under a steady load, and taking webhooks at a gateway's
 * redelivery peak, against pgbench's single-row INSERTs in the same run.
 *
 * The webhooks are the gateway's own payment.captured bodies for purchases paid in the set-up,
 * redelivered under new event ids: each is verified, stored in the inbox and answered, then
 * processed after the answer, where it finds nothing new (the realistic peak after an outage).
 * The metric is intake (2xx answers/s); the unit says how much of it had been processed by the
 * end of the run, so the number is honest about intake versus processing.
 */
export async function measurePayments(ctx: {
  databaseUrl: string;
  redisUrl: string;
}): Promise<Record<string, Metric>> {
  const tag = randomBytes(4).toString('hex');
  const databaseUrl = withDatabase(ctx.databaseUrl, `boli_bench_pay_${tag}`);
  await recreateDatabase(databaseUrl);
  try {
    await migrate(databaseUrl);
    await createBaselineTables(databaseUrl);
    const outside = startOutside();
    try {
      // Held until the api listens: the gateway is told the api's address first.
      const reserved = await reservePort();
      const apiPort = reserved.port;
      const webhookUrl = `http://127.0.0.1:${apiPort}/api/payments/webhook`;
      const gateway = await outside.run<{ url: string }>({
        kind: 'startGateway',
        databaseUrl,
        webhookUrl,
        keys: KEYS,
      });
      const config = loadApiConfig({
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        REDIS_URL: ctx.redisUrl,
        PORT: String(apiPort),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        QUEUE_PREFIX: `benchpay${tag}`,
        RAZORPAY_KEY_ID: KEYS.keyId,
        RAZORPAY_KEY_SECRET: KEYS.keySecret,
        RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
        RAZORPAY_API_URL: gateway.url,
        PAYMENT_WEBHOOK_URL: webhookUrl,
      });
      const logger = createLogger({
        level: process.env.BENCH_LOG_LEVEL ?? 'silent',
        name: 'bench',
      });
      const infra = connectInfrastructure(config, logger);
      const runners = await startProjectionRunners({
        databaseUrl,
        store: infra.store,
        projections: allProjections,
        logger,
      });
      await reserved.release();
      const server = await startServer(infra, { port: apiPort, host: '127.0.0.1' });
      try {
        const buyers = await seedMembers(infra, `pb${tag}`, BUYERS);
        const payers = await seedMembers(infra, `pp${tag}`, PAYERS);
        const bodies = await paidPurchases(
          infra,
          { api: server.url, gateway: gateway.url },
          payers,
        );

        // Each run takes members none of the runs before used: every order is a first one.
        let used = 0;
        const orders = async (ms: number) => {
          const result = await outside.run<LoadResult>({
            kind: 'orders',
            baseUrl: server.url,
            tokens: buyers.slice(used),
            inFlight: STEADY,
            ms,
          });
          used += result.ok + result.failed;
          if (used > buyers.length) {
            throw new Error(
              `orders: ${used} opened by ${buyers.length} members, some twice (their open purchase, no new order): seed more`,
            );
          }
          return requireAllAnswered('orders', result);
        };
        await orders(WARMUP_MS);
        const steady: LoadResult[] = [];
        for (let run = 0; run < RUNS; run++) steady.push(await orders(LATENCY_MS));

        const rawInsert: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          rawInsert.push(
            await pgbenchTps(databaseUrl, RAW_INSERT, WEBHOOKS_IN_FLIGHT, PGBENCH_SECONDS),
          );
        }
        const idPrefix = `evt_bench${tag}`;
        const webhooks = (ms: number, run: string) =>
          outside
            .run<LoadResult>({
              kind: 'webhooks',
              baseUrl: server.url,
              bodies,
              webhookSecret: KEYS.webhookSecret,
              idPrefix: `${idPrefix}${run}`,
              inFlight: WEBHOOKS_IN_FLIGHT,
              ms,
            })
            .then((result) => requireAllAnswered('webhooks', result));
        await webhooks(WARMUP_MS / 3, 'w');
        const intake: number[] = [];
        for (let run = 0; run < RUNS; run++) {
          intake.push((await webhooks(WEBHOOK_MS, `r${run}`)).perSecond);
        }
        const inbox = await inboxCounts(infra, idPrefix);
        // Processing alone, once the peak is over: how fast the backlog drains.
        await new Promise((resolve) => setTimeout(resolve, DRAIN_MS));
        const drained = (await inboxCounts(infra, idPrefix)).processed - inbox.processed;
        await parkBacklog(infra, idPrefix);

        const p99 = median(steady.map((r) => percentile(r.latencies, 99)));
        const p50 = median(steady.map((r) => percentile(r.latencies, 50)));
        const orderRate = median(steady.map((r) => r.perSecond));
        const perSecond = median(intake);
        const baseline = median(rawInsert);
        return {
          'payments.order.p99_ms': {
            value: p99,
            unit: `ms (GET /api/cart/add/lifetime/web, ${STEADY} in flight, ${round(orderRate)} req/s; p50 ${round(p50)} ms)`,
            target: '< 30',
          },
          'webhooks.per_s': {
            value: perSecond,
            unit: `webhooks/s answered 2xx (${WEBHOOKS_IN_FLIGHT} in flight; ${inbox.processed} of ${inbox.stored} stored processed by the end, ${round(inbox.processedPerSecond)}/s, then ${round(drained / (DRAIN_MS / 1000))}/s with no intake; baseline: pgbench INSERT tx/s)`,
            baseline,
            ratio: perSecond / baseline,
            target: '>= 1000',
          },
        };
      } finally {
        await server.close();
        await runners.stop();
        await infra.close();
      }
    } finally {
      await outside.run({ kind: 'stopGateway' }).catch(() => undefined);
      outside.stop();
    }
  } finally {
    await dropDatabase(databaseUrl);
  }
}
