import type { Migration } from '@boli/engine/shared/migration';

/**
 * One row per build of a projection: the first build of a version, and each forced rebuild. At
 * most one build per projection is live (its tables are behind the logical views) and at most one
 * is building beside it.
 */
export const projectionBuildsMigration: Migration = {
  name: 'projections_0001_projection_builds',
  async up(knex) {
    await knex.schema.raw(`
      CREATE TABLE projection_builds (
        name text NOT NULL,
        version integer NOT NULL,
        build integer NOT NULL,
        status text NOT NULL CHECK (status IN ('building', 'live', 'retired')),
        checkpoint_commit numeric(20, 0) NOT NULL DEFAULT 0,
        checkpoint_prepare numeric(20, 0) NOT NULL DEFAULT 0,
        last_event_recorded_at timestamptz,
        events_handled bigint NOT NULL DEFAULT 0,
        tables jsonb NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        live_since timestamptz,
        retired_at timestamptz,
        last_error text,
        PRIMARY KEY (name, version, build)
      );
      CREATE UNIQUE INDEX projection_builds_one_live ON projection_builds (name) WHERE status = 'live';
      CREATE UNIQUE INDEX projection_builds_one_building ON projection_builds (name) WHERE status = 'building';
    `);
  },
  async down(knex) {
    await knex.schema.dropTableIfExists('projection_builds');
  },
};
