import http from 'node:http';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { ApiErrorBody } from '../shared/api/errors.ts';

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
  return createProxyMiddleware<http.IncomingMessage & { id?: unknown }, http.ServerResponse>({
    target: options.apiOrigin,
    pathFilter: '/api',
    agent,
    xfwd: true,
    proxyTimeout: options.timeoutMs,
    on: {
      proxyReq(proxyReq, req) {
        if (typeof req.id === 'string') proxyReq.setHeader('x-request-id', req.id);
        proxyReq.on('timeout', () => timedOut.add(req));
      },
      proxyRes(proxyRes) {
        // The browser's connection is ours to manage, whatever the upstream said about its own.
        delete proxyRes.headers.connection;
        delete proxyRes.headers['keep-alive'];
      },
      error(_error, req, res) {
        const body = timedOut.has(req) ? TIMEOUT : UNAVAILABLE;
        const status = body === TIMEOUT ? 504 : 502;
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
