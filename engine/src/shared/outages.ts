/** Network failures of a connection: its server is not there (yet), or the link to it broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** Whether `error` carries a network failure's code (a Node.js socket error). */
export function isNetworkFailure(error: unknown): boolean {
  const { code } = (error ?? {}) as { code?: unknown };
  return error instanceof Error && typeof code === 'string' && NETWORK_CODES.has(code);
}

/** The slice of pino an outage log writes to. */
export type OutageLogger = {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
};

/**
 * How a process tells of an outage of a server it needs (Redis, PostgreSQL): one warning when it
 * goes, one line when it is back, nothing for each retry in between — every connection, pool and
 * poller of the process reports to the same log, hundreds of times a minute while a server
 * restarts. Failures that are not an outage are logged each time.
 */
export function outageLog(
  logger: OutageLogger,
  service: string,
  isUnreachable: (error: unknown) => boolean,
  about: object = {},
) {
  let away = false;
  const unreachable = (error: unknown, context: object) => {
    if (away) return;
    away = true;
    logger.warn(
      { ...about, ...context, err: error },
      `${service} unreachable; retrying until it is back`,
    );
  };
  return {
    /** Reports a failure: an outage (once until it ends), or an error as `message`. */
    failed(error: unknown, context: object = {}, message = `${service} error`): void {
      if (isUnreachable(error)) unreachable(error, context);
      else logger.error({ ...about, ...context, err: error }, message);
    },
    /** Reports what is known to be an outage (a driver's own message saying so). */
    unreachable(error: unknown, context: object = {}): void {
      unreachable(error, context);
    },
    /** Something worked: an outage, if one was told of, is over. */
    reachable(): void {
      if (!away) return;
      away = false;
      logger.info(about, `${service} reachable again`);
    },
  };
}

export type OutageLog = ReturnType<typeof outageLog>;
