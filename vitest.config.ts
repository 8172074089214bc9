import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (pure rules, no servers), `integration` (both apps over HTTP on a real
 * database: PGlite, or PostgreSQL when DATABASE_URL is set), `e2e` (Debian's Chromium).
 * `npm test` runs the first two; `npm run test:e2e` the last.
 */
export default defineConfig({
  test: {
    // Two files at a time: vitest's default on 2 cores is one (cores − 1), which left a core idle
    // while a file waited on sockets, timers and the database (load ≈ 1.5 all through a serial
    // run). For every project (vitest runs `npm test`'s two projects as one group only when they
    // agree); e2e stays one file at a time (fileParallelism: false). Measured in decision 0052.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['test/support/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'integration',
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
          include: ['test/e2e/**/*.test.ts'],
          expect: { poll: { timeout: 10_000 } },
          globalSetup: ['test/support/build-once.ts', 'test/support/database-template-once.ts'],
          setupFiles: ['test/support/fail-on-console-error.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
