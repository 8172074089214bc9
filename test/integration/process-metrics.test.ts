import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { freePorts, killAll, startShop, type ShopProcess } from './process-fixtures.ts';

/**
 * Prometheus metrics on a port of their own (METRICS_PORT), one endpoint for both tiers of role
 * `all`; never on the public web port. Labels carry route patterns, not raw URLs.
 */
let database: TestDatabase | null = null;
afterAll(async () => {
  killAll();
  await database?.destroy();
});

const UNIQUE = 'no-such-artist-7f3a9c';

async function text(url: string): Promise<{ status: number; body: string }> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: await response.text() };
}

describe('metrics, role all', () => {
  let shop: ShopProcess;
  beforeAll(async () => {
    shop = await startShop('all');
  });

  it('the public web port and the API port answer 404 for /metrics, without any metric', async () => {
    for (const url of [`${shop.webUrl}/metrics`, `${shop.apiUrl}/metrics`]) {
      const { status, body } = await text(url);
      expect(status).toBe(404);
      expect(body).not.toContain('http_request_duration_seconds');
      expect(body).not.toContain('process_resident_memory_bytes');
    }
  });

  it('the metrics port reports requests of both tiers by route pattern, process and event-loop metrics', async () => {
    expect((await text(`${shop.webUrl}/lineup`)).status).toBe(200);
    expect((await text(`${shop.webUrl}/lineup`)).status).toBe(200);
    expect((await text(`${shop.webUrl}/lineup/${UNIQUE}`)).status).toBe(404);
    expect((await text(`${shop.webUrl}/api/artist/${UNIQUE}`)).status).toBe(404);
    const { status, body } = await text(`${shop.metricsUrl}/metrics`);
    expect(status).toBe(200);
    expect(body).toMatch(/^http_request_duration_seconds_count\{tier="web",method="GET",route="\/lineup",status_code="200"\} [1-9]/m);
    expect(body).toMatch(/^http_request_duration_seconds_count\{tier="web",method="GET",route="\/lineup\/:slug",status_code="404"\} [1-9]/m);
    expect(body).toMatch(/^http_request_duration_seconds_count\{tier="web",method="GET",route="\/api\/\*",status_code="404"\} [1-9]/m);
    expect(body).toMatch(/^http_request_duration_seconds_count\{tier="api",method="GET",route="\/api\/artist\/:slug",status_code="404"\} [1-9]/m);
    expect(body).toMatch(/^http_request_duration_seconds_bucket\{le="0.1",tier="web"/m);
    // Bounded label values: the URL's own words never become a label.
    expect(body).not.toContain(UNIQUE);
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(body).toMatch(/^process_resident_memory_bytes \d/m);
    expect(body).toMatch(/^oshibox_build_info\{role="all",node_env="production",react_build="production"\} 1$/m);
    // The page cache (on by default): the second /lineup came from it, kept once.
    expect(body).toMatch(/^page_cache_requests\{result="hit"\} [1-9]/m);
    expect(body).toMatch(/^page_cache_requests\{result="stored"\} [1-9]/m);
    expect(body).toMatch(/^page_cache_bytes [1-9]/m);
  });

  it('the metrics port serves nothing but /metrics', async () => {
    expect((await text(`${shop.metricsUrl}/`)).status).toBe(404);
    expect((await text(`${shop.metricsUrl}/lineup`)).status).toBe(404);
  });
});

describe('metrics, role web with the API down', () => {
  it('counts the /api proxy failures by kind', async () => {
    const [deadApi = 0] = await freePorts(1);
    const web = await startShop('web', { API_ORIGIN: `http://127.0.0.1:${deadApi}` });
    // Counted from what the metrics say before: on a shared CI machine another file's client can
    // reach a port this process took over, so only this test's own three are asserted.
    const countOf = (body: string, pattern: RegExp) => Number(pattern.exec(body)?.[1] ?? 0);
    const unavailable = /^proxy_upstream_errors_total\{kind="unavailable"\} (\d+)$/m;
    const answered502 = /^http_request_duration_seconds_count\{tier="web",method="GET",route="\/api\/\*",status_code="502"\} (\d+)$/m;
    const before = (await text(`${web.metricsUrl}/metrics`)).body;
    for (let i = 0; i < 3; i += 1) expect((await text(`${web.webUrl}/api/artist`)).status).toBe(502);
    const { body } = await text(`${web.metricsUrl}/metrics`);
    expect(countOf(body, unavailable) - countOf(before, unavailable)).toBeGreaterThanOrEqual(3);
    expect(countOf(body, answered502) - countOf(before, answered502)).toBeGreaterThanOrEqual(3);
    expect(body).not.toMatch(/tier="api"/);
  });
});

// PGlite has no pool; the PostgreSQL pass of the suite (DATABASE_URL set, as CI runs it) checks this.
describe.runIf(process.env.DATABASE_URL)('metrics, role api on PostgreSQL', () => {
  it('reports the connection pool', async () => {
    database = await createTestDatabase();
    const api = await startShop('api', { DATABASE_URL: database.url ?? '' });
    expect((await text(`${api.apiUrl}/api/artist`)).status).toBe(200);
    const { body } = await text(`${api.metricsUrl}/metrics`);
    expect(body).toMatch(/^db_pool_connections\{state="total"\} [1-9]/m);
    expect(body).toMatch(/^db_pool_connections\{state="waiting"\} 0$/m);
    expect(body).toMatch(/^oshibox_build_info\{role="api",/m);
  });
});
