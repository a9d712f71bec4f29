import { isNetworkFailure, outageLog } from '@boli/engine/shared/outages';
import type { Logger } from './logger.ts';

/**
 * Whether `error` says Redis cannot be reached: a connection refused or lost, ioredis giving up
 * on a command after its reconnection attempts, or a command sent on a closed connection.
 */
export function isRedisUnreachable(error: unknown): boolean {
  return (
    isNetworkFailure(error) ||
    (error instanceof Error &&
      (error.name === 'MaxRetriesPerRequestError' || error.message === 'Connection is closed.'))
  );
}

type ErrorSource = { on(event: 'error', listener: (error: Error) => void): unknown };
type Connection = ErrorSource & { on(event: 'ready', listener: () => void): unknown };

/**
 * A process's Redis outage log (`outageLog`). Every ioredis connection and every BullMQ queue and
 * worker needs an 'error' listener anyway: without one, ioredis prints "Unhandled error event"
 * and BullMQ each error's raw stack — hundreds a minute while Redis restarts.
 */
export function redisOutageLog(logger: Pick<Logger, 'warn' | 'info' | 'error'>, what: string) {
  const log = outageLog(logger, 'redis', isRedisUnreachable, { redis: what });
  const onError = (error: Error) => log.failed(error);
  const onReady = () => log.reachable();
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
