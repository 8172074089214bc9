import http from 'node:http';
import { createRequire } from 'node:module';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics: one registry for every tier the process runs, served by
 * `createMetricsHandler` on a port of its own (METRICS_PORT), never on the public web port.
 * Defined once at module load, so building several apps in one process (tests) cannot register
 * a metric twice.
 */
export const metricsRegistry = new Registry();
// Process CPU, memory, handles, GC and event-loop lag (nodejs_eventloop_lag_seconds).
collectDefaultMetrics({ register: metricsRegistry });

export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by tier, method, route pattern (never the raw URL) and status code',
  labelNames: ['tier', 'method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [metricsRegistry],
});

/** Requests being served, per tier: plain numbers on the request path, read into the gauge when scraped. */
const inFlightByTier = new Map<string, { count: number; seen: boolean }>();

/**
 * The in-flight count of one tier (`measureRequests`). A gauge's `inc`/`dec` hash and validate
 * the label set on every call, twice a request; the gauge reads these counts only when it is
 * scraped (prom-client's `collect`). A tier's series appears once it has seen a request, as before.
 */
export function inFlightCounter(tier: string): { count: number; seen: boolean } {
  let counter = inFlightByTier.get(tier);
  if (!counter) {
    counter = { count: 0, seen: false };
    inFlightByTier.set(tier, counter);
  }
  return counter;
}

export const httpRequestsInFlight = new Gauge({
  name: 'http_requests_in_flight',
  help: 'HTTP requests being served, by tier',
  labelNames: ['tier'] as const,
  registers: [metricsRegistry],
  collect() {
    for (const [tier, counter] of inFlightByTier) if (counter.seen) this.set({ tier }, counter.count);
  },
});

export const proxyUpstreamErrors = new Counter({
  name: 'proxy_upstream_errors_total',
  help: 'Requests the /api proxy could not get answered: timeout (504) or unavailable (502)',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

/** PostgreSQL pool use (role api/all on DATABASE_URL), read at each scrape. */
export function recordPoolStats(stats: () => { total: number; idle: number; waiting: number }): void {
  new Gauge({
    name: 'db_pool_connections',
    help: 'node-postgres pool: open connections (total), idle ones, and queries waiting for one',
    labelNames: ['state'] as const,
    registers: [metricsRegistry],
    collect() {
      const now = stats();
      this.set({ state: 'total' }, now.total);
      this.set({ state: 'idle' }, now.idle);
      this.set({ state: 'waiting' }, now.waiting);
    },
  });
}

/** The web tier's page cache (PAGE_CACHE=on), read at each scrape: how requests were answered, and its size. */
export function recordPageCacheStats(stats: () => { counts: Record<'hit' | 'stale' | 'miss' | 'stored', number>; bytes: number; entries: number }): void {
  new Gauge({
    name: 'page_cache_requests',
    help: 'Page cache lookups since start: hit (fresh), stale (served while refreshing), miss (rendered), stored (pages kept)',
    labelNames: ['result'] as const,
    registers: [metricsRegistry],
    collect() {
      for (const [result, count] of Object.entries(stats().counts)) this.set({ result }, count);
    },
  });
  new Gauge({
    name: 'page_cache_bytes',
    help: 'Bytes the page cache holds (every encoding of every kept page), against PAGE_CACHE_MAX_MB',
    registers: [metricsRegistry],
    collect() {
      this.set(stats().bytes);
    },
  });
}

/** Which React build the server renders with: `npm start` must run the production one. */
export function reactServerBuild(): 'production' | 'development' | 'unknown' {
  const loaded = Object.keys(createRequire(import.meta.url).cache);
  if (loaded.some((file) => /react-dom-server\.node\.production/.test(file))) return 'production';
  if (loaded.some((file) => /react-dom-server\.node\.development/.test(file))) return 'development';
  return 'unknown';
}

export function recordBuildInfo(nodeEnv: string, role: string): void {
  const info = new Gauge({
    name: 'oshibox_build_info',
    help: 'Constant 1, labelled with the role, NODE_ENV and the React build the server renders with',
    labelNames: ['role', 'node_env', 'react_build'] as const,
    registers: [metricsRegistry],
  });
  info.set({ role, node_env: nodeEnv, react_build: reactServerBuild() }, 1);
}

/** GET /metrics in the Prometheus text format; everything else is 404. */
export function createMetricsHandler(): http.RequestListener {
  return (req, res) => {
    if (req.method !== 'GET' || (req.url !== '/metrics' && !req.url?.startsWith('/metrics?'))) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics failed\n'),
    );
  };
}
