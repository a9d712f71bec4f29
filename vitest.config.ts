import { defineConfig } from 'vitest/config';

// Three tiers, chosen by file suffix. `npm test` runs them in order: unit, int, e2e.
const exclude = ['**/node_modules/**', '**/dist/**', '.boli/**'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['**/*.unit.test.ts', '**/*.unit.test.tsx'],
          exclude,
          // Pure code: a file needs no module graph of its own, and importing one for each of
          // ~200 files was most of the tier (89 s, against 14 s shared on two workers). The few
          // tests that stub globals or fake timers undo it after each test; the tier passes with
          // its files and tests shuffled (--sequence.shuffle).
          isolate: false,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'int',
          include: ['**/*.int.test.ts'],
          exclude,
          globalSetup: ['ops/src/testing/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One module graph per worker, as in the unit tier: importing the app's for each of ~60
          // files was a third of the tier (225 s, against 155 s shared). Each file still has a
          // database, a queue prefix and an app of its own; the caches that modules keep are keyed
          // by what files do not share (a knex instance, a store, a log's own id).
          isolate: false,
          // Two files at once, on a machine of two cores too: each has a database of its own
          // (createTestDatabase) and its own queue prefix, and one waits on PostgreSQL while the
          // other runs. vitest's default there is one.
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['**/*.e2e.test.ts'],
          exclude,
          globalSetup: ['ops/src/testing/globalSetup.ts'],
          setupFiles: ['ops/src/testing/e2eFailures.ts'],
          // One module graph per worker, as in the int tier: the app's and Playwright's were
          // imported anew for each file (~3.5 s of a core each).
          isolate: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // A screen reached through the api and the read models may take seconds on a loaded CI
          // machine: expect.poll waits as locator.waitFor does, not vitest's default 1 s.
          expect: { poll: { timeout: 10_000 } },
          // Two files at once: each starts an app of its own on a database of its own, with a
          // browser of its own, and much of a browser test is waiting (timers, the 10 s list
          // refresh, a final call's deadline). On two cores, which it keeps ~89% busy so, the
          // tier takes ~11 minutes (launchBrowser's Chromium; 20 under the full browser's
          // headless mode), Chromium ~60% of its CPU: each new context's page load of the app
          // costs it ~1 s of CPU (its renderer's main thread 0.4 s, running the app's ~1 MB of
          // JS), where an idle page open costs it a few percent of a core (e2eFailures.ts closes
          // a test's contexts as it ends).
          maxWorkers: 2,
        },
      },
    ],
  },
});
