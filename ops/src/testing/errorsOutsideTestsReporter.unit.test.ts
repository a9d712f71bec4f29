import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../services/system.ts';
import type { ErrorOutsideTests } from './errorsOutsideTestsReporter.ts';

/** Runs vitest on one test file of its own, with the reporter; what the reporter wrote. */
function errorsOutsideTestsOf(testFile: string): {
  status: number | null;
  errors: ErrorOutsideTests[];
} {
  const dir = mkdtempSync(join(tmpdir(), 'boli-reporter-'));
  try {
    symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'));
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
    writeFileSync(
      join(dir, 'vitest.config.ts'),
      "export default { test: { include: ['*.check.ts'] } };",
    );
    writeFileSync(join(dir, 'sample.check.ts'), testFile);
    const written = join(dir, 'errors.json');
    const { status } = spawnSync(
      join(repoRoot, 'node_modules', '.bin', 'vitest'),
      ['run', `--reporter=${join(repoRoot, 'ops/src/testing/errorsOutsideTestsReporter.ts')}`],
      { cwd: dir, env: { ...process.env, BOLI_TEST_ERRORS_OUTSIDE_TESTS: written } },
    );
    return { status, errors: JSON.parse(readFileSync(written, 'utf8')) as ErrorOutsideTests[] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the report of errors outside any test', () => {
  it('names a failed afterAll, with its file and suite, and an unhandled rejection', () => {
    const { status, errors } = errorsOutsideTestsOf(`
      import { afterAll, describe, expect, it } from 'vitest';
      describe('closing', () => {
        afterAll(() => { throw new Error('the app did not close'); });
        it('passes', () => {
          void Promise.reject(new Error('a rejection nobody awaited'));
          expect(1).toBe(1);
        });
      });
    `);
    expect(status).toBe(1);
    expect(errors).toEqual([
      { name: 'Error', message: 'the app did not close', where: 'sample.check.ts › closing' },
      {
        name: 'Error',
        message: 'a rejection nobody awaited',
        where: expect.stringContaining('sample.check.ts:6:'),
      },
    ]);
  });

  it('is empty when nothing failed', () => {
    const { status, errors } = errorsOutsideTestsOf(`
      import { expect, it } from 'vitest';
      it('passes', () => expect(1).toBe(1));
    `);
    expect(status).toBe(0);
    expect(errors).toEqual([]);
  });
});
