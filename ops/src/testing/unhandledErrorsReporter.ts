import { writeFileSync } from 'node:fs';
import type { Reporter } from 'vitest/reporters';

/** What `npm test` repeats at its end of an error that no test owned. */
export type UnhandledError = { name: string; message: string; where: string };

const firstFrame = (stack: string | undefined): string =>
  stack
    ?.split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith('at ') && !line.includes('node_modules')) ?? '';

/**
 * Writes the errors thrown outside any test (an unhandled rejection, a worker that crashed) to
 * the file named by `BOLI_UNHANDLED_ERRORS`. Vitest fails the run for them while every test
 * passes, and prints them far above the summary; `npm test` repeats them beside its totals.
 */
export default class UnhandledErrorsReporter implements Reporter {
  onTestRunEnd: Reporter['onTestRunEnd'] = (_modules, unhandledErrors) => {
    const file = process.env.BOLI_UNHANDLED_ERRORS;
    if (!file) return;
    const errors: UnhandledError[] = unhandledErrors.map((error) => ({
      name: error.name ?? 'Error',
      message: error.message ?? String(error),
      where: firstFrame(error.stack),
    }));
    writeFileSync(file, JSON.stringify(errors, null, 2));
  };
}
