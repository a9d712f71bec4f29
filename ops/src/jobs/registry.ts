import type { Job } from 'bullmq';
import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import type { Logger } from '@boli/api/logger';
import type { RedisOutageLog } from '@boli/api/redisOutages';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import type { PostgresOutageLog } from '@boli/engine/eventStore/postgres/outages';
import type { WorkerConfig } from '../processes/config.ts';
import { outboxDelivery } from './outboxDelivery.ts';
import { finalCallExpiry } from './finalCallExpiry.ts';
import { billingSweep } from './billingSweep.ts';
import { slotClosing } from './slotClosing.ts';

/** What every job handler may use; built once per worker process (or per test app). */
export type JobDeps = {
  config: WorkerConfig;
  logger: Logger;
  db: Knex;
  redis: Redis;
  store: EventStore;
  /** Where failures go that PostgreSQL being away explains: an outage is told once. */
  postgresOutages: PostgresOutageLog;
  /** Listen to every queue made with `redis` here: an outage is told once (`startJobWorkers`). */
  redisOutages: RedisOutageLog;
};

/**
 * A kind of background job: its BullMQ queue and an idempotent handler (BullMQ re-runs stalled
 * jobs, so running one twice must change nothing). Capabilities add theirs to `jobKinds`.
 */
export type JobKind = {
  queue: string;
  handler(deps: JobDeps): (job: Job) => Promise<unknown>;
};

export const jobKinds: JobKind[] = [outboxDelivery, finalCallExpiry, billingSweep, slotClosing];
