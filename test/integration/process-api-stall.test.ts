import { afterAll, describe, expect, it } from 'vitest';
import { killAll, startShop } from './process-fixtures.ts';

/**
 * The split layout with the API process stopped (SIGSTOP: its sockets still accept, nothing
 * answers) under a burst of shoppers: every page and every /api call answers 503/504 by the
 * request's deadline (PROXY_TIMEOUT_MS, counted from its arrival), none is held until the API
 * resumes, and the web process stays up (issue 17).
 */
afterAll(killAll);

const DEADLINE_MS = 2000;
/** Room for a busy CI machine to render every error page once the deadlines pass together. */
const MARGIN_MS = 8000;
/** The API stays stopped this long at most; a request held that long waited for the API. */
const STOPPED_MS = DEADLINE_MS + 20_000;
/** Pages whose loaders ask the API for a signed-out visitor. */
const PAGES = ['/', '/lineup', '/news', '/lineupClose'];
const API_CALLS = ['/api/artist', '/api/banner', '/api/news'];

interface Answer {
  path: string;
  status: number | string;
  ms: number;
}

async function timedGet(url: string, path: string): Promise<Answer> {
  const started = Date.now();
  try {
    const response = await fetch(`${url}${path}`, { redirect: 'manual', signal: AbortSignal.timeout(STOPPED_MS) });
    await response.arrayBuffer();
    return { path, status: response.status, ms: Date.now() - started };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    return { path, status: cause instanceof Error ? ('code' in cause ? String(cause.code) : cause.name) : String(cause), ms: Date.now() - started };
  }
}

describe('deadlines under load with a stalled API (issue 17)', () => {
  it('300 /api calls (more than a socket pool holds) and 120 pages all answer 504/503 by the deadline while the API is stopped', async () => {
    const api = await startShop('api', { PROXY_TIMEOUT_MS: String(DEADLINE_MS) });
    // Renders against a stalled API: the page cache off (a page it kept would answer at once, as it should).
    const web = await startShop('web', { API_ORIGIN: api.apiUrl, PROXY_TIMEOUT_MS: String(DEADLINE_MS), PAGE_CACHE: 'off' });
    expect((await timedGet(web.webUrl, '/lineup')).status).toBe(200);
    const apiPid = api.child.pid ?? 0;
    process.kill(apiPid, 'SIGSTOP');
    let answers: Answer[];
    try {
      const paths = [
        ...Array.from({ length: 300 }, (_, i) => API_CALLS[i % API_CALLS.length] ?? '/api/artist'),
        ...Array.from({ length: 120 }, (_, i) => PAGES[i % PAGES.length] ?? '/'),
      ];
      answers = await Promise.all(paths.map((path) => timedGet(web.webUrl, path)));
    } finally {
      process.kill(apiPid, 'SIGCONT');
    }
    const late = answers.filter((a) => a.ms > DEADLINE_MS + MARGIN_MS);
    const wrong = answers.filter((a) => a.status !== (a.path.startsWith('/api') ? 504 : 503));
    const early = answers.filter((a) => a.ms < DEADLINE_MS - 100);
    expect({ late: late.slice(0, 5), lateCount: late.length, wrong: wrong.slice(0, 5), wrongCount: wrong.length, early: early.slice(0, 5) }, web.output().stderr)
      .toEqual({ late: [], lateCount: 0, wrong: [], wrongCount: 0, early: [] });
    expect(web.child.exitCode).toBeNull();
    // And once the API is back, the shop answers again.
    await expect.poll(async () => (await timedGet(web.webUrl, '/api/artist')).status, { timeout: 15_000 }).toBe(200);
  }, 90_000);
});
