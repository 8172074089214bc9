import type http from 'node:http';
import { matchRoutes } from 'react-router';
import { ROUTES } from '../shared/routes.ts';
import { httpRequestDuration, httpRequestsInFlight } from './metrics.server.ts';

/** What Express leaves on the request once a route matched (read after the response). */
export type RoutedRequest = http.IncomingMessage & { route?: { path?: unknown }; baseUrl?: string };
export type RouteLabeller = (req: RoutedRequest) => string;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Times every request of one tier into http_request_duration_seconds. Labels stay bounded: the
 * route pattern from the labeller, a known method or OTHER, the status or `aborted` when the
 * client left before the response ended.
 */
export function measureRequests(tier: string, routeOf: RouteLabeller, handler: http.RequestListener): http.RequestListener {
  return (req, res) => {
    const stop = httpRequestDuration.startTimer();
    httpRequestsInFlight.inc({ tier });
    let recorded = false;
    const record = (): void => {
      if (recorded) return;
      recorded = true;
      httpRequestsInFlight.dec({ tier });
      const method = METHODS.has(req.method ?? '') ? (req.method ?? 'OTHER') : 'OTHER';
      const status = res.writableFinished ? String(res.statusCode) : 'aborted';
      stop({ tier, method, route: routeOf(req), status_code: status });
    };
    res.once('finish', record);
    res.once('close', record);
    handler(req, res);
  };
}

const PAGE_ROUTES = Object.values(ROUTES).map((route) => ({ path: route.path }));

/** The web tier's label: the page's pattern from the shared route table, or a fixed group. */
export function webRouteLabel(req: http.IncomingMessage): string {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  if (path.startsWith('/assets/')) return '/assets/*';
  if (path === '/api' || path.startsWith('/api/')) return '/api/*';
  if (path === '/healthz' || path === '/readyz') return path;
  const matches = matchRoutes(PAGE_ROUTES, path);
  return matches?.at(-1)?.route.path ?? 'unmatched';
}
