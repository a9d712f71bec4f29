import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import type pg from 'pg';
import { setKeepingAtMost } from '@boli/engine/shared/boundedMap';

/** knex's `?` value placeholders as PostgreSQL's `$1 … $n` (identifier bindings, `??`, are refused). */
export function positional(sql: string): string {
  if (sql.includes('??')) throw new Error('preparedQuery takes value bindings only');
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** A table or column name as SQL, for statements whose names are only known at run time. */
export const quoteIdentifier = (identifier: string): string =>
  `"${identifier.replaceAll('"', '""')}"`;

/** Statements named so far, by their knex SQL: a hot read is named and converted once. */
const statements = new Map<string, { name: string; text: string }>();
const MAX_STATEMENTS = 200;

function statementOf(sql: string): { name: string; text: string } {
  let statement = statements.get(sql);
  if (statement === undefined) {
    statement = {
      name: `prepared_${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`,
      text: positional(sql),
    };
    setKeepingAtMost(statements, sql, statement, MAX_STATEMENTS);
  }
  return statement;
}

/**
 * The setting that makes a named statement's plan the one PostgreSQL keeps: a pool that runs
 * `preparedQuery` sets it on each connection it opens (`genericPlans`, or with its own settings).
 * By default (`plan_cache_mode = auto`) PostgreSQL plans a prepared statement anew for its values
 * whenever the plan for any values looks dearer, as it did for `= ANY(array)` lookups: measured at
 * 1,300 bids/s, the member-session read spent 0.13 ms planning on each of its calls to run in
 * 0.08 ms, and the bid summary 0.06 ms planning. These statements look rows up by key, whose plan
 * does not depend on the values; with it, PostgreSQL's CPU per bid fell by 7%.
 */
export const GENERIC_PLANS = 'SET plan_cache_mode = force_generic_plan';

/**
 * The pool whose connections run a knex instance's prepared statements (`withPreparedPool`).
 * GENERIC_PLANS is a connection's setting, and it holds for every statement with parameters on
 * it, knex's unnamed ones too: on a pool shared with the ad list, `LIMIT $1` and `owner_blocked =
 * $2` were planned without their values, and the unfiltered list of a million ads sorted them all
 * (255 ms against 5 ms; the catalogue bench's ads.filter.p99_ms). So the prepared statements have
 * a pool of their own, and the rest keep PostgreSQL's plan for their values.
 */
const preparedPools = new WeakMap<Knex, Knex>();

/**
 * A process's `db` (PostgreSQL's default planning, at most `max` connections) whose prepared
 * statements run, outside a transaction, on a pool of `preparedMax` connections of their own set
 * up with `genericPlans`. `open` makes a knex on a pool (`observedKnex`, say); `destroy` ends
 * both. A knex made otherwise runs its prepared statements on itself.
 */
export function withPreparedPool(
  open: (pool: Knex.PoolConfig) => Knex,
  sizes: { max: number; preparedMax: number },
): { db: Knex; destroy: () => Promise<void> } {
  const db = open({ min: 0, max: sizes.max });
  const prepared = open({ min: 0, max: sizes.preparedMax, afterCreate: genericPlans });
  preparedPools.set(db, prepared);
  return {
    db,
    async destroy() {
      await Promise.all([db.destroy(), prepared.destroy()]);
    },
  };
}

/** knex's `pool.afterCreate` for a pool that runs `preparedQuery` (see `GENERIC_PLANS`). */
export function genericPlans(
  connection: pg.Client,
  done: (error: Error | null, connection: pg.Client) => void,
): void {
  connection.query(GENERIC_PLANS, (error) => done(error ?? null, connection));
}

/**
 * Rows of `sql` (knex `?` placeholders) run as a named prepared statement on one of `db`'s pooled
 * connections, or on a transaction's own: PostgreSQL plans it once per connection instead of on
 * every call (on a pool set up with `genericPlans`), and knex builds nothing. For the statements of every bid, whose planning and
 * building cost more than their execution (measured on the bench's marketplace: the bid summary
 * plans in 0.8–1.9 ms and runs in 0.3 ms; a member by id took 0.29 ms of the api's CPU and 0.27 ms
 * of PostgreSQL's through knex, 0.17 and 0.08 prepared).
 */
export async function preparedQuery<R>(
  given: Knex | Knex.Transaction,
  sql: string,
  bindings: readonly unknown[],
): Promise<R[]> {
  // A transaction's statements go on its own connection.
  const db = given.isTransaction ? given : (preparedPools.get(given) ?? given);
  const connection = (await db.client.acquireConnection()) as pg.Client;
  try {
    return await run<R>(connection, statementOf(sql), bindings);
  } catch (error) {
    if (db.isTransaction || !planChanged(error)) throw error;
    // A view this statement reads was redefined with other columns (a projection's new version
    // went live): PostgreSQL refuses the prepared plan on this connection, so prepare it anew.
    const stale = statementOf(sql);
    const renamed = { ...stale, name: `${stale.name}_${++renames}` };
    statements.set(sql, renamed);
    return await run<R>(connection, renamed, bindings);
  } finally {
    await db.client.releaseConnection(connection);
  }
}

let renames = 0;

const run = async <R>(
  connection: pg.Client,
  { name, text }: { name: string; text: string },
  bindings: readonly unknown[],
): Promise<R[]> =>
  (await connection.query<R & pg.QueryResultRow>({ name, text, values: bindings as unknown[] }))
    .rows;

/** "cached plan must not change result type" (feature_not_supported). */
const planChanged = (error: unknown): boolean =>
  (error as { code?: string })?.code === '0A000' &&
  /cached plan must not change result type/.test(String((error as Error).message));
