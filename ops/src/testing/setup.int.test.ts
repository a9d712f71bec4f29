import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from './database.ts';

describe('test databases', () => {
  const created: Array<{ drop(): Promise<void> }> = [];
  afterAll(() => Promise.all(created.map((db) => db.drop())));

  it('gives each test a database of its own, migrated like production', async () => {
    const [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    created.push(a!, b!);
    expect(a!.url).not.toEqual(b!.url);
    const client = new pg.Client({ connectionString: a!.url });
    await client.connect();
    const { rows } = await client.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_name = 'knex_migrations'",
    );
    await client.end();
    expect(rows).toHaveLength(1);
  });
});
