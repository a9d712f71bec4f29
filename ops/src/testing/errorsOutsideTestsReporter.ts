import { writeFileSync } from 'node:fs';
import type { SerializedError } from 'vitest';
import type { Reporter, TestModule } from 'vitest/node';

/** What `npm test` repeats at its end of an error that failed a run outside any test. */
export type ErrorOutsideTests = { name: string; message: string; where: string };

const firstFrame = (stack: string | undefined): string =>
  stack
    ?.split('\n')
    .map((line) => line.trim())
    .find((line) => line.startsWith('at ') && !line.includes('node_modules')) ?? '';

const summary = (error: SerializedError, where?: string): ErrorOutsideTests => ({
  name: error.name ?? 'Error',
  message: error.message ?? String(error),
  where: where ?? firstFrame(error.stack),
});

/** A file's own errors and its suites': a failed beforeAll or afterAll, an import that threw. */
function errorsOfModule(module: TestModule): ErrorOutsideTests[] {
  const owners = [module, ...module.children.allSuites()];
  return owners.flatMap((owner) =>
    owner.errors().map((error) => {
      const suite = owner.type === 'suite' ? ` › ${owner.fullName}` : '';
      return summary(error, `${module.relativeModuleId}${suite}`);
    }),
  );
}

/**
 * Writes the errors that fail a run while every test passes (an unhandled rejection, a crashed
 * worker, a failed afterAll) to the file named by `BOLI_TEST_ERRORS_OUTSIDE_TESTS`. The JSON
 * report counts none of them, and vitest prints them far above its summary; `npm test` repeats
 * them beside its totals.
 */
export default class ErrorsOutsideTestsReporter implements Reporter {
  onTestRunEnd: Reporter['onTestRunEnd'] = (modules, unhandledErrors) => {
    const file = process.env.BOLI_TEST_ERRORS_OUTSIDE_TESTS;
    if (!file) return;
    const errors = [
      ...modules.flatMap(errorsOfModule),
      ...unhandledErrors.map((error) => summary(error)),
    ];
    writeFileSync(file, JSON.stringify(errors, null, 2));
  };
}
