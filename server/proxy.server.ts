import http from 'node:http';
import type { Request, RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { ApiErrorBody } from '../shared/api/errors.ts';
import { CLIENT_FORWARDING_HEADERS, upstreamHeaders } from './forwarded.server.ts';
import { proxyUpstreamErrors } from './metrics.server.ts';
import { isApiPath } from './small-error.server.ts';

export interface ApiProxyOptions {
  apiOrigin: string;
  timeoutMs: number;
}

const UNAVAILABLE: ApiErrorBody = {
  code: 'UPSTREAM_UNAVAILABLE',
  message: 'サーバーに接続できませんでした。時間をおいて再度お試しください。',
  messageEn: 'Could not reach the server. Please try again later.',
};
const TIMEOUT: ApiErrorBody = {
  code: 'UPSTREAM_TIMEOUT',
  message: 'サーバーの応答がありませんでした。時間をおいて再度お試しください。',
  messageEn: 'The server did not answer in time. Please try again later.',
};

const timedOut = new WeakSet<http.IncomingMessage>();
/** Hop-by-hop headers (RFC 9110 §7.6.1) describe the browser's connection, not ours to the API. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade'];

/** Headers named in the client's `Connection` header are hop-by-hop too. */
function connectionTokens(value: string | undefined): string[] {
  return (value ?? '').split(',').map((token) => token.trim().toLowerCase()).filter(Boolean);
}
const IDLE_SOCKET_MS = 4_000;

/**
 * `/api` → API_ORIGIN. Created once at start-up with a keep-alive agent. Bodies stream through
 * untouched (no body parser runs before this), cookies pass both ways, the request id goes
 * upstream, and a dead or slow upstream becomes a JSON 502/504 at once instead of a hang.
 */
export function createApiProxy(options: ApiProxyOptions): RequestHandler {
  // An idle upstream socket is dropped after 4 s, before the API's own idle timeout (Node's
  // default is 5 s) can close it under a request that is just being sent: that race is a 502.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: IDLE_SOCKET_MS });
  return createProxyMiddleware<Request, http.ServerResponse>({
    target: options.apiOrigin,
    // `/api` and `/api/…` only: `/apix` or `/api-docs` are the web tier's own (404) pages.
    pathFilter: (pathname) => isApiPath(pathname),
    agent,
    // The client's own forwarding headers are dropped below and ours set instead (forwarded.server.ts).
    xfwd: false,
    // Host = API_ORIGIN's, as in the page loaders' calls: the API answers only its own names
    // (shared/allowed-hosts.ts); the shop's name goes up in X-Forwarded-Host.
    changeOrigin: true,
    proxyTimeout: options.timeoutMs,
    on: {
      proxyReq(proxyReq, req) {
        // A client's `Connection: close` made the API close the socket after an early answer (a
        // 413 before the body was read) while the body was still being written: the write failed
        // and the browser got a 502 instead of the 413. Our keep-alive agent owns that connection.
        for (const name of [...HOP_BY_HOP, ...connectionTokens(req.headers.connection)]) proxyReq.removeHeader(name);
        for (const name of CLIENT_FORWARDING_HEADERS) proxyReq.removeHeader(name);
        for (const [name, value] of Object.entries(upstreamHeaders(req))) proxyReq.setHeader(name, value);
        if (typeof req.id === 'string') proxyReq.setHeader('x-request-id', req.id);
        proxyReq.on('timeout', () => timedOut.add(req));
      },
      proxyRes(proxyRes, _req, res) {
        // The browser's connection is ours to manage, whatever the upstream said about its own.
        // What this server already decided (`Connection: close` while draining) must survive:
        // http-proxy fills an absent header with the browser's own `keep-alive`.
        delete proxyRes.headers['keep-alive'];
        const own = res.getHeader('connection');
        if (typeof own === 'string') proxyRes.headers.connection = own;
        else delete proxyRes.headers.connection;
      },
      error(_error, req, res) {
        const body = timedOut.has(req) ? TIMEOUT : UNAVAILABLE;
        const status = body === TIMEOUT ? 504 : 502;
        proxyUpstreamErrors.inc({ kind: body === TIMEOUT ? 'timeout' : 'unavailable' });
        if (!('writeHead' in res) || res.headersSent) {
          res.destroy();
          return;
        }
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        res.end(JSON.stringify(body));
      },
    },
  });
}
