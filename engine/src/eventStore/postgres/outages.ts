import knex, { type Knex } from 'knex';
import { isNetworkFailure, outageLog, type OutageLogger } from '../../shared/outages.ts';

/** SQLSTATEs of a server that is going or not there yet: a connection exception, a shutdown. */
const OUTAGE_STATES = /^(08...|57P0[123])$/;
const OUTAGE_MESSAGES = [
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'timeout exceeded when trying to connect',
];

/**
 * Whether `error` says PostgreSQL cannot be reached: a connection refused or lost (its Unix socket
 * gone too, as while it restarts), the server shutting down or still starting.
 */
export function isPostgresUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  return (
    isNetworkFailure(error) ||
    (code === 'ENOENT' && syscall === 'connect') ||
    (typeof code === 'string' && OUTAGE_STATES.test(code)) ||
    OUTAGE_MESSAGES.some((message) => error.message.includes(message))
  );
}

/** What knex says, unasked, when a connection fails: part of an outage. */
const KNEX_CONNECTION_FAILURES = ['Acquire connection error', 'Connection Error'];

/**
 * A process's PostgreSQL outage log (`outageLog`): its pollers report failures to it and a
 * success ends the outage. `knexLog` is knex's `log` option, so that knex's own lines about
 * failed connections — printed raw, one per attempt — join it.
 */
export function postgresOutageLog(logger: OutageLogger, what: string) {
  const log = outageLog(logger, 'postgresql', isPostgresUnreachable, { postgres: what });
  const say = (level: 'warn' | 'error') => (message: string) => {
    if (KNEX_CONNECTION_FAILURES.some((prefix) => message.startsWith(prefix))) {
      log.unreachable(new Error(message));
    } else {
      logger[level]({ postgres: what }, message);
    }
  };
  return {
    ...log,
    knexLog: {
      warn: say('warn'),
      error: say('error'),
      deprecate: (method: string, alternative: string) =>
        logger.warn({ postgres: what }, `knex: ${method} is deprecated; use ${alternative}`),
      debug: () => {},
    },
  };
}

export type PostgresOutageLog = ReturnType<typeof postgresOutageLog>;

/**
 * knex for a long-running process, its outages told in `outages`: knex's own lines about failed
 * connections join it, and any query answered ends an outage.
 */
export function observedKnex(config: Knex.Config, outages: PostgresOutageLog): Knex {
  const db = knex({ ...config, log: outages.knexLog });
  db.on('query-response', () => outages.reachable());
  return db;
}
