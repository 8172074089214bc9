import type { IncomingHttpHeaders } from 'node:http';
import type { Request } from 'express';

/**
 * Headers by which a client could name another address, scheme or host. The web tier never
 * passes them on from the client: it says itself who the client is (from `req.ip`, computed with
 * the configured TRUST_PROXY hops), so the API's rate limits and logs see an unforgeable address.
 */
export const CLIENT_FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-port',
  'x-forwarded-prefix',
  'x-forwarded-server',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
  'x-cluster-client-ip',
  'x-original-forwarded-for',
] as const;

/** The CSRF evidence the API checks on server-side form actions (shared/csrf.ts), passed as sent. */
const CSRF_HEADERS = ['origin', 'sec-fetch-site'] as const;

function single(value: IncomingHttpHeaders[string]): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * What the web tier tells the API about the client, for both the /api proxy and the SSR loaders'
 * and form actions' calls: its address, the scheme and host it asked for, and the CSRF headers.
 */
export function upstreamHeaders(req: Request): Record<string, string> {
  const headers: Record<string, string> = {
    'x-forwarded-for': req.ip ?? req.socket.remoteAddress ?? '',
    'x-forwarded-proto': req.protocol,
    'x-forwarded-host': req.host ?? '',
  };
  for (const name of CSRF_HEADERS) {
    const value = single(req.headers[name]);
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}
