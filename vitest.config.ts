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
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['**/*.e2e.test.ts'],
          exclude,
          globalSetup: ['ops/src/testing/globalSetup.ts'],
          setupFiles: ['ops/src/testing/e2eFailures.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // A screen reached through the api and the read models may take seconds on a loaded CI
          // machine: expect.poll waits as locator.waitFor does, not vitest's default 1 s.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
