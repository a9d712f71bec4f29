/** The slice of pino the runtime uses; a pino logger fits it as it is. */
export type RuntimeLogger = {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
};

const write = (level: string) => (details: object, message?: string) =>
  console.error(
    JSON.stringify({ level, msg: message, ...details }, (_, v: unknown) =>
      typeof v === 'bigint' ? String(v) : v,
    ),
  );

export const consoleLogger: RuntimeLogger = {
  info: () => {},
  warn: write('warn'),
  error: write('error'),
};
