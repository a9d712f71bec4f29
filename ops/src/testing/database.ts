import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { dropDatabase, recreateDatabase, withDatabase } from '../services/index.ts';

export type TestDatabase = { url: string; drop(): Promise<void> };

/** A fresh, migrated database of the test's own, cloned from this run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('templateDatabaseUrl');
  const url = withDatabase(template, `boli_t_${randomBytes(6).toString('hex')}`);
  const templateName = new URL(template).pathname.slice(1);
  for (let attempt = 1; ; attempt++) {
    try {
      await recreateDatabase(url, templateName);
      break;
    } catch (error) {
      // Two clones of one template at the same instant can collide; try again briefly.
      if (attempt >= 5) throw error;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
  return { url, drop: () => dropDatabase(url) };
}

export const testRedisUrl = (): string => inject('redisUrl');

/** A prefix for Redis keys and queue names that no other test shares. */
export const uniquePrefix = (): string => `t${randomBytes(5).toString('hex')}`;
