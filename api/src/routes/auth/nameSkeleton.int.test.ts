import knex, { type Knex } from 'knex';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nameSkeleton } from '@boli/engine/shared/characters';
import { createTestDatabase, type TestDatabase } from '../../../../ops/src/testing/database.ts';
import { aliasIsOthersUsername } from './identities.ts';

describe('name_skeleton in PostgreSQL', () => {
  let database: TestDatabase;
  let db: Knex;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = knex({ client: 'pg', connection: database.url });
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('folds a username as nameSkeleton does', async () => {
    // Usernames as account_identities keeps them: letters, digits, '-', '_' and '.', in lower case.
    const usernames = fc.stringMatching(/^[a-z0-9_.-]{1,15}$/);
    const samples = [...fc.sample(usernames, { numRuns: 300, seed: 7 }), 'rahul_verma', 'rnvv10i'];
    const { rows } = await db.raw<{ rows: { name: string; skeleton: string }[] }>(
      'SELECT name, name_skeleton(name) AS skeleton FROM unnest(?::text[]) AS name',
      [samples],
    );
    for (const { name, skeleton } of rows) expect(skeleton, name).toBe(nameSkeleton(name));
  });

  it('finds the member whose username an alias reads as, through its index', async () => {
    await db('account_identities').insert({
      kind: 'username',
      value: 'rahul_verma',
      user_id: 'u-rahul',
    });
    expect(await aliasIsOthersUsername(db, 'RahuI_Verma', 'u-other')).toBe(true);
    expect(await aliasIsOthersUsername(db, 'rahu1_verrna', 'u-other')).toBe(true);
    expect(await aliasIsOthersUsername(db, 'rahul_vermas', 'u-other')).toBe(false);
    // Their own username is no one else's.
    expect(await aliasIsOthersUsername(db, 'RahuI_Verma', 'u-rahul')).toBe(false);
    // The lookup can use the index (the planner is told not to scan instead, as on a big table).
    const plan = await db.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      const { rows } = await trx.raw<{ rows: { 'QUERY PLAN': string }[] }>(
        "EXPLAIN SELECT 1 FROM account_identities WHERE kind = 'username' AND name_skeleton(value) = 'x'",
      );
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('account_identities_username_skeleton');
  });
});
