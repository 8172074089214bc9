import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (pure rules, no servers), `integration` (both apps over HTTP on a real
 * database: PGlite, or PostgreSQL when DATABASE_URL is set), `e2e` (Debian's Chromium).
 * `npm test` runs the first two; `npm run test:e2e` the last.
 */
export default defineConfig({
  test: {
    // Two files at a time: vitest's default on 2 cores is one (cores − 1), which left a core idle
    // while a file waited on sockets, timers, the database and Chromium (load ≈ 1.5 all through a
    // serial run). For every project (vitest runs `npm test`'s two projects as one group only when
    // they agree), e2e too: each browser file starts its own stack and Chromium on free ports.
    // Measured in decisions 0052 and 0062.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          isolate: false,
          include: ['test/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['test/support/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          // A worker keeps the modules it has imported from one file to the next (decision 0062):
          // each file used to import the app's module graph anew, ~1.3 s a file and a quarter of
          // the run. Files share no module state on purpose: each starts its own stack over its
          // own database, and nothing mocks modules or changes process.env without putting it back.
          isolate: false,
          include: ['test/integration/**/*.test.{ts,tsx}'],
          // Polls wait for a state; a busy CI machine may take seconds to reach it (default 1 s).
          expect: { poll: { timeout: 10_000 } },
          globalSetup: ['test/support/build-once.ts', 'test/support/database-template-once.ts'],
          setupFiles: ['test/support/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          isolate: false,
          include: ['test/e2e/**/*.test.ts'],
          expect: { poll: { timeout: 10_000 } },
          globalSetup: ['test/support/build-once.ts', 'test/support/database-template-once.ts'],
          setupFiles: ['test/support/fail-on-console-error.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
