import type { RecordedEvent } from '@boli/engine/eventStore/eventStore';
import { createHash, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { EventStore, GlobalPosition } from '@boli/engine/eventStore/eventStore';
import { defineProjection, IF_MOVED } from '../projection.ts';

/**
 * A small read model for the runtime's own tests: per ad, how many bids and the highest. The
 * upsert only moves forward in stream order, so applying an event twice changes nothing.
 */
export function adBidsProjection(
  options: {
    version?: number;
    delayMs?: number;
    /** Called on every attempt to handle an event (a retried batch calls it again). */
    onHandle?: (event: RecordedEvent) => void;
    withAverage?: boolean;
    /** Writes each batch in one statement with its checkpoint (`batchStatement`). */
    inOneStatement?: { onStatement?: (events: RecordedEvent[]) => void };
  } = {},
) {
  return defineProjection({
    name: 'ad_bids',
    version: options.version ?? 1,
    handles: ['BidPlaced'],
    tables: {
      ad_bids: {
        create: (trx, table) =>
          trx.schema.createTable(table, (t) => {
            t.text('ad_id').primary();
            t.integer('bid_count').notNullable();
            t.bigInteger('highest').notNullable();
            t.bigInteger('total').notNullable();
            t.integer('last_version').notNullable();
            if (options.withAverage) t.bigInteger('average').notNullable();
          }),
      },
    },
    ...(options.inOneStatement && !options.withAverage
      ? {
          async batchStatement(db: Knex, events: RecordedEvent[], tables: { ad_bids: string }) {
            options.inOneStatement!.onStatement?.(events);
            // What each ad has applied already: a replayed event is left out.
            const adIds = [...new Set(events.map((e) => (e.data as { adId: string }).adId))];
            const stored: { ad_id: string; last_version: number }[] = await db(tables.ad_bids)
              .select('ad_id', 'last_version')
              .whereIn('ad_id', adIds);
            const applied = new Map(stored.map((row) => [row.ad_id, row.last_version]));
            const perAd = new Map<
              string,
              { count: number; highest: number; total: number; to: number }
            >();
            for (const event of events) {
              const { adId, amount } = event.data as { adId: string; amount: number };
              if (event.streamVersion <= (applied.get(adId) ?? -1)) continue;
              options.onHandle?.(event);
              const ad = perAd.get(adId) ?? { count: 0, highest: 0, total: 0, to: 0 };
              perAd.set(adId, {
                count: ad.count + 1,
                highest: Math.max(ad.highest, amount),
                total: ad.total + amount,
                to: event.streamVersion,
              });
            }
            const rows = [...perAd].map(([adId, ad]) => ({ ad_id: adId, ...ad }));
            const table = `"${tables.ad_bids}"`;
            return {
              ctes: `counted AS (
                INSERT INTO ${table} (ad_id, bid_count, highest, total, last_version)
                SELECT r.ad_id, r.count, r.highest, r.total, r."to"
                  FROM json_to_recordset(?::json)
                    AS r(ad_id text, count int, highest bigint, total bigint, "to" int)
                 ${IF_MOVED}
                ON CONFLICT (ad_id) DO UPDATE SET bid_count = ${table}.bid_count + excluded.bid_count,
                  highest = greatest(${table}.highest, excluded.highest),
                  total = ${table}.total + excluded.total, last_version = excluded.last_version
                RETURNING 1)`,
              bindings: [JSON.stringify(rows)],
            };
          },
        }
      : {}),
    async handle(trx, event, tables) {
      options.onHandle?.(event);
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
      const { adId, amount } = event.data as { adId: string; amount: number };
      const average = options.withAverage ? { average: amount } : {};
      await trx(tables.ad_bids)
        .insert({
          ad_id: adId,
          bid_count: 1,
          highest: amount,
          total: amount,
          last_version: event.streamVersion,
          ...average,
        })
        .onConflict('ad_id')
        .merge({
          bid_count: trx.raw('??.bid_count + 1', [tables.ad_bids]),
          highest: trx.raw('greatest(??.highest, excluded.highest)', [tables.ad_bids]),
          total: trx.raw('??.total + excluded.total', [tables.ad_bids]),
          last_version: trx.raw('excluded.last_version'),
          ...(options.withAverage
            ? {
                average: trx.raw('(??.total + excluded.total) / (??.bid_count + 1)', [
                  tables.ad_bids,
                  tables.ad_bids,
                ]),
              }
            : {}),
        })
        .where(`${tables.ad_bids}.last_version`, '<', event.streamVersion);
    },
  });
}

/** Appends `count` bids spread over `ads` ads; returns the last position. */
export async function appendBids(
  store: EventStore,
  count: number,
  ads = 10,
  perAppend = 1,
): Promise<GlobalPosition> {
  let last: GlobalPosition = { commit: 0n, prepare: 0n };
  for (let i = 0; i < count; i += perAppend) {
    const adId = `ad${i % ads}`;
    const events = Array.from({ length: Math.min(perAppend, count - i) }, (_, k) => ({
      type: 'BidPlaced',
      data: { adId, amount: 100 + (((i + k) * 37) % 1000) },
      metadata: { eventId: randomUUID(), now: new Date().toISOString() },
    }));
    last = (await store.append(`ad-${adId}`, events, 'any')).lastPosition;
  }
  return last;
}

/** A hash of a table's rows in key order: equal hashes, equal read models. */
export async function tableHash(
  db: Knex,
  table: string,
  orderBy: string | string[] = 'ad_id',
): Promise<string> {
  const rows = await db(table)
    .select('*')
    .orderBy(typeof orderBy === 'string' ? [orderBy] : orderBy);
  return createHash('sha256').update(JSON.stringify(rows)).digest('hex');
}

export async function waitUntil(
  check: () => Promise<boolean>,
  timeoutMs = 20_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
