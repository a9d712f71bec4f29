import type { Migration } from '@boli/engine/shared/migration';
import { retiredRefreshTokensMigration, sessionMigration } from './identity/sessions.ts';
import { mailboxMigration } from './sandbox/mailbox.ts';
import { referenceMigrations } from './routes/reference/reference.migrations.ts';
import { authMigrations } from './routes/auth/auth.migrations.ts';
import { stagedMediaMigration } from './routes/gallery/staged.ts';
import { paymentSandboxMigration } from './sandbox/payments/migration.ts';
import { webhookInboxMigration } from './payments/webhookInbox.ts';
import { noteEmailsMigration } from './messaging/noteEmails.migration.ts';

/** The api package's schema changes, oldest first. Never edit one that has shipped: add another. */
export const migrations: readonly Migration[] = [
  sessionMigration,
  mailboxMigration,
  ...referenceMigrations,
  ...authMigrations,
  stagedMediaMigration,
  paymentSandboxMigration,
  webhookInboxMigration,
  noteEmailsMigration,
  retiredRefreshTokensMigration,
];
