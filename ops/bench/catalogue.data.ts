import type { Knex } from 'knex';
import { START, type RecordedEvent } from '@boli/engine/eventStore/eventStore';
import { listBuilds } from '@boli/projections';
import { adsProjection } from '@boli/projections/ads/ads.projection';
import { demoReference } from '../src/seed/demo/reference.ts';
import {
  syntheticAdId,
  syntheticAdStream,
  syntheticPostAd,
  SYNTHETIC_SELLERS,
} from '../src/seed/demo/synthetic.ts';

/*
 * The catalogue benchmark's million ads, written straight into the live build of the ads read
 * model (as the users bench fills its table in SQL): going through the event log and the
 * projection would take longer than the whole benchmark may on this machine (`seed-scale`
 * measures that path). The distinct ads go through the projection's own `handleBatch` with the
 * events PostAd decides (`syntheticAdStream`), so every table of the read model is as the
 * projection writes it; the rest are copies made in SQL of each table keyed by ad_id, each copy
 * with its own id, date, seller and price, so the value spread (category, place, make, year …),
 * and with it each filter's selectivity, stays the generator's.
 */

/** Distinct ads built by the projection; the rest are varied SQL copies of them. */
const BASE_ADS = 20_000;
/** Events per projection transaction while building the distinct ads. */
const EVENT_BATCH = 3_000;
/*
 * Rows per INSERT. Kept short: readers of the event log everywhere on this PostgreSQL server read
 * only below the oldest running transaction, so a long one would hold every projection back.
 */
const COPY_CHUNK = 50_000;
const SECONDS_PER_YEAR = 31_536_000;

async function liveTables(db: Knex): Promise<Record<string, string>> {
  for (let waited = 0; waited < 30_000; waited += 100) {
    const live = (await listBuilds(db, 'ads')).find((build) => build.status === 'live');
    if (live) return live.tables;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('The ads read model was not built within 30 s');
}

/** The events of synthetic ads from … to-1, as the projection receives them from the log. */
function recordedEvents(from: number, to: number, total: number, now: number): RecordedEvent[] {
  const reference = demoReference();
  return Array.from({ length: to - from }, (_, k) =>
    syntheticAdStream(syntheticPostAd(reference, from + k, total, now)),
  ).flatMap(({ streamId, events }) =>
    events.map((event, streamVersion): RecordedEvent => ({
      streamId,
      streamVersion,
      position: START,
      type: event.type,
      data: event.data,
      schemaVersion: 1,
      metadata: event.metadata,
      recordedAt: new Date(event.metadata.now),
      hash: '',
      prevHash: '',
    })),
  );
}

type Column = { column_name: string };

/** The SQL value of a copy's column: its own identity, date, seller and price; the rest copied. */
function copiedValue(column: string, idPrefix: string, sellerPrefix: string): string {
  switch (column) {
    case 'ad_id':
      return `'${idPrefix}' || lpad(to_hex(i), 12, '0')`;
    case 'uid':
      return `regexp_replace(b.uid, '-[^-]*$', '') || '-' || substr(md5(i::text), 1, 8)`;
    case 'created_at':
    case 'updated_at':
      return 'c.at';
    case 'price':
      return 'greatest(100, round(b.price * (0.8 + (i * 7919 % 1000) / 2500.0) / 100) * 100)';
    case 'posted_by':
      return `'${sellerPrefix}' || lpad(to_hex(i % ${SYNTHETIC_SELLERS}), 12, '0')`;
    case 'posted_by_username':
      return `'seller' || (i % ${SYNTHETIC_SELLERS})`;
    default:
      return `b."${column}"`;
  }
}

/** Fills the live ads read model with `count` ads. */
export async function fillAds(
  db: Knex,
  count: number,
  report: (line: string) => void,
): Promise<void> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  const tables = await liveTables(db);
  const now = Date.now();
  const base = Math.min(count, BASE_ADS);
  const handleBatch = adsProjection.handleBatch!;
  const adsPerBatch = Math.floor(EVENT_BATCH / 3);
  for (let from = 0; from < base; from += adsPerBatch) {
    const events = recordedEvents(from, Math.min(base, from + adsPerBatch), count, now);
    await db.transaction((trx) => handleBatch(trx, events, tables as never));
  }
  report(`catalogue: ${base} distinct ads through the ads projection (${elapsed()})`);

  // Every table of the build with one row per ad is copied; the rest (the word list) hold
  // nothing a copy adds.
  const keyed: { table: string; columns: string[] }[] = [];
  for (const table of Object.values(tables)) {
    const { rows } = await db.raw<{ rows: Column[] }>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = ? AND is_generated = 'NEVER'
        ORDER BY ordinal_position`,
      [table],
    );
    const columns = rows.map((row) => row.column_name);
    if (columns.includes('ad_id')) keyed.push({ table, columns });
  }
  // Loading without the secondary indexes and building them afterwards is several times faster.
  const indexes: string[] = [];
  for (const { table } of keyed) {
    const { rows } = await db.raw<{ rows: { indexname: string; indexdef: string }[] }>(
      `SELECT indexname, indexdef FROM pg_indexes
        WHERE schemaname = current_schema() AND tablename = ? AND indexname NOT IN (
          SELECT conname FROM pg_constraint WHERE conrelid = ?::regclass)`,
      [table, table],
    );
    for (const { indexname, indexdef } of rows) {
      indexes.push(indexdef);
      await db.raw('DROP INDEX ??', [indexname]);
    }
  }

  const idPrefix = syntheticAdId(0).slice(0, -12);
  const sellerPrefix = syntheticPostAd(demoReference(), 0, 1, now).data.postedBy.slice(0, -12);
  for (let from = base; from < count; from += COPY_CHUNK) {
    const to = Math.min(count, from + COPY_CHUNK) - 1;
    for (const { table, columns } of keyed) {
      await db.raw(
        `INSERT INTO ?? (${columns.map((c) => `"${c}"`).join(', ')})
         SELECT ${columns.map((c) => copiedValue(c, idPrefix, sellerPrefix)).join(', ')}
           FROM generate_series(?::bigint, ?::bigint) AS i
           JOIN ?? b ON b.ad_id = ? || lpad(to_hex(i % ?), 12, '0')
           CROSS JOIN LATERAL (
             SELECT to_timestamp(? / 1000.0) - ((? - i) * (?::float8 / ?)) * interval '1 second' AS at
           ) c`,
        [table, from, to, table, idPrefix, base, now, count, SECONDS_PER_YEAR, count],
      );
    }
    if ((to + 1) % 250_000 < COPY_CHUNK || to + 1 === count) {
      report(`catalogue: ${to + 1} of ${count} ads (${elapsed()})`);
    }
  }

  for (const indexdef of indexes) {
    // One transaction per index, for the same reason as the short INSERTs.
    await db.transaction(async (trx) => {
      await trx.raw(`SET LOCAL maintenance_work_mem = '256MB'`);
      await trx.raw(indexdef);
    });
  }
  for (const table of Object.values(tables)) await db.raw('VACUUM ANALYZE ??', [table]);
  report(`catalogue: ${count} ads indexed and analysed (${elapsed()})`);
}
