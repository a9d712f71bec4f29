import knex, { type Knex } from 'knex';
import { Redis } from 'ioredis';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import type { IdempotencyStore } from '@boli/engine/commandHandling/idempotency';
import { createPostgresIdempotencyStore } from '@boli/engine/commandHandling/postgresIdempotency';
import { projectionStatus } from '@boli/projections';
import type { ApiConfig } from './config.ts';
import { createEventStore } from './eventStoreFactory.ts';
import type { Logger } from './logger.ts';
import type { ProjectionHealth } from './routes/health/health.ts';

/** What the api's routes are given: connections and services, built once per process. */
export type Infrastructure = {
  config: ApiConfig;
  logger: Logger;
  db: Knex;
  redis: Redis;
  store: EventStore;
  idempotency: IdempotencyStore;
  projectionHealth(): Promise<ProjectionHealth[]>;
  close(): Promise<void>;
};

export function connectInfrastructure(config: ApiConfig, logger: Logger): Infrastructure {
  const db = knex({ client: 'pg', connection: config.DATABASE_URL, pool: { min: 0, max: 20 } });
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false });
  redis.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  const store = createEventStore(config);
  return {
    config,
    logger,
    db,
    redis,
    store,
    idempotency: createPostgresIdempotencyStore(db),
    async projectionHealth() {
      const statuses = await projectionStatus(db, store);
      return statuses
        .filter((status) => status.status === 'live')
        .map(({ name, version, eventsBehind, lagMs }) => ({
          name,
          version,
          lagEvents: eventsBehind,
          lagMs,
        }));
    },
    async close() {
      redis.disconnect();
      await store.close();
      await db.destroy();
    },
  };
}
