import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { loadApiConfig } from '@boli/api/config';
import { connectInfrastructure } from '@boli/api/infrastructure';
import { createLogger } from '@boli/api/logger';
import { localDiskStorage } from '@boli/api/media/storage';
import { startServer } from '@boli/api/server';
import { allProjections, startProjectionRunners, waitForProjections } from '@boli/projections';
import { positional } from '@boli/projections/runtime/preparedQuery';
import { migrate } from '../src/db/migrate.ts';
import { popularSubcategory } from '../src/seed/demo/ads.ts';
import { ITEMS } from '../src/seed/demo/items.ts';
import { DEMO_PASSWORD } from '../src/seed/demo/members.ts';
import { seededRandom, type Random } from '../src/seed/demo/random.ts';
import { demoReference } from '../src/seed/demo/reference.ts';
import { seedDemoData } from '../src/seed/demo/seedDemo.ts';
import { seedReferenceData } from '../src/seed/reference.ts';
import { dropDatabase, recreateDatabase, withDatabase } from '../src/services/index.ts';
import { fillAds } from './catalogue.data.ts';
import type { Metric } from './types.ts';
import { median, percentile } from './stats.ts';

/*
 * The ad list, search and posting over HTTP against the real api, with BENCH_ADS (default
 * 1,000,000) ads in the read model of a scratch database. Requests go one at a time (latency,
 * not throughput); each metric is the median over RUNS runs of that run's p99.
 */

const DEFAULT_ADS = 1_000_000;
const RUNS = 3;
const FILTERS_PER_RUN = 200;
const SEARCHES_PER_RUN = 200;
const POSTS_PER_RUN = 10;
const WARM_UP = 30;
const PHOTO_BYTES = 2 * 1024 * 1024;

const round = (n: number): number => Number(n.toFixed(2));

/** The filter combinations the ad list's panel sends, with values the catalogue holds. */
function filterQueries(random: Random, count: number): URLSearchParams[] {
  const reference = demoReference();
  const cars = reference.makes.Cars;
  return Array.from({ length: count }, () => {
    const place = random.pick(reference.places);
    const [category, subcategory] = popularSubcategory(random, reference);
    const kind = ITEMS[category]![subcategory]!;
    const q: Record<string, string> = {};
    switch (random.int(0, 9)) {
      case 0:
        break;
      case 1:
        Object.assign(q, { category });
        break;
      case 2:
        Object.assign(q, { category, subcategory });
        break;
      case 3:
        Object.assign(q, { country: 'India', state: place.state });
        break;
      case 4:
        Object.assign(q, { country: 'India', state: place.state, district: place.district });
        break;
      case 5:
        Object.assign(q, { category, country: 'India', state: place.state });
        break;
      case 6: {
        const low = Math.round(kind.min + (kind.max - kind.min) * random.next() * 0.5);
        Object.assign(q, {
          category,
          subcategory,
          priceFrom: String(low),
          priceTo: String(low * 2),
        });
        break;
      }
      case 7: {
        const make = random.pick(Object.keys(cars));
        Object.assign(q, { category: 'Automobiles', subcategory: 'Cars', make });
        if (random.chance(0.5)) q.model = random.pick(cars[make]!);
        break;
      }
      case 8:
        Object.assign(q, {
          category: 'Automobiles',
          subcategory: random.pick(['Cars', 'Bikes']),
          yearOfManufactureFrom: String(2012 + random.int(0, 8)),
          mileageTo: String(random.int(2, 8) * 10_000),
          ownerOrDealer: random.pick(['Owner', 'Dealer']),
        });
        break;
      default:
        Object.assign(q, { category, page: String(random.int(2, 5)) });
    }
    return new URLSearchParams(q);
  });
}

/** A typo as people make them: two letters swapped, one dropped, or one doubled. */
function misspell(random: Random, word: string): string {
  if (word.length < 4) return word;
  const i = random.int(1, word.length - 2);
  switch (random.int(0, 2)) {
    case 0:
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    case 1:
      return word.slice(0, i) + word.slice(i + 1);
    default:
      return word.slice(0, i) + word[i] + word.slice(i);
  }
}

/** What people type in the search box: one or two words of items, makes, models and cities. */
function searchTexts(random: Random, count: number): string[] {
  const reference = demoReference();
  const words = [
    ...Object.values(ITEMS).flatMap((subs) =>
      Object.values(subs).flatMap((kind) => kind.items.flatMap((item) => item.split(/[\s,]+/))),
    ),
    ...Object.values(reference.makes).flatMap((makes) => Object.keys(makes)),
    ...reference.places.map((place) => place.district),
  ].filter((word) => /^[A-Za-z]{3,}$/.test(word));
  return Array.from({ length: count }, () => {
    const typed = Array.from({ length: random.int(1, 2) }, () => random.pick(words).toLowerCase());
    return typed.map((word) => (random.chance(0.3) ? misspell(random, word) : word)).join(' ');
  });
}

