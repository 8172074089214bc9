import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryOnce } from '../../api/db/connect.ts';
import { killAll, type LoadRecord } from './process-fixtures.ts';
import {
  browse,
  exitedProcesses,
  privateClusterUnavailable,
  startLayout,
  startPrivateCluster,
  status,
  unexpectedAnswers,
  waitForAnswers,
  type PrivateCluster,
} from './process-db-fixtures.ts';

/**
 * PostgreSQL stops (`pg_ctl stop -m fast`: every session ended, checked out or idle) and starts
 * again, twice, while shoppers browse, in both layouts. The server is a private cluster of this file on a
 * free port, never the shared one. Wanted: every process lives, requests answer 503 while it is
 * down (none hangs past its deadline), the API's /readyz says 503 then 200, and the first request
 * once PostgreSQL is back succeeds. (The API process used to exit on the unhandled 'error' of a
 * checked-out client: "terminating connection due to administrator command".)
 */
const skipReason = process.env.DATABASE_URL ? privateClusterUnavailable() : 'runs in the PostgreSQL run only (DATABASE_URL unset)';
/** Longest a request may take during the outage: the pool's connect deadline (3 s) and slack. */
const REQUEST_DEADLINE_MS = 10_000;
const CYCLES = 2;

let cluster: PrivateCluster | null = null;

beforeAll(async () => {
  if (skipReason) return;
  cluster = await startPrivateCluster();
  await queryOnce(cluster.url('postgres'), 'create database shop');
}, 90_000);

afterEach(killAll);
afterAll(async () => {
  killAll();
  await cluster?.destroy();
}, 60_000);

describe.skipIf(skipReason !== null)(`PostgreSQL restarted under load${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  for (const name of ['all', 'split'] as const) {
    it(`${name === 'all' ? 'role all' : 'api and web as two processes'}: 503 while down, the first request after it is back succeeds, no process exits`, async () => {
      if (!cluster) throw new Error('no private cluster');
      await cluster.start();
      const layout = await startLayout(name, cluster.url('shop'));
      const load = browse(layout, 90_000);
      await waitForAnswers(layout, load.records, 200, 0, 5);

      // Twice: each stop must find connections lent out to requests, the case that crashed.
      const outages: { downAt: number; upAt: number }[] = [];
      for (let cycle = 0; cycle < CYCLES; cycle += 1) {
        const downAt = Date.now();
        await cluster.stop();
        expect(await status(layout, `${layout.apiUrl}/readyz`)).toBe(503);
        expect(await status(layout, `${layout.webUrl}/api/artist`)).toBe(503);
        expect(await status(layout, `${layout.webUrl}/lineup`)).toBe(503);
        await waitForAnswers(layout, load.records, 503, downAt, 3);

        await cluster.start();
        const upAt = Date.now();
        outages.push({ downAt, upAt });
        expect(await status(layout, `${layout.webUrl}/api/artist`)).toBe(200);
        expect(await status(layout, `${layout.apiUrl}/readyz`)).toBe(200);
        await waitForAnswers(layout, load.records, 200, upAt, 8);
      }
      await load.stop();

      expect(exitedProcesses(layout)).toEqual([]);
      expect(unexpectedAnswers(load.records())).toEqual([]);
      expect(load.records().filter((r) => r.finishedAt - r.startedAt > REQUEST_DEADLINE_MS)).toEqual([]);
      // Once it is back, every request succeeds: none waits for a retry or a broken connection to go.
      const afterOutage = (r: LoadRecord) =>
        outages.some(({ upAt }, i) => r.startedAt >= upAt && r.finishedAt < (outages[i + 1]?.downAt ?? Infinity));
      expect(load.records().filter((r) => afterOutage(r) && r.status !== 200)).toEqual([]);
    }, 90_000);
  }
});
