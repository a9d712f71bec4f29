import type { Migration } from '@boli/engine/shared/migration';
import { captchaMigration } from './captcha.ts';
import { nameSkeletonMigration } from './nameSkeleton.ts';

/**
 * The accounts slice's own tables (not projections: nothing here can be rebuilt from the log).
 *
 * - `account_identities`: who holds each username, email and phone number. An event-sourced
 *   stream per account cannot see the others, so sign-up claims its three identities here, in one
 *   transaction, before it appends `AccountRegistered`; the unique key settles races.
 * - `message_secrets`: the clear OTP codes and links the outbox must send, keyed by the id of the
 *   event that asked for the message, so that they never enter the event log. Short-lived.
 * - `outbox_deliveries`: what was sent. Kept apart from the outbox projection's rows so that a
 *   rebuilt projection never sends a message again.
 */
const authTables: Migration = {
  name: '20261122_0300_auth_identities_secrets_deliveries',
  async up(knex) {
    await knex.schema.raw(`
      CREATE TABLE account_identities (
        kind text NOT NULL CHECK (kind IN ('username', 'email', 'phone')),
        value text NOT NULL,
        user_id text NOT NULL,
        claimed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (kind, value)
      );
      CREATE INDEX account_identities_user ON account_identities (user_id);

      CREATE TABLE message_secrets (
        event_id uuid PRIMARY KEY,
        secret text NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX message_secrets_expiry ON message_secrets (expires_at);

      CREATE TABLE outbox_deliveries (
        message_id uuid PRIMARY KEY,
        status text NOT NULL
          CHECK (status IN ('pending', 'sending', 'retry', 'sent', 'failed', 'expired')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        claimed_at timestamptz,
        sent_at timestamptz,
        provider_id text,
        last_error text
      );
      CREATE INDEX outbox_deliveries_due ON outbox_deliveries (next_attempt_at)
        WHERE status IN ('pending', 'retry');
    `);
  },
  async down(knex) {
    await knex.schema.raw(
      'DROP TABLE IF EXISTS outbox_deliveries, message_secrets, account_identities',
    );
  },
};

/** This slice's schema changes, oldest first. Never edit one that has shipped: add another. */
export const authMigrations: readonly Migration[] = [
  authTables,
  captchaMigration,
  nameSkeletonMigration,
];
