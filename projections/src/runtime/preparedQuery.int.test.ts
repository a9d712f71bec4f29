import knex, { type Knex } from 'knex';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import { genericPlans, positional, preparedQuery } from './preparedQuery.ts';

let database: TestDatabase;
let db: Knex;

beforeEach(async () => {
  database = await createTestDatabase();
  // One connection: every call below reuses the statement prepared on it.
  db = knex({ client: 'pg', connection: database.url, pool: { min: 1, max: 1 } });
  await db.raw(`CREATE TABLE things_v1 (id text PRIMARY KEY, label text);
    INSERT INTO things_v1 VALUES ('a', 'first');
    CREATE VIEW things AS SELECT * FROM things_v1`);
});

afterEach(async () => {
  await db.destroy();
  await database.drop();
});

const byId = (id: string) => preparedQuery(db, 'SELECT * FROM things WHERE id = ?', [id]);

it('numbers knex placeholders for PostgreSQL', () => {
  expect(positional('SELECT ? AS a, ? AS b')).toBe('SELECT $1 AS a, $2 AS b');
  expect(() => positional('SELECT * FROM ?? WHERE id = ?')).toThrow();
});

it('runs on a transaction’s own connection, seeing its uncommitted rows', async () => {
  await db.transaction(async (trx) => {
    await trx.raw(`INSERT INTO things_v1 VALUES ('b', 'second')`);
    expect(await preparedQuery(trx, 'SELECT label FROM things WHERE id = ?', ['b'])).toEqual([
      { label: 'second' },
    ]);
  });
});

it('prepares again when the view it reads is redefined with other columns (a new version live)', async () => {
  expect(await byId('a')).toEqual([{ id: 'a', label: 'first' }]);
  await db.raw(`CREATE TABLE things_v2 (id text PRIMARY KEY, label text, rank integer);
    INSERT INTO things_v2 VALUES ('a', 'first', 1);
    DROP VIEW things; CREATE VIEW things AS SELECT * FROM things_v2`);
  expect(await byId('a')).toEqual([{ id: 'a', label: 'first', rank: 1 }]);
  expect(await byId('a')).toEqual([{ id: 'a', label: 'first', rank: 1 }]);
});

/** How often PostgreSQL planned `statement`'s prepared statement for its values, and for any. */
const plansOf = async (on: Knex, statement: string) => {
  const [row] = await preparedQuery<{ custom: string; generic: string }>(
    on,
    `SELECT custom_plans AS custom, generic_plans AS generic FROM pg_prepared_statements
      WHERE statement = ?`,
    [positional(statement)],
  );
  return { custom: Number(row?.custom), generic: Number(row?.generic) };
};

it('on a pool set up with genericPlans, plans a statement once, not for each call’s values', async () => {
  const lookup = 'SELECT label FROM things WHERE id = ANY(?::text[])';
  const generic = knex({
    client: 'pg',
    connection: database.url,
    pool: { min: 1, max: 1, afterCreate: genericPlans },
  });
  try {
    for (let call = 0; call < 8; call++) {
      expect(await preparedQuery(generic, lookup, [['a', `x${call}`]])).toEqual([
        { label: 'first' },
      ]);
      await preparedQuery(db, lookup, [['a', `x${call}`]]);
    }
    expect(await plansOf(generic, lookup)).toEqual({ custom: 0, generic: 8 });
    // PostgreSQL's default plans at least the first five calls for their values.
    expect((await plansOf(db, lookup)).custom).toBeGreaterThanOrEqual(5);
  } finally {
    await generic.destroy();
  }
});
