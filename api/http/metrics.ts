import type { IncomingMessage } from 'node:http';

/**
 * The API tier's metrics label: the pattern Express matched (`/api/artist/:slug`), read after
 * the response, so ids in URLs never become label values; `unmatched` for 404s.
 */
export function apiRouteLabel(req: IncomingMessage & { route?: { path?: unknown }; baseUrl?: string }): string {
  const pattern = req.route?.path;
  if (typeof pattern !== 'string') return 'unmatched';
  return `${req.baseUrl ?? ''}${pattern}` || '/';
}
