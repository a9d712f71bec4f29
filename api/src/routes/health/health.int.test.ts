import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadApiConfig } from '../../config.ts';
import { connectInfrastructure, type Infrastructure } from '../../infrastructure.ts';
import { createLogger } from '../../logger.ts';
import { startServer, type RunningServer } from '../../server.ts';
import {
  createTestDatabase,
  testRedisUrl,
  type TestDatabase,
} from '../../../../ops/src/testing/database.ts';
import type { ProjectionHealth } from './health.ts';

const CAUGHT_UP: ProjectionHealth[] = [{ name: 'adList', version: 1, lagEvents: 0, lagMs: 0 }];

async function serve(redisUrl: string, database: TestDatabase, projections = CAUGHT_UP) {
  const config = loadApiConfig({
    DATABASE_URL: database.url,
    REDIS_URL: redisUrl,
    LOG_LEVEL: 'silent',
  });
  const infra = connectInfrastructure(config, createLogger({ level: 'silent' }));
  const server = await startServer(infra, {
    port: 0,
    host: '127.0.0.1',
    projectionStatus: async () => projections,
  });
  return { infra, server };
}

describe('GET /healthz', () => {
  let database: TestDatabase;
  const running: Array<{ infra: Infrastructure; server: RunningServer }> = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const { server, infra } of running) {
      await server.close();
      await infra.close();
    }
    await database.drop();
  });

  it('answers 200 with PostgreSQL, Redis and each projection lag when all is up', async () => {
    const app = await serve(testRedisUrl(), database);
    running.push(app);
    const response = await fetch(`${app.server.url}/healthz`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { error: boolean; data: unknown };
    expect(body.error).toBe(false);
    expect(body.data).toMatchObject({
      postgres: { ok: true },
      redis: { ok: true },
      projections: [{ name: 'adList', lagEvents: 0 }],
    });
  });

  it('answers 503 naming what is down', async () => {
    const app = await serve('redis://127.0.0.1:1', database);
    running.push(app);
    const response = await fetch(`${app.server.url}/healthz`);
    expect(response.status).toBe(503);
    const body = (await response.json()) as { data: { postgres: { ok: boolean } } };
    expect(body).toMatchObject({ error: true, msg: 'Down: Redis' });
    expect(body.data.postgres.ok).toBe(true);
  });

  it('answers 503 when a read model has fallen behind: its runner has stopped', async () => {
    const app = await serve(testRedisUrl(), database, [
      ...CAUGHT_UP,
      { name: 'bids', version: 2, lagEvents: 24, lagMs: 21_368 },
    ]);
    running.push(app);
    const response = await fetch(`${app.server.url}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      error: true,
      msg: 'Down: read models bids (21 s behind)',
    });
  });
});
