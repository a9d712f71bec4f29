import type { Knex } from 'knex';
import type { GlobalPosition } from '@boli/engine/eventStore/eventStore';
import { physicalTables, type Projection } from './projection.ts';
import { preparedQuery, quoteIdentifier as quote } from './preparedQuery.ts';

export const BUILDS = 'projection_builds';

export type BuildStatus = 'building' | 'live' | 'retired';
export type BuildKey = { readonly name: string; readonly version: number; readonly build: number };

export type Build = BuildKey & {
  readonly status: BuildStatus;
  readonly checkpoint: GlobalPosition;
  readonly lastEventRecordedAt: Date | null;
  readonly eventsHandled: number;
  readonly tables: Readonly<Record<string, string>>;
  readonly updatedAt: Date;
  readonly lastError: string | null;
};

type BuildRow = {
  name: string;
  version: number;
  build: number;
  status: BuildStatus;
  checkpoint_commit: string;
  checkpoint_prepare: string;
  last_event_recorded_at: Date | null;
  events_handled: string;
  tables: Record<string, string>;
  updated_at: Date;
  last_error: string | null;
};

/** Named, not `*`: a prepared statement's columns must not change under it (a new migration). */
const BUILD_COLUMNS = `name, version, build, status, checkpoint_commit, checkpoint_prepare,
  last_event_recorded_at, events_handled, tables, updated_at, last_error`;

const toBuild = (row: BuildRow): Build => ({
  name: row.name,
  version: row.version,
  build: row.build,
  status: row.status,
  checkpoint: { commit: BigInt(row.checkpoint_commit), prepare: BigInt(row.checkpoint_prepare) },
  lastEventRecordedAt: row.last_event_recorded_at,
  eventsHandled: Number(row.events_handled),
  tables: row.tables,
  updatedAt: row.updated_at,
  lastError: row.last_error,
});

export const keyOf = ({ name, version, build }: BuildKey): BuildKey => ({ name, version, build });
export const describeBuild = ({ name, version, build }: BuildKey): string =>
  `${name} v${version} build ${build}`;

export async function listBuilds(
  db: Knex | Knex.Transaction,
  name?: string,
  forUpdate = false,
): Promise<Build[]> {
  const query = db<BuildRow>(BUILDS)
    .whereNot('status', 'retired')
    .orderBy(['name', 'version', 'build']);
  if (name !== undefined) query.where({ name });
  if (forUpdate) query.forUpdate();
  return (await query).map(toBuild);
}

export async function loadBuild(
  db: Knex | Knex.Transaction,
  key: BuildKey,
  forUpdate = false,
): Promise<Build | undefined> {
  // Prepared: read (and locked) for every batch a projection writes.
  const [row] = await preparedQuery<BuildRow>(
    db,
    `SELECT ${BUILD_COLUMNS} FROM ${BUILDS} WHERE name = ? AND version = ? AND build = ?${forUpdate ? ' FOR UPDATE' : ''}`,
    [key.name, key.version, key.build],
  );
  return row && toBuild(row);
}

/** Serialises decisions about one projection's builds across processes, until the transaction ends. */
export const lockProjectionPlanning = (trx: Knex.Transaction, name: string) =>
  trx.raw(`SELECT pg_advisory_xact_lock(hashtext('boli.projection.plan'), hashtext(?))`, [name]);

/** Points every logical view at `next`'s tables; views `previous` had and `next` lacks disappear. */
async function replaceViews(
  trx: Knex.Transaction,
  next: Record<string, string>,
  previous: Record<string, string> = {},
) {
  for (const logical of new Set([...Object.keys(previous), ...Object.keys(next)])) {
    await trx.raw(`DROP VIEW IF EXISTS ${quote(logical)}`);
  }
  for (const [logical, physical] of Object.entries(next)) {
    await trx.raw(`CREATE VIEW ${quote(logical)} AS SELECT * FROM ${quote(physical)}`);
  }
}

async function retire(trx: Knex.Transaction, build: Build): Promise<void> {
  await trx(BUILDS)
    .where(keyOf(build))
    .update({ status: 'retired', retired_at: trx.fn.now(), updated_at: trx.fn.now() });
  for (const physical of Object.values(build.tables))
    await trx.raw(`DROP TABLE IF EXISTS ${quote(physical)}`);
}

