import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { migrate } from '../db/migrate.ts';
import { dropDatabase, ensureServices, recreateDatabase, withDatabase } from '../services/index.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database that tests clone with `createTestDatabase()`; never used directly. */
    templateDatabaseUrl: string;
    redisUrl: string;
  }
}

/**
 * Once per test run of the int and e2e tiers: find or start PostgreSQL and Redis, and build a
 * migrated template database of this run's own, so concurrent runs never share one.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const services = await ensureServices();
  const templateUrl = withDatabase(
    services.databaseUrl,
    `boli_tpl_${randomBytes(4).toString('hex')}`,
  );
  await recreateDatabase(templateUrl);
  await migrate(templateUrl);
  project.provide('templateDatabaseUrl', templateUrl);
  project.provide('redisUrl', services.redisUrl);
  return async () => {
    await dropDatabase(templateUrl);
    services.stop();
  };
}
