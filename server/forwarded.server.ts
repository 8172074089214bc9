import type { IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';
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

type TrustFn = (address: string | undefined, hop: number) => boolean;

const PEER = Symbol('peerTrusted');
const CLIENT = Symbol('clientSide');

interface TrustedPeer {
  [PEER]?: { trust: TrustFn; trusted: boolean };
}

/** The scheme and Host the client asked for, as Express's `req.protocol` and `req.host` give them. */
export interface ClientSide {
  protocol: string;
  host: string | undefined;
}

/**
 * Whether the connection's peer is a proxy TRUST_PROXY names: asked once per connection, not on
 * every request. proxy-addr's check parses the address twice (ipaddr.js) on each call, and
 * Express's `req.protocol` and `req.host` call it again on every read (issue 35).
 */
export function peerTrusted(req: Request): boolean {
  const trust = req.app.get('trust proxy fn') as TrustFn;
  const socket = req.socket as Socket & TrustedPeer;
  const known = socket[PEER];
  if (known?.trust === trust) return known.trusted;
  const trusted = trust(socket.remoteAddress, 0);
  socket[PEER] = { trust, trusted };
  return trusted;
}

/**
 * `req.protocol` and `req.host`, read once (requestGuard does, first) and kept on the request for
 * every later check and for the API's forwarding headers: each read of Express's getters looks up
 * the trust function, asks it about the peer and reads the headers again. The same rules as
 * Express 5's getters: X-Forwarded-Proto and X-Forwarded-Host (their first value) only from a
 * trusted peer, which is asked only when one of them was sent.
 */
export function clientSideOf(req: Request): ClientSide {
  const kept = (req as Request & { [CLIENT]?: ClientSide })[CLIENT];
  if (kept) return kept;
  const own = (req.socket as Socket & { encrypted?: boolean }).encrypted ? 'https' : 'http';
  const forwardedProto = single(req.headers['x-forwarded-proto']);
  const forwardedHost = single(req.headers['x-forwarded-host']);
  const trusted = (forwardedProto !== undefined || Boolean(forwardedHost)) && peerTrusted(req);
  let protocol = own;
  if (trusted) {
    const value = forwardedProto || own;
    const comma = value.indexOf(',');
    protocol = (comma === -1 ? value : value.substring(0, comma)).trim();
  }
  let host = req.headers.host;
  if (trusted && forwardedHost) {
    const comma = forwardedHost.indexOf(',');
    host = comma === -1 ? forwardedHost : forwardedHost.substring(0, comma).trimEnd();
  }
  const side = { protocol, host: host || undefined };
  (req as Request & { [CLIENT]?: ClientSide })[CLIENT] = side;
  return side;
}

/**
 * What the web tier tells the API about the client, for both the /api proxy and the SSR loaders'
 * and form actions' calls: its address, the scheme and host it asked for, and the CSRF headers.
 */
export function upstreamHeaders(req: Request): Record<string, string> {
  const { protocol, host } = clientSideOf(req);
  // `req.ip` is the peer's address whenever no X-Forwarded-For came, whatever TRUST_PROXY says:
  // only then is proxy-addr asked (it parses the header and each address on every read).
  const ip = req.headers['x-forwarded-for'] ? req.ip : req.socket.remoteAddress;
  const headers: Record<string, string> = {
    'x-forwarded-for': ip ?? req.socket.remoteAddress ?? '',
    'x-forwarded-proto': protocol,
    'x-forwarded-host': host ?? '',
  };
  for (const name of CSRF_HEADERS) {
    const value = single(req.headers[name]);
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}
