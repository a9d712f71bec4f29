import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs; pretty in a terminal during development. */
export function createLogger(options: { level: string; pretty?: boolean; name?: string }): Logger {
  return pino({
    name: options.name ?? 'boli',
    level: options.level,
    ...(options.pretty
      ? { transport: { target: 'pino-pretty', options: { colorize: true } } }
      : {}),
  });
}
