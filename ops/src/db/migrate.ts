import knex from 'knex';
import { migrations as eventStore } from '@boli/engine/migrations';
import { migrations as projections } from '@boli/projections/migrations';
import { migrations as api } from '@boli/api/migrations';
import type { Migration } from '@boli/engine/shared/migration';

/** Every package's migrations, in the order they must run. */
export const allMigrations: readonly Migration[] = [...eventStore, ...projections, ...api];

export async function migrate(databaseUrl: string): Promise<string[]> {
  const db = knex({ client: 'pg', connection: databaseUrl });
  try {
    const [, applied] = (await db.migrate.latest({
      migrationSource: {
        getMigrations: async () => [...allMigrations],
        getMigrationName: (migration: Migration) => migration.name,
        getMigration: async (migration: Migration) => migration,
      },
    })) as [number, string[]];
    return applied;
  } finally {
    await db.destroy();
  }
}
