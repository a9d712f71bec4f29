import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach } from 'vitest';
import { describeOpenPages } from './browser.ts';

/** Where a failed browser test's screenshots go (git-ignored, beside the tiers' JSON reports). */
const FAILURES_DIR = join(import.meta.dirname, '../../../.boli/test-results/failures');

/**
 * The e2e tier's setup file: a failed browser test's error also says what every open page
 * showed, since a wait that runs out in CI ("waiting for … to be visible") says only what was
 * not there.
 */
beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    mkdirSync(FAILURES_DIR, { recursive: true });
    const stem = join(FAILURES_DIR, task.name.replace(/[^\w-]+/g, '-').slice(0, 80));
    const pages = await describeOpenPages(stem);
    const error = task.result?.errors?.[0];
    if (error && pages) error.message = `${error.message}\n\nOpen pages when it failed:\n${pages}`;
  });
});
