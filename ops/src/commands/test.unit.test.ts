import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../services/system.ts';
import { failedTestsOf } from './test.ts';

describe('failedTestsOf', () => {
  it('names each failed test by its file, its full name and the first line of its error', () => {
    const report = {
      numPassedTests: 1,
      numFailedTests: 1,
      numPendingTests: 0,
      numTodoTests: 0,
      testResults: [
        {
          name: join(repoRoot, 'api/src/a.int.test.ts'),
          assertionResults: [
            { fullName: 'bids are kept', status: 'passed', failureMessages: [] },
            {
              fullName: 'bids are refused',
              status: 'failed',
              failureMessages: ['AssertionError: expected 1 to be 2\n    at stack line'],
            },
          ],
        },
      ],
    };
    expect(failedTestsOf(report)).toEqual([
      'api/src/a.int.test.ts › bids are refused: AssertionError: expected 1 to be 2',
    ]);
  });
});
