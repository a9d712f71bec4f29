import { randomBytes, randomUUID } from 'node:crypto';
import type {
  EventStore,
  ExpectedVersion,
  NewEvent,
} from '../../engine/src/eventStore/eventStore.ts';
import { createPostgresEventStore } from '../../engine/src/eventStore/postgres/postgresEventStore.ts';
import { migrate } from '../src/db/migrate.ts';
import { dropDatabase, recreateDatabase, withDatabase } from '../src/services/index.ts';
import {
  createBaselineTables,
  pgbenchTps,
  RAW_INSERT,
  SERIALIZED_UPDATE_INSERT,
} from './pgbench.ts';
import { median } from './stats.ts';
import type { Metric } from './types.ts';

/**
 * Concurrent callers, and pgbench clients, of each measurement. The ratios are taken at the
 * second, the load group commit is built for (the api's requests append concurrently), against
 * the better of pgbench's rates at either concurrency; the first is reported alongside.
 */
const FEW = 8;
const MANY = 32;
const SECONDS = 4;
const RUNS = 3;

const bidPlaced = (): NewEvent => ({
  type: 'BidPlaced',
  data: { adId: 'ad-1', amountPaise: 125_000, bidder: 'u-42' },
  metadata: {
    eventId: randomUUID(),
    now: new Date().toISOString(),
    correlationId: randomUUID(),
    actor: { userId: 'u-42', role: 'member' },
  },
});

/** Appends per second from `callers` concurrent callers, each choosing its stream and expectation. */
async function appendsPerSecond(
  store: EventStore,
  callers: number,
  target: (client: number, appended: number) => { stream: string; expected: ExpectedVersion },
): Promise<number> {
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  const counts = await Promise.all(
    Array.from({ length: callers }, async (_, client) => {
      let appended = 0;
      while (performance.now() < deadline) {
        const { stream, expected } = target(client, appended);
        await store.append(stream, [bidPlaced()], expected);
        appended++;
      }
      return appended;
    }),
  );
  return counts.reduce((a, b) => a + b, 0) / ((performance.now() - started) / 1000);
}

const ratioMetric = (value: number, baseline: number, target = '>= 0.5'): Metric => ({
  value: value / baseline,
  unit: 'ratio',
  baseline,
  ratio: value / baseline,
  target,
});

const rateMetric = (value: number, unit: string): Metric => ({
  value,
  unit,
  target: 'informational',
});

/** Medians of the rates measured at each concurrency. */
type Rates = Record<number, number[]>;
const at = (rates: Rates, callers: number): number => median(rates[callers] ?? []);
const best = (rates: Rates): number => Math.max(at(rates, FEW), at(rates, MANY));

/**
 * Appends to the PostgreSQL event store against what PostgreSQL itself does: independent streams
 * against raw single-row INSERTs, one hot stream against UPDATE-then-INSERT transactions
 * serialized on one row, each side measured with 8 and with 32 concurrent clients.
 */
export async function measureAppends(ctx: {
  databaseUrl: string;
}): Promise<Record<string, Metric>> {
  const url = withDatabase(ctx.databaseUrl, `boli_bench_es_${randomBytes(4).toString('hex')}`);
  await recreateDatabase(url);
  try {
    await migrate(url);
    await createBaselineTables(url);

    // The store as the app configures it.
    const store = createPostgresEventStore({ connectionString: url });
    const rawInsert: Rates = { [FEW]: [], [MANY]: [] };
    const serialized: Rates = { [FEW]: [], [MANY]: [] };
    const independent: Rates = { [FEW]: [], [MANY]: [] };
    const hot: Rates = { [FEW]: [], [MANY]: [] };
    try {
      // Warm the pool and the prepared statements.
      await Promise.all(
        Array.from({ length: MANY }, (_, i) => store.append(`warm-${i}`, [bidPlaced()], 'any')),
      );
      for (let runIndex = 0; runIndex < RUNS; runIndex++) {
        for (const callers of [FEW, MANY]) {
          rawInsert[callers]!.push(await pgbenchTps(url, RAW_INSERT, callers, SECONDS));
          serialized[callers]!.push(
            await pgbenchTps(url, SERIALIZED_UPDATE_INSERT, callers, SECONDS),
          );
          const prefix = `r${runIndex}c${callers}`;
          // Each caller owns its streams and knows their versions: no contention between appends.
          independent[callers]!.push(
            await appendsPerSecond(store, callers, (client, appended) => ({
              stream: `ad-${prefix}-${client}`,
              expected: appended - 1,
            })),
          );
          hot[callers]!.push(
            await appendsPerSecond(store, callers, () => ({
              stream: `ad-hot-${prefix}`,
              expected: 'any',
            })),
          );
        }
      }
    } finally {
      await store.close();
    }

    return {
      'append.independent.ratio': ratioMetric(at(independent, MANY), best(rawInsert)),
      'append.hot.ratio': ratioMetric(at(hot, MANY), best(serialized)),
      [`append.independent.ratio.${FEW}_callers`]: ratioMetric(
        at(independent, FEW),
        at(rawInsert, FEW),
        'informational',
      ),
      [`append.hot.ratio.${FEW}_callers`]: ratioMetric(
        at(hot, FEW),
        at(serialized, FEW),
        'informational',
      ),
      'append.independent.rate': rateMetric(at(independent, MANY), 'appends/s'),
      'append.hot.rate': rateMetric(at(hot, MANY), 'appends/s'),
      [`append.independent.rate.${FEW}_callers`]: rateMetric(at(independent, FEW), 'appends/s'),
      [`append.hot.rate.${FEW}_callers`]: rateMetric(at(hot, FEW), 'appends/s'),
      [`pgbench.insert.rate.${FEW}_clients`]: rateMetric(at(rawInsert, FEW), 'tx/s'),
      [`pgbench.insert.rate.${MANY}_clients`]: rateMetric(at(rawInsert, MANY), 'tx/s'),
      [`pgbench.serializedUpdateInsert.rate.${FEW}_clients`]: rateMetric(
        at(serialized, FEW),
        'tx/s',
      ),
      [`pgbench.serializedUpdateInsert.rate.${MANY}_clients`]: rateMetric(
        at(serialized, MANY),
        'tx/s',
      ),
    };
  } finally {
    await dropDatabase(url);
  }
}
