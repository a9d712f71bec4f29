import type { Migration } from '@boli/engine/shared/migration';

/**
 * `note_emails`: the notices mailed to members (projections/src/social/noteEmails.ts), as they
 * were written when the outbox delivery took them from the notifications read model — one row
 * per notice (`note_id`), so none is mailed twice however often that read model is rebuilt. `id`
 * is the message id `outbox_deliveries` tracks its sending by. Not a projection: a record of
 * what was decided to send, like `outbox_deliveries`.
 */
export const noteEmailsMigration: Migration = {
  name: '20261202_0100_note_emails',
  async up(knex) {
    await knex.schema.raw(`
      CREATE TABLE note_emails (
        id uuid PRIMARY KEY,
        note_id text NOT NULL UNIQUE,
        recipient text NOT NULL,
        subject text NOT NULL,
        text text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL
      );
    `);
  },
  async down(knex) {
    await knex.schema.raw('DROP TABLE IF EXISTS note_emails');
  },
};
