import knex from 'knex';
import pg from 'pg';
import { z } from 'zod';
import { sharedEnv } from '@boli/api/config';
import { localDiskStorage } from '@boli/api/media/storage';
import { appendNewStreams, existingStreams } from '@boli/engine/eventStore/postgres/bulkAppend';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import {
  allProjections,
  projectionStatus,
  startProjectionRunners,
  waitForProjections,
  type Projection,
} from '@boli/projections';
import { renderPicture } from '../seed/demo/pictures.ts';
import { demoReference } from '../seed/demo/reference.ts';
import {
  syntheticAdStream,
  syntheticPlaceholder,
  syntheticPostAd,
} from '../seed/demo/synthetic.ts';
import { log } from '../services/system.ts';

/*
 * `npm run ops -- seed-scale <n>`: n synthetic ads for benchmarks, written as the events PostAd
 * decides, appended in bulk (engine/src/eventStore/postgres/bulkAppend.ts), then waits until the
 * read models have caught up. Ads 0 … n-1 have fixed ids: a second run adds only what is missing.
 */

/** Ads per INSERT: about 3 events and 4 kB each. */
const BATCH = 2_000;
const INSERTS_IN_FLIGHT = 2;
/** Projections read this many events per transaction while catching up. */
const CATCH_UP_BATCH = 2_000;

export type SeedScaleOptions = {
  /** Progress lines; `log` by default. */
  readonly report?: (line: string) => void;
  /** Projections to run (if no other process runs them) and wait for; every one by default. */
  readonly projections?: readonly Projection[];
  /** How long to wait for the read models; default 30 minutes. */
  readonly catchUpTimeoutMs?: number;
};

const seconds = (since: number): string => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** The synthetic ads' shared picture, drawn once into MEDIA_DIR. */
async function savePlaceholder(): Promise<void> {
  const { MEDIA_DIR } = z.object({ MEDIA_DIR: sharedEnv.MEDIA_DIR }).parse(process.env);
  const storage = localDiskStorage(MEDIA_DIR);
  const existing = await storage.open(syntheticPlaceholder.name);
  if (existing) {
    existing.body.destroy();
    return;
  }
  const rendered = await renderPicture({
    ...syntheticPlaceholder,
    title: 'Boli',
    subtitle: 'Synthetic ad',
    caption: 'seed-scale',
    hue: 210,
    position: 1,
    of: 1,
  });
  await storage.save(syntheticPlaceholder.thumbnail, rendered.thumbnail);
  await storage.save(syntheticPlaceholder.name, rendered.picture);
}

/** Appends ads 0 … count-1 that are not stored yet; answers how many it added. */
export async function appendSyntheticAds(
  databaseUrl: string,
  count: number,
  report: (line: string) => void = log,
): Promise<number> {
  const reference = demoReference();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const now = Date.now();
  const started = performance.now();
  let added = 0;
  let nextReport = Math.max(BATCH, Math.round(count / 20));
  const batchOf = (from: number) =>
    Array.from({ length: Math.min(BATCH, count - from) }, (_, k) =>
      syntheticAdStream(syntheticPostAd(reference, from + k, count, now)),
    );
  try {
    // While batches are being inserted (two at a time, one per core), the next is built.
    const inFlight: Promise<void>[] = [];
    for (let from = 0; from < count; from += BATCH) {
      const streams = batchOf(from);
      if (inFlight.length >= INSERTS_IN_FLIGHT) await inFlight.shift();
      inFlight.push(
        (async () => {
          const stored = await existingStreams(
            pool,
            streams.map((s) => s.streamId),
          );
          const fresh =
            stored.size === 0 ? streams : streams.filter((s) => !stored.has(s.streamId));
          await appendNewStreams(pool, fresh);
          added += fresh.length;
        })(),
      );
      if (from + BATCH >= nextReport || from + BATCH >= count) {
        nextReport += Math.max(BATCH, Math.round(count / 20));
        const done = Math.min(count, from + BATCH);
        const rate = Math.round(done / ((performance.now() - started) / 1000));
        report(
          `seed-scale: ${done.toLocaleString('en-IN')} of ${count.toLocaleString('en-IN')} ads appended (${rate}/s)`,
        );
      }
    }
    await Promise.all(inFlight);
  } finally {
    await pool.end();
  }
  report(`seed-scale: ${added} new ads (${count - added} already there) in ${seconds(started)}`);
  return added;
}

/** Runs the read models here (standing by if another process runs them) until they caught up. */
export async function waitForCatchUp(
  databaseUrl: string,
  projections: readonly Projection[],
  report: (line: string) => void = log,
  timeoutMs = 30 * 60_000,
): Promise<void> {
  const store = createPostgresEventStore({ connectionString: databaseUrl });
  const db = knex({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 2 } });
  const runners = await startProjectionRunners({
    databaseUrl,
    store,
    projections,
    batchSize: CATCH_UP_BATCH,
  });
  const started = performance.now();
  try {
    const { rows } = await db.raw<{ rows: { commit: string; prepare: string }[] }>(
      `SELECT transaction_id::text AS commit, position::text AS prepare FROM event_store_events
        ORDER BY transaction_id DESC, position DESC LIMIT 1`,
    );
    const last = rows[0];
    if (!last) return;
    const position = { commit: BigInt(last.commit), prepare: BigInt(last.prepare) };
    const names = projections.map((p) => p.name);
    while (!(await waitForProjections(db, names, position, 5_000))) {
      if (performance.now() - started > timeoutMs) {
        throw new Error(`the read models did not catch up within ${timeoutMs / 60_000} min`);
      }
      const statuses = await projectionStatus(db, store, { countLimit: 100_000 });
      const behind = statuses
        .filter((s) => names.includes(s.name) && s.eventsBehind > 0)
        .map(
          (s) =>
            `${s.name} ${s.eventsBehindIsLowerBound ? '≥ ' : ''}${s.eventsBehind} behind (${s.eventsHandled} handled)`,
        );
      report(`seed-scale: catching up after ${seconds(started)}: ${behind.join(', ') || '…'}`);
    }
    report(`seed-scale: read models caught up in ${seconds(started)}`);
  } finally {
    await runners.stop();
    await store.close();
    await db.destroy();
  }
}

export async function seedScale(
  databaseUrl: string,
  count: number,
  options: SeedScaleOptions = {},
): Promise<number> {
  const report = options.report ?? log;
  await savePlaceholder();
  const added = await appendSyntheticAds(databaseUrl, count, report);
  await waitForCatchUp(
    databaseUrl,
    options.projections ?? allProjections,
    report,
    options.catchUpTimeoutMs,
  );
  return added;
}

export const seedScaleSubcommand = {
  usage:
    'seed-scale <n> [read model …] — append n synthetic ads (benchmarks), then wait for the read models (all, or those named)',
  async run(args: string[], databaseUrl: string): Promise<number> {
    const [n = '', ...names] = args;
    const count = Number(n.replaceAll('_', '').replaceAll(',', ''));
    const unknown = names.filter((name) => !allProjections.some((p) => p.name === name));
    if (!Number.isSafeInteger(count) || count < 1 || unknown.length > 0) {
      console.error(
        `usage: npm run ops -- seed-scale <n> [read model …]   (e.g. 1000000 ads)\nread models: ${allProjections.map((p) => p.name).join(', ')}`,
      );
      return 2;
    }
    const projections =
      names.length === 0 ? allProjections : allProjections.filter((p) => names.includes(p.name));
    await seedScale(databaseUrl, count, { projections });
    return 0;
  },
};