async function createBuild(
  trx: Knex.Transaction,
  projection: Projection,
  status: 'live' | 'building',
): Promise<Build> {
  const [{ max } = { max: null }] = (await trx(BUILDS)
    .where({ name: projection.name, version: projection.version })
    .max('build as max')) as { max: number | null }[];
  const build = max === null ? 0 : max + 1;
  const tables = physicalTables(projection, build);
  for (const [logical, definition] of Object.entries(projection.tables)) {
    const physical = tables[logical]!;
    await trx.raw(`DROP TABLE IF EXISTS ${quote(physical)}`); // left by a build whose row was deleted by hand
    await definition.create(trx, physical);
  }
  await trx(BUILDS).insert({
    name: projection.name,
    version: projection.version,
    build,
    status,
    tables: JSON.stringify(tables),
    live_since: status === 'live' ? trx.fn.now() : null,
  });
  if (status === 'live') await replaceViews(trx, tables);
  return (await loadBuild(trx, { name: projection.name, version: projection.version, build }))!;
}

/**
 * Which builds of `projection` this code (its version) should drive, creating what is missing:
 * the first build goes live at once (nothing else could serve reads); a newer version is built
 * beside the live one; an abandoned build of an older version is dropped. A live build newer than
 * this code is left alone (an older deployment must not fight a newer one).
 */
export async function planBuilds(db: Knex, projection: Projection): Promise<Build[]> {
  return db.transaction(async (trx) => {
    await lockProjectionPlanning(trx, projection.name);
    const builds = await listBuilds(trx, projection.name);
    const live = builds.find((b) => b.status === 'live');
    let building = builds.find((b) => b.status === 'building');
    if (live && live.version > projection.version) return [];
    if (building && building.version < projection.version) {
      await retire(trx, building);
      building = undefined;
    }
    if (!live) return [await createBuild(trx, projection, 'live')];
    if (live.version < projection.version && !building)
      building = await createBuild(trx, projection, 'building');
    return [live, building].filter(
      (b): b is Build => b !== undefined && b.version === projection.version,
    );
  });
}

/** Starts a from-zero build of the current version beside the live one (or returns the one pending). */
export async function requestRebuild(db: Knex, projection: Projection): Promise<Build> {
  return db.transaction(async (trx) => {
    await lockProjectionPlanning(trx, projection.name);
    const builds = await listBuilds(trx, projection.name);
    const live = builds.find((b) => b.status === 'live');
    const building = builds.find((b) => b.status === 'building');
    if (live && live.version > projection.version) {
      throw new Error(
        `${projection.name} v${live.version} is live; this code only knows v${projection.version}`,
      );
    }
    if (building && building.version === projection.version) return building;
    if (building) await retire(trx, building);
    return createBuild(trx, projection, live ? 'building' : 'live');
  });
}

/**
 * In one transaction: `build` becomes live, the views point at its tables, the previous live build
 * is retired and its tables dropped. Readers block for the length of the transaction at most and
 * never see the views missing. `catchUp` runs first, inside the transaction, while the previous
 * build's row is locked, so the new tables are never behind the ones they replace.
 */
export async function goLive(
  db: Knex,
  key: BuildKey,
  expected: GlobalPosition,
  catchUp: (trx: Knex.Transaction) => Promise<GlobalPosition | undefined>,
): Promise<boolean> {
  return db.transaction(async (trx) => {
    await lockProjectionPlanning(trx, key.name);
    const builds = await listBuilds(trx, key.name, true);
    const me = builds.find((b) => b.version === key.version && b.build === key.build);
    if (me?.status !== 'building') return false;
    if (me.checkpoint.commit !== expected.commit || me.checkpoint.prepare !== expected.prepare) {
      throw new Error(`${describeBuild(key)} was advanced by another runner`);
    }
    if ((await catchUp(trx)) === undefined) return false;
    const live = builds.find((b) => b.status === 'live');
    await replaceViews(trx, { ...me.tables }, live ? { ...live.tables } : {});
    if (live) await retire(trx, live);
    await trx(BUILDS)
      .where(keyOf(key))
      .update({ status: 'live', live_since: trx.fn.now(), updated_at: trx.fn.now() });
    return true;
  });
}
