import { idempotencyMigration } from './commandHandling/postgresIdempotency.ts';
import { eventStoreMigrations } from './eventStore/postgres/migrations.ts';
import type { Migration } from './shared/migration.ts';

/** This package's schema changes, oldest first. Never edit one that has shipped: add another. */
export const migrations: readonly Migration[] = [...eventStoreMigrations, idempotencyMigration];
