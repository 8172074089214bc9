import type http from 'node:http';
import { ADMIN_ROUTES } from '../shared/admin-routes.ts';
import { ROUTES } from '../shared/routes.ts';
import { httpRequestDuration, inFlightCounter } from './metrics.server.ts';

/** Called as a request arrives; the returned reader gives its route label once it is done. */
export type RouteLabeller = (req: http.IncomingMessage) => () => string;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Times every request of one tier into http_request_duration_seconds. Labels stay bounded: the
 * route pattern from the labeller, a known method or OTHER, the status or `aborted` when the
 * client left before the response ended. One clock reading at each end and the labelled series
 * kept by their label values: prom-client's `startTimer` read the clock twice more and hashed the
 * label object on every request, and so did the gauge's `inc`/`dec`, now a plain count the gauge
 * reads when scraped (issue 35).
 */
export function measureRequests(tier: string, routeOf: RouteLabeller, handler: http.RequestListener): http.RequestListener {
  const inFlight = inFlightCounter(tier);
  const series = new Map<string, { observe(seconds: number): void }>();
  const seriesOf = (method: string, route: string, status: string) => {
    const key = `${method} ${status} ${route}`;
    let found = series.get(key);
    if (!found) {
      found = httpRequestDuration.labels({ tier, method, route, status_code: status });
      series.set(key, found);
    }
    return found;
  };
  return (req, res) => {
    const started = performance.now();
    const routeLabel = routeOf(req);
    inFlight.count++;
    inFlight.seen = true;
    // 'close' follows every response, finished or cut off (one listener, not 'finish' and 'close').
    res.once('close', () => {
      inFlight.count--;
      const method = METHODS.has(req.method ?? '') ? (req.method ?? 'OTHER') : 'OTHER';
      const status = res.writableFinished ? String(res.statusCode) : 'aborted';
      seriesOf(method, routeLabel(), status).observe((performance.now() - started) / 1000);
    });
    handler(req, res);
  };
}

interface CompiledRoute {
  path: string;
  segments: (string | null)[];
  score: number;
}

/**
 * The route table compiled once, most specific first (static segments outrank parameters, as in
 * React Router's ranking). Not react-router's matchRoutes: it flattens and ranks the whole table
 * on every call, which was 17 % of the web tier's CPU on a trivial route (issue 11).
 */
const PAGE_ROUTES: CompiledRoute[] = Object.values(ROUTES)
  .map(({ path }) => {
    const segments = path.split('/').filter(Boolean).map((s) => (s.startsWith(':') ? null : s.toLowerCase()));
    return { path, segments, score: segments.reduce<number>((sum, s) => sum + (s === null ? 3 : 10), 0) };
  })
  .sort((a, b) => b.score - a.score);

function pageRouteOf(path: string): string | undefined {
  const parts = path.toLowerCase().split('/').filter(Boolean);
  return PAGE_ROUTES.find((r) => r.segments.length === parts.length && r.segments.every((s, i) => s === null || s === parts[i]))?.path;
}

/** The web tier's label: the page's pattern from the shared route table, or a fixed group. */
export function webRouteLabel(req: http.IncomingMessage): () => string {
  const url = req.url ?? '/'; // Express rewrites req.url inside mounted routers: keep the original
  return () => webRouteOf(url);
}

export function webRouteOf(url: string): string {
  const path = url.split('?')[0] ?? '/';
  if (path.startsWith('/assets/')) return '/assets/*';
  if (path === '/api' || path.startsWith('/api/')) return '/api/*';
  if (path === '/healthz' || path === '/readyz') return path;
  return pageRouteOf(path) ?? 'unmatched';
}

const ADMIN_PATTERNS = Object.values(ADMIN_ROUTES).map(({ path }) => ({ path, parts: path.split('/').filter(Boolean) }));

/** The console's label: its page pattern (shared/admin-routes.ts), `/api/staff/*` or a fixed group. */
export function adminRouteLabel(req: http.IncomingMessage): () => string {
  const url = req.url ?? '/';
  return () => adminRouteOf(url);
}

export function adminRouteOf(url: string): string {
  const path = url.split('?')[0] ?? '/';
  if (path.startsWith('/assets/')) return '/assets/*';
  if (path === '/api' || path.startsWith('/api/')) return '/api/staff/*';
  if (path === '/healthz' || path === '/readyz') return path;
  const parts = path.split('/').filter(Boolean);
  const match = ADMIN_PATTERNS.find((p) => p.parts.length === parts.length && p.parts.every((s, i) => s.startsWith(':') || s === parts[i]));
  return match?.path ?? 'unmatched';
}
