import type { Knex } from 'knex';
import {
  observedKnex,
  postgresOutageLog,
  type PostgresOutageLog,
} from '@boli/engine/eventStore/postgres/outages';
import { Redis } from 'ioredis';
import { redisOutageLog } from './redisOutages.ts';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import type { IdempotencyStore } from '@boli/engine/commandHandling/idempotency';
import { createPostgresIdempotencyStore } from '@boli/engine/commandHandling/postgresIdempotency';
import { projectionStatus } from '@boli/projections';
import type { ApiConfig } from './config.ts';
import { createEventStore } from './eventStoreFactory.ts';
import type { Logger } from './logger.ts';
import type { ProjectionHealth } from './routes/health/health.ts';
import type { PaymentGateway } from './payments/gateway/port.ts';
import { razorpayGateway } from './payments/gateway/razorpay.ts';
import { inboxKicker, webhookBatcher, type WebhookDelivery } from './payments/webhookInbox.ts';
import { withPreparedPool } from '@boli/projections/runtime/preparedQuery';

/** What the api's routes are given: connections and services, built once per process. */
export type Infrastructure = {
  config: ApiConfig;
  logger: Logger;
  db: Knex;
  /** Where this process's pollers report failures: a PostgreSQL outage is told once. */
  postgresOutages: PostgresOutageLog;
  redis: Redis;
  store: EventStore;
  idempotency: IdempotencyStore;
  /** Razorpay, or the sandbox gateway that speaks its API (RAZORPAY_API_URL). */
  gateway: PaymentGateway;
  /** Stores a verified webhook (group commit); false for a redelivery (payments/webhookInbox.ts). */
  storeWebhook(delivery: WebhookDelivery): Promise<boolean>;
  /** Starts processing stored webhooks in the background. */
  kickWebhooks(): void;
  projectionHealth(): Promise<ProjectionHealth[]>;
  close(): Promise<void>;
};

export function connectInfrastructure(config: ApiConfig, logger: Logger): Infrastructure {
  // Told once per outage (postgresOutageLog), as Redis' below.
  const postgresOutages = postgresOutageLog(logger, 'api');
  // The bid path's prepared statements (session, member, entitlement reads) keep one plan, on a
  // pool of their own: the lists and searches on `db` are planned for their values.
  const { db, destroy: destroyDb } = withPreparedPool(
    (pool) =>
      observedKnex({ client: 'pg', connection: config.DATABASE_URL, pool }, postgresOutages),
    { max: 20, preparedMax: 10 },
  );
  // Told once per outage (redisOutages.ts); meanwhile rate limits count in this process.
  const redis = redisOutageLog(logger, 'api').connection(
    new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false }),
  );
  const store = createEventStore(config);
  const gateway = paymentGatewayOf(config);
  return {
    config,
    logger,
    db,
    postgresOutages,
    redis,
    store,
    idempotency: createPostgresIdempotencyStore(db),
    gateway,
    storeWebhook: webhookBatcher(db),
    kickWebhooks: inboxKicker({ db, store, gateway, logger }),
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
      await destroyDb();
    },
  };
}

export const paymentGatewayOf = (
  config: Pick<ApiConfig, 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET' | 'RAZORPAY_API_URL'>,
): PaymentGateway =>
  razorpayGateway({
    keyId: config.RAZORPAY_KEY_ID,
    keySecret: config.RAZORPAY_KEY_SECRET,
    apiUrl: config.RAZORPAY_API_URL,
  });
