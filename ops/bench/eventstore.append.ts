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

const CLIENTS = 8;
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

/** Appends per second from CLIENTS concurrent callers, each choosing its stream and expectation. */
async function appendsPerSecond(
  store: EventStore,
  target: (client: number, appended: number) => { stream: string; expected: ExpectedVersion },
): Promise<number> {
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  const counts = await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
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

const ratioMetric = (value: number, baseline: number): Metric => ({
  value: value / baseline,
  unit: 'ratio',
  baseline,
  ratio: value / baseline,
  target: '>= 0.5',
});

const rateMetric = (value: number, unit: string): Metric => ({
  value,
  unit,
  target: 'informational',
});

/**
 * Appends to the PostgreSQL event store against what PostgreSQL itself does with the same
 * concurrency: independent streams against raw single-row INSERTs, one hot stream against
 * UPDATE-then-INSERT transactions serialized on one row.
 */
export async function measureAppends(ctx: {
  databaseUrl: string;
}): Promise<Record<string, Metric>> {
  const url = withDatabase(ctx.databaseUrl, `boli_bench_es_${randomBytes(4).toString('hex')}`);
  await recreateDatabase(url);
  try {
    await migrate(url);
    await createBaselineTables(url);

    const store = createPostgresEventStore({ connectionString: url, maxConnections: CLIENTS });
    const rawInsert: number[] = [];
    const serialized: number[] = [];
    const independent: number[] = [];
    const hot: number[] = [];
    try {
      // Warm the pool and the prepared statements.
      await Promise.all(
        Array.from({ length: CLIENTS }, (_, i) => store.append(`warm-${i}`, [bidPlaced()], 'any')),
      );
      for (let runIndex = 0; runIndex < RUNS; runIndex++) {
        rawInsert.push(await pgbenchTps(url, RAW_INSERT, CLIENTS, SECONDS));
        serialized.push(await pgbenchTps(url, SERIALIZED_UPDATE_INSERT, CLIENTS, SECONDS));
        const prefix = `r${runIndex}`;
        // Each caller owns its streams and knows their versions: no contention between appends.
        independent.push(
          await appendsPerSecond(store, (client, appended) => ({
            stream: `ad-${prefix}-${client}`,
            expected: appended - 1,
          })),
        );
        hot.push(
          await appendsPerSecond(store, () => ({ stream: `ad-hot-${prefix}`, expected: 'any' })),
        );
      }
    } finally {
      await store.close();
    }

    const baselineIndependent = median(rawInsert);
    const baselineHot = median(serialized);
    return {
      'append.independent.ratio': ratioMetric(median(independent), baselineIndependent),
      'append.hot.ratio': ratioMetric(median(hot), baselineHot),
      'append.independent.rate': rateMetric(median(independent), 'appends/s'),
      'append.hot.rate': rateMetric(median(hot), 'appends/s'),
      'pgbench.insert.rate': rateMetric(baselineIndependent, 'tx/s'),
      'pgbench.serializedUpdateInsert.rate': rateMetric(baselineHot, 'tx/s'),
    };
  } finally {
    await dropDatabase(url);
  }
}
