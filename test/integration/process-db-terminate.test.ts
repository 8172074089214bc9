import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { killAll } from './process-fixtures.ts';
import {
  browse,
  countStatus,
  exitedProcesses,
  startLayout,
  status,
  terminateConnections,
  unexpectedAnswers,
  waitForAnswers,
  type ShopLayout,
} from './process-db-fixtures.ts';

/**
 * PostgreSQL ends the shop's connections while shoppers browse (pg_terminate_backend, as an
 * operator or a failover does), in both layouts: every process lives on, a request caught in
 * flight answers 503 (never a reset or a 502), and the shop serves again at once. Before every
 * pool client had an 'error' listener, a connection ended while checked out threw "terminating
 * connection due to administrator command" as an unhandled 'error' event and the API process
 * exited: 3 crashes in 4 trials, and in role `all` the whole shop with it.
 */
const adminUrl = process.env.DATABASE_URL ?? '';
const ROUNDS = 5;

let database: TestDatabase | null = null;
let databaseName = '';

beforeAll(async () => {
  if (!adminUrl) return;
  database = await createTestDatabase();
  databaseName = new URL(database.url ?? '').pathname.slice(1);
});

afterEach(killAll);
afterAll(async () => {
  killAll();
  await database?.destroy();
});

/** Ends the shop's connections ROUNDS times, each once the load has had answers since the last. */
async function terminateUnderLoad(layout: ShopLayout) {
  const load = browse(layout, 60_000);
  let killed = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const since = Date.now();
    await waitForAnswers(layout, load.records, 200, since, 3);
    killed += await terminateConnections(adminUrl, databaseName);
  }
  const after = Date.now();
  await waitForAnswers(layout, load.records, 200, after, 8);
  await load.stop();
  return { records: load.records(), killed };
}

describe.skipIf(!adminUrl)('connections terminated under load (PostgreSQL)', () => {
  for (const name of ['all', 'split'] as const) {
    it(`${name === 'all' ? 'role all' : 'api and web as two processes'}: every process lives, failures are 503, the shop serves right after`, async () => {
      const layout = await startLayout(name, database?.url ?? '');
      const { records, killed } = await terminateUnderLoad(layout);
      expect(killed).toBeGreaterThanOrEqual(ROUNDS);
      expect(exitedProcesses(layout)).toEqual([]);
      expect(unexpectedAnswers(records)).toEqual([]);
      // The kills caught requests in flight (14 clients, 5 rounds): those answered 503.
      expect(countStatus(records, 503)).toBeGreaterThan(0);
      expect(await status(layout, `${layout.apiUrl}/readyz`)).toBe(200);
      for (const path of ['/api/artist', '/', '/lineup']) expect(await status(layout, `${layout.webUrl}${path}`), path).toBe(200);
    }, 90_000);
  }
});
