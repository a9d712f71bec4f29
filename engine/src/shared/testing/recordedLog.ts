import type { OutageLogger } from '../outages.ts';

/** A logger for tests that keeps each line as [level, message], in order. */
export function recordedLog(): { lines: [string, string][]; logger: OutageLogger } {
  const lines: [string, string][] = [];
  const log = (level: string) => (_: object, message?: string) =>
    void lines.push([level, message!]);
  return { lines, logger: { warn: log('warn'), info: log('info'), error: log('error') } };
}
