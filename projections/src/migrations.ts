import type { Migration } from '@boli/engine/shared/migration';
import { projectionBuildsMigration } from './runtime/projections.migration.ts';
import { pgTrgmMigration } from './ads/ads.migration.ts';

/** This package's schema changes, oldest first. Never edit one that has shipped: add another. */
export const migrations: readonly Migration[] = [projectionBuildsMigration, pgTrgmMigration];
