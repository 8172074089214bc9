import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { drainUnderLoad, failuresBefore, inFlightAt, killAll, readyzDuringDrain, startLoad, startShop, tempDataDir, underWay } from './process-fixtures.ts';

/**
 * The split layout (`node dist/main.js api` and `node dist/main.js web` as two processes, as
 * behind a load balancer): SIGTERM to either drains it under load and it exits 0 in bounds. The
 * API runs on PostgreSQL when DATABASE_URL is set.
 */
let database: TestDatabase | null = null;
afterAll(async () => {
  killAll();
  await database?.destroy();
});

/** The API on a throwaway PostgreSQL database when DATABASE_URL is set, else on PGlite. */
async function apiDatabaseEnv(): Promise<Record<string, string>> {
  if (!process.env.DATABASE_URL) return { DATA_DIR: tempDataDir() };
  database = await createTestDatabase();
  return { DATABASE_URL: database.url ?? '', SEED_DEMO: 'true' };
}

const TIMEOUT_MS = 8000;

describe('graceful shutdown, two processes', () => {
  it('web and API as two processes: SIGTERM to each drains it under load and exits 0', async () => {
    const api = await startShop('api', { ...(await apiDatabaseEnv()), SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS) });
    const web = await startShop('web', { API_ORIGIN: api.apiUrl, SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS), SHUTDOWN_DELAY_MS: '3000' });
    const webRun = await drainUnderLoad(web, [web.webUrl], TIMEOUT_MS);
    expect(inFlightAt(webRun.records, webRun.signalAt)).toBeGreaterThan(0);
    expect(failuresBefore(webRun.records, webRun.signalAt)).toEqual([]);
    expect(webRun.readiness).toEqual([{ status: 503, connection: 'close' }]);
    expect(webRun.closing).toEqual(['close', 'close']);
    expect(webRun.exit.code).toBe(0);

    const apiLoad = startLoad(api.apiUrl, ['/api/artist', '/api/banner', '/api/news'], 8, TIMEOUT_MS + 20_000);
    await underWay(apiLoad, 8);
    apiLoad.endLoopsOnFailure();
    const signalAt = Date.now();
    api.child.kill('SIGTERM');
    expect(await readyzDuringDrain(api.apiUrl)).toEqual({ status: 503, connection: 'close' });
    const exit = await api.exited;
    apiLoad.stop();
    await apiLoad.done;
    expect(failuresBefore(apiLoad.records, signalAt)).toEqual([]);
    expect(exit.code).toBe(0);
    expect(exit.at - signalAt).toBeLessThan(TIMEOUT_MS);
  }, 60_000);
});
