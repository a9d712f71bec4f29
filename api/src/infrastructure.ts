import knex, { type Knex } from 'knex';
import { Redis } from 'ioredis';
import type { ApiConfig } from './config.ts';
import type { Logger } from './logger.ts';

/** What the api's routes are given: connections and services, built once per process. */
export type Infrastructure = {
  config: ApiConfig;
  logger: Logger;
  db: Knex;
  redis: Redis;
  close(): Promise<void>;
};

export function connectInfrastructure(config: ApiConfig, logger: Logger): Infrastructure {
  const db = knex({ client: 'pg', connection: config.DATABASE_URL, pool: { min: 0, max: 20 } });
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false });
  redis.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  return {
    config,
    logger,
    db,
    redis,
    async close() {
      redis.disconnect();
      await db.destroy();
    },
  };
}
