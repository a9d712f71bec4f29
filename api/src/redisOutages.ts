import type { Logger } from './logger.ts';

/** Network failures: Redis is not there (yet), as opposed to Redis refusing a command. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/**
 * Whether `error` says Redis cannot be reached: a connection refused or lost, ioredis giving up
 * on a command after its reconnection attempts, or a command sent on a closed connection.
 */
export function isRedisUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: unknown };
  return (
    (typeof code === 'string' && UNREACHABLE_CODES.has(code)) ||
    error.name === 'MaxRetriesPerRequestError' ||
    error.message === 'Connection is closed.'
  );
}

type ErrorSource = { on(event: 'error', listener: (error: Error) => void): unknown };
type Connection = ErrorSource & { on(event: 'ready', listener: () => void): unknown };

/**
 * How a process tells of a Redis outage: one warning when Redis goes, one line when a connection
 * is ready again, nothing for every reconnection attempt in between. Every ioredis connection and
 * every BullMQ queue and worker needs an 'error' listener anyway: without one, ioredis prints
 * "Unhandled error event" and BullMQ each error's raw stack — hundreds a minute while Redis
 * restarts. Errors that are not an outage are logged each time.
 */
export function redisOutageLog(logger: Pick<Logger, 'warn' | 'info' | 'error'>, what: string) {
  let away = false;
  const onError = (error: Error) => {
    if (!isRedisUnreachable(error)) {
      logger.error({ err: error, redis: what }, 'redis error');
    } else if (!away) {
      away = true;
      logger.warn({ err: error, redis: what }, 'redis unreachable; retrying until it is back');
    }
  };
  const onReady = () => {
    if (!away) return;
    away = false;
    logger.info({ redis: what }, 'redis reachable again');
  };
  return {
    /** Listens to a connection: its errors, and its return. */
    connection<C extends Connection>(connection: C): C {
      connection.on('error', onError);
      connection.on('ready', onReady);
      return connection;
    },
    /** Listens to a BullMQ queue's or worker's errors (those of its connections among them). */
    errors<S extends ErrorSource>(source: S): S {
      source.on('error', onError);
      return source;
    },
  };
}

export type RedisOutageLog = ReturnType<typeof redisOutageLog>;
