import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestDatabase,
  testRedisUrl,
  type TestDatabase,
} from '../../ops/src/testing/database.ts';
import { loadApiConfig } from './config.ts';
import { connectInfrastructure, type Infrastructure } from './infrastructure.ts';
import { createLogger } from './logger.ts';
import { preparedQuery } from '@boli/projections/runtime/preparedQuery';

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

it('keeps one plan per prepared statement (GENERIC_PLANS), and plans the rest for their values', async () => {
  const mode = async (run: () => Promise<{ mode: string }[]>) => (await run())[0]!.mode;
  // The bid path's named statements, on their own pool.
  expect(
    await mode(() =>
      preparedQuery<{ mode: string }>(infra.db, 'SELECT current_setting(?) AS mode', [
        'plan_cache_mode',
      ]),
    ),
  ).toBe('force_generic_plan');
  // Everything else: a list's LIMIT and filters are weighed with their values.
  expect(
    await mode(
      async () =>
        (
          await infra.db.raw<{ rows: { mode: string }[] }>('SELECT current_setting(?) AS mode', [
            'plan_cache_mode',
          ])
        ).rows,
    ),
  ).toBe('auto');
  // In a transaction, a prepared statement runs on the transaction's connection.
  await infra.db.transaction(async (trx) => {
    await trx.raw("SELECT set_config('application_name', 'boli_trx', true)");
    const [row] = await preparedQuery<{ name: string }>(trx, 'SELECT current_setting(?) AS name', [
      'application_name',
    ]);
    expect(row!.name).toBe('boli_trx');
  });
});