/** A camera-sized JPEG of about 2 MB (noise compresses badly, as detail does). */
async function twoMegabytePhoto(): Promise<Buffer> {
  const width = 1800;
  const height = 1350;
  const noise = randomBytes(width * height * 3);
  for (let quality = 95; ; quality -= 5) {
    const jpeg = await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length <= PHOTO_BYTES || quality <= 50) {
      // Padded after the end of the image to exactly 2 MB; decoders stop at the end marker.
      return jpeg.length < PHOTO_BYTES
        ? Buffer.concat([jpeg, Buffer.alloc(PHOTO_BYTES - jpeg.length)])
        : jpeg;
    }
  }
}

type Query = { sql: string; bindings: readonly unknown[] };
/** The slowest requests of a kind, with the SQL each ran (for EXPLAIN ANALYZE). */
type Slowest = { url: string; ms: number; queries: Query[] }[];

/** The SQL the api runs, captured per request (requests go one at a time). */
let captured: Query[] = [];

async function timed(request: () => Promise<Response>, slowest?: Slowest): Promise<number> {
  captured = [];
  const started = performance.now();
  const response = await request();
  await response.arrayBuffer();
  const ms = performance.now() - started;
  if (response.status !== 200) throw new Error(`${response.url} answered ${response.status}`);
  if (slowest) {
    slowest.push({ url: response.url, ms, queries: captured });
    slowest.sort((a, b) => b.ms - a.ms).splice(3);
  }
  return ms;
}

/** Prints EXPLAIN ANALYZE of the read-model queries the slowest requests ran. */
async function explainSlowest(databaseUrl: string, name: string, slowest: Slowest): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const { url, ms, queries } of slowest) {
      console.log(`\n${name}: slowest request ${Math.round(ms)} ms: ${decodeURIComponent(url)}`);
      for (const query of queries) {
        if (!/^\s*(select|with)/i.test(query.sql) || !/"?ads"?|ad_search|ad_words/.test(query.sql))
          continue;
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          // A query without bindings keeps its `?`s (they are operators then).
          `EXPLAIN (ANALYZE, BUFFERS) ${query.bindings.length === 0 ? query.sql : positional(query.sql)}`,
          query.bindings as unknown[],
        );
        console.log(rows.map((row) => row['QUERY PLAN']).join('\n'));
      }
    }
  } finally {
    await client.end();
  }
}

