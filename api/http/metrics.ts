import type { IncomingMessage } from 'node:http';

/**
 * The API tier's metrics label: the route pattern Express matched (`/api/artist/:slug`), so ids
 * in URLs never become label values; `unmatched` for 404s of unknown paths. Called when the
 * request arrives, it returns the reader used once the response is done.
 *
 * The pattern is taken at the moment Express assigns `req.route`, because `req.baseUrl` is reset
 * when an error leaves a router: read after the response, a failed `/api/artist/:slug` would be
 * labelled `/:slug`.
 */
export function apiRouteLabel(req: IncomingMessage): () => string {
  let pattern = 'unmatched';
  let route: unknown;
  Object.defineProperty(req, 'route', {
    configurable: true,
    enumerable: true,
    get: () => route,
    set(value: unknown) {
      route = value;
      const path = typeof value === 'object' && value !== null && 'path' in value ? value.path : undefined;
      const baseUrl: unknown = Reflect.get(req, 'baseUrl');
      if (typeof path === 'string') pattern = `${typeof baseUrl === 'string' ? baseUrl : ''}${path}` || '/';
    },
  });
  return () => pattern;
}
