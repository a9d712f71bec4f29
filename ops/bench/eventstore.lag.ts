import { randomBytes, randomUUID } from 'node:crypto';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { defineProjection, startProjectionRunners } from '@boli/projections';
import { migrate } from '../src/db/migrate.ts';
import { dropDatabase, recreateDatabase, withDatabase } from '../src/services/index.ts';
import type { Metric } from './types.ts';
import { percentile } from './stats.ts';

const RATE_PER_SECOND = 1_000;
const SECONDS = 10;
const STREAMS = 200;

/**
 * Appends 1,000 events/s for 10 s to the PostgreSQL store while a one-table projection runs in
 * this process, and measures, per event, the time from its append's commit (the append call
 * returning) to the commit of the projection transaction that wrote it.
 */
export async function measureProjectionLag(ctx: {
  databaseUrl: string;
}): Promise<Record<string, Metric>> {
  const databaseUrl = withDatabase(
    ctx.databaseUrl,
    `boli_bench_lag_${randomBytes(4).toString('hex')}`,
  );
  await recreateDatabase(databaseUrl);
  try {
    await migrate(databaseUrl);
    const appendedAt = new Map<string, number>();
    const projectedAt = new Map<string, number>();

    const projection = defineProjection({
      name: 'bench_lag',
      version: 1,
      handles: ['BidPlaced'],
      tables: {
        bench_lag: {
          create: (trx, table) =>
            trx.schema.createTable(table, (t) => {
              t.uuid('event_id').primary();
              t.text('stream_id').notNullable();
            }),
        },
      },
      async handleBatch(trx, events, tables) {
        await trx(tables.bench_lag)
          .insert(
            events.map((event) => ({
              event_id: event.metadata.eventId,
              stream_id: event.streamId,
            })),
          )
          .onConflict('event_id')
          .ignore();
        const ids = events.map((event) => event.metadata.eventId);
        // Settles once the batch's transaction (rows + checkpoint) has committed.
        void trx.executionPromise.then(
          () => {
            const now = performance.now();
            for (const id of ids) projectedAt.set(id, now);
          },
          () => {},
        );
      },
    });

    const store = createPostgresEventStore({ connectionString: databaseUrl, maxConnections: 16 });
    const runners = await startProjectionRunners({ databaseUrl, store, projections: [projection] });
    try {
      const started = performance.now();
      const appends: Promise<void>[] = [];
      let sent = 0;
      const total = RATE_PER_SECOND * SECONDS;
      while (sent < total) {
        const due = Math.min(
          total,
          Math.floor(((performance.now() - started) / 1_000) * RATE_PER_SECOND),
        );
        for (; sent < due; sent++) {
          const eventId = randomUUID();
          const streamId = `ad-bench-${sent % STREAMS}`;
          appends.push(
            store
              .append(
                streamId,
                [
                  {
                    type: 'BidPlaced',
                    data: { amount: sent },
                    metadata: { eventId, now: new Date().toISOString() },
                  },
                ],
                'any',
              )
              .then(() => {
                appendedAt.set(eventId, performance.now());
              }),
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      await Promise.all(appends);
      const sendSeconds = (performance.now() - started) / 1_000;
      const deadline = performance.now() + 15_000;
      while (projectedAt.size < appendedAt.size && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (projectedAt.size < appendedAt.size) {
        throw new Error(
          `Only ${projectedAt.size} of ${appendedAt.size} events were projected within 15 s`,
        );
      }

      // The projection can commit before the append's reply reaches us: that is zero lag, not less.
      const lags = [...appendedAt]
        .map(([id, at]) => Math.max(0, projectedAt.get(id)! - at))
        .sort((a, b) => a - b);
      return {
        'projection.lag.p99_ms': {
          value: round(percentile(lags, 99)),
          unit: 'ms',
          target: '< 100',
        },
        'projection.lag.p50_ms': {
          value: round(percentile(lags, 50)),
          unit: 'ms',
          target: 'informational',
        },
        'projection.lag.max_ms': {
          value: round(lags[lags.length - 1] ?? NaN),
          unit: 'ms',
          target: 'informational',
        },
        'projection.lag.append_rate': {
          value: Math.round(total / sendSeconds),
          unit: 'events/s',
          target: `>= ${RATE_PER_SECOND * 0.95}`,
        },
      };
    } finally {
      await runners.stop();
      await store.close();
    }
  } finally {
    await dropDatabase(databaseUrl);
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;