export async function measureCatalogue(ctx: {
  databaseUrl: string;
  redisUrl: string;
}): Promise<Record<string, Metric>> {
  const count = Number(process.env.BENCH_ADS ?? DEFAULT_ADS);
  const databaseUrl = withDatabase(
    ctx.databaseUrl,
    `boli_bench_catalogue_${randomBytes(4).toString('hex')}`,
  );
  const mediaDir = await mkdtemp(join(tmpdir(), 'boli-bench-media-'));
  await recreateDatabase(databaseUrl);
  try {
    await migrate(databaseUrl);
    await seedReferenceData(databaseUrl);
    const config = loadApiConfig({
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      REDIS_URL: ctx.redisUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      MEDIA_DIR: mediaDir,
      QUEUE_PREFIX: `bench${randomBytes(4).toString('hex')}`,
    });
    const logger = createLogger({ level: 'silent', name: 'api' });
    const infra = connectInfrastructure(config, logger);
    const runners = await startProjectionRunners({
      databaseUrl,
      store: infra.store,
      projections: allProjections,
      logger,
    });
    const server = await startServer(infra, { port: 0, host: '127.0.0.1' });
    try {
      await fillAds(infra.db, count, (line) => console.log(line));
      // Members to post as: the demo's, verified, with an address and the free trial.
      const { members } = await seedDemoData(databaseUrl, {
        adCount: 0,
        mediaStorage: localDiskStorage(mediaDir),
      });
      const last = await infra.db.raw<{ rows: { commit: string; prepare: string }[] }>(
        `SELECT transaction_id::text AS commit, position::text AS prepare
           FROM event_store_events ORDER BY transaction_id DESC, position DESC LIMIT 1`,
      );
      const position = {
        commit: BigInt(last.rows[0]!.commit),
        prepare: BigInt(last.rows[0]!.prepare),
      };
      if (!(await waitForProjections(infra.db, ['users', 'entitlements'], position, 60_000))) {
        throw new Error('the members did not reach the read models');
      }
      const member = members[0]!;
      const signin = await fetch(`${server.url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: member.username, password: DEMO_PASSWORD }),
      });
      const { data } = (await signin.json()) as { data: { token: string } };
      const auth = { authorization: `Bearer ${data.token}` };

      infra.db.on('query', (query: { sql: string; bindings?: unknown[] }) =>
        captured.push({ sql: query.sql, bindings: query.bindings ?? [] }),
      );
      const slowest = { filter: [] as Slowest, search: [] as Slowest };
      const random = seededRandom(31);
      const photo = await twoMegabytePhoto();
      const filter = (q: URLSearchParams, k: number, keep?: Slowest) =>
        timed(
          () =>
            k % 2 === 0
              ? fetch(`${server.url}/api/globalAds?${q}`)
              : fetch(`${server.url}/api/posts/filter?${q}`, { headers: auth }),
          keep,
        );
      const search = (text: string, keep?: Slowest) =>
        timed(
          () => fetch(`${server.url}/api/posts/searchAds?${new URLSearchParams({ search: text })}`),
          keep,
        );
      const post = () => {
        const form = new FormData();
        const fields = {
          itemName: 'Canon EOS 200D with kit lens',
          categoryname: 'Electronics & Appliances',
          subcategory: 'Cameras & Lenses',
          price: '32500',
          description: 'Like new, 4,000 shutter count. Bill and box available.',
          displayPhone: 'false',
        };
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        form.append('media', new Blob([photo], { type: 'image/jpeg' }), 'camera.jpg');
        return timed(() =>
          fetch(`${server.url}/api/posts/`, { method: 'POST', headers: auth, body: form }),
        );
      };

      for (const [k, q] of filterQueries(random, WARM_UP).entries()) await filter(q, k);
      for (const text of searchTexts(random, WARM_UP)) await search(text);
      await post();

      const runs = { filter: [] as number[], search: [] as number[], post: [] as number[] };
      const p50 = { filter: [] as number[], search: [] as number[], post: [] as number[] };
      for (let run = 0; run < RUNS; run++) {
        const times = { filter: [] as number[], search: [] as number[], post: [] as number[] };
        for (const [k, q] of filterQueries(random, FILTERS_PER_RUN).entries()) {
          times.filter.push(await filter(q, k, slowest.filter));
        }
        for (const text of searchTexts(random, SEARCHES_PER_RUN)) {
          times.search.push(await search(text, slowest.search));
        }
        for (let i = 0; i < POSTS_PER_RUN; i++) times.post.push(await post());
        for (const key of ['filter', 'search', 'post'] as const) {
          const sorted = times[key].sort((a, b) => a - b);
          runs[key].push(percentile(sorted, 99));
          p50[key].push(percentile(sorted, 50));
        }
        console.log(
          `catalogue run ${run + 1}: p99 filter ${round(runs.filter[run]!)} ms, search ${round(runs.search[run]!)} ms, post ${round(runs.post[run]!)} ms`,
        );
      }
      // Where a query misses its target, what PostgreSQL did for the slowest requests.
      if (median(runs.filter) >= 20) await explainSlowest(databaseUrl, 'filter', slowest.filter);
      if (median(runs.search) >= 50) await explainSlowest(databaseUrl, 'search', slowest.search);
      const metric = (key: 'filter' | 'search' | 'post', target: string, what: string) => ({
        value: round(median(runs[key])),
        unit: `ms (${what}; median of ${RUNS} runs' p99, p50 ${round(median(p50[key]))} ms; ${count.toLocaleString('en-IN')} ads)`,
        target,
      });
      return {
        'ads.filter.p99_ms': metric(
          'filter',
          '< 20',
          `${FILTERS_PER_RUN} filter combos per run over /api/globalAds and /api/posts/filter`,
        ),
        'ads.search.p99_ms': metric(
          'search',
          '< 50',
          `${SEARCHES_PER_RUN} searches per run, 30 % of words misspelt`,
        ),
        'ads.post.p99_ms': metric(
          'post',
          '< 300',
          `${POSTS_PER_RUN} posts per run, one 2 MB photo each`,
        ),
      };
    } finally {
      await server.close();
      await runners.stop();
      await infra.close();
    }
  } finally {
    await dropDatabase(databaseUrl);
    await rm(mediaDir, { recursive: true, force: true });
  }
}
