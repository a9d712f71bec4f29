import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach } from 'vitest';
import { closeContextsOpenedSince, describeOpenPages, openContexts } from './browser.ts';

/** Where a failed browser test's screenshots go (git-ignored, beside the tiers' JSON reports). */
const FAILURES_DIR = join(import.meta.dirname, '../../../.boli/test-results/failures');

/**
 * The e2e tier's setup file, for each test once it has finished (its afterEach hooks run):
 * - a failed test's error also says what every open page showed, since a wait that runs out in
 *   CI ("waiting for … to be visible") says only what was not there;
 * - then the browser contexts the test opened are closed; those its file opened before it
 *   (beforeAll) stay for the tests after it.
 */
beforeEach(({ task, onTestFinished }) => {
  const before = new Set(openContexts());
  onTestFinished(async () => {
    if (task.result?.state === 'fail') await describeFailure(task.name, task.result.errors?.[0]);
    await closeContextsOpenedSince(before);
  });
});

async function describeFailure(testName: string, error: { message: string } | undefined) {
  mkdirSync(FAILURES_DIR, { recursive: true });
  const stem = join(FAILURES_DIR, testName.replace(/[^\w-]+/g, '-').slice(0, 80));
  const pages = await describeOpenPages(stem);
  if (error && pages) error.message = `${error.message}\n\nOpen pages when it failed:\n${pages}`;
}
