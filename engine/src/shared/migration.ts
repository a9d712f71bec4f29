import type { Knex } from 'knex';

/** One schema change. Each package lists its own in order; ops/src/db/migrate.ts runs them all. */
export type Migration = {
  readonly name: string;
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
};
