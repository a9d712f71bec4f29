import type { Migration } from '@boli/engine/shared/migration';

/*
 * `nameSkeleton` (engine/src/shared/characters.ts) in SQL, over the usernames `account_identities`
 * keeps (already as they read and in lower case): an alias is looked up by its skeleton among
 * theirs, through an index, so that 'rahuI_verma' with a capital I finds rahul_verma.
 * `nameSkeleton.int.test.ts` checks that the two fold alike.
 */
export const nameSkeletonMigration: Migration = {
  name: '20261130_0100_name_skeleton',
  async up(knex) {
    await knex.schema.raw(`
      CREATE FUNCTION name_skeleton(name text) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
        RETURN replace(replace(translate(lower(name), 'i1|0', 'lllo'), 'rn', 'm'), 'vv', 'w');
      CREATE INDEX account_identities_username_skeleton
        ON account_identities (name_skeleton(value)) WHERE kind = 'username';
    `);
  },
  async down(knex) {
    await knex.schema.raw(`
      DROP INDEX IF EXISTS account_identities_username_skeleton;
      DROP FUNCTION IF EXISTS name_skeleton(text);
    `);
  },
};
