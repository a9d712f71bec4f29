import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../../ops/src/testing/browser.ts';
import { startApp, type TestApp } from '../../../ops/src/testing/app.ts';

/**
 * The whole app (api, read models, job workers, sandboxes) and Chromium, started before a file's
 * tests and stopped after them; `started` hands them to the file. A file's own afterAll,
 * registered after this, runs before both are stopped.
 */
export function withAppAndBrowser(
  started: (running: { app: TestApp; browser: Browser }) => void,
  timeout?: number,
): void {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
    started({ app, browser });
  }, timeout);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
}
