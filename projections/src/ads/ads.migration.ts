import type { Migration } from '@boli/engine/shared/migration';

/**
 * Trigram matching (pg_trgm) for the ads search's typo mending. Created here, once, rather than
 * inside a projection build, so that two builds starting together never race to create it. Needs
 * a role allowed to create extensions (pg_trgm is "trusted" from PostgreSQL 13: a database
 * owner may create it).
 */
export const pgTrgmMigration: Migration = {
  name: 'projections_0002_pg_trgm',
  async up(knex) {
    await knex.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  },
  // The users read model's member search uses it too: it stays.
  async down() {},
};
