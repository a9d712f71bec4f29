import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  testRedisUrl,
  type TestDatabase,
} from '../../ops/src/testing/database.ts';
import { loadApiConfig } from './config.ts';
import { connectInfrastructure, type Infrastructure } from './infrastructure.ts';
import { createLogger } from './logger.ts';

let database: TestDatabase;
let infra: Infrastructure;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadApiConfig({
    DATABASE_URL: database.url,
    REDIS_URL: testRedisUrl(),
    LOG_LEVEL: 'silent',
  });
  infra = connectInfrastructure(config, createLogger({ level: 'silent' }));
});

afterAll(async () => {
  await infra.close();
  await database.drop();
});

it('the api’s connections keep one plan per prepared statement (GENERIC_PLANS)', async () => {
  const { rows } = await infra.db.raw<{ rows: { plan_cache_mode: string }[] }>(
    'SHOW plan_cache_mode',
  );
  expect(rows[0]!.plan_cache_mode).toBe('force_generic_plan');
});
