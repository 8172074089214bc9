import http from 'node:http';
import url from 'node:url';
import type { Request, RequestHandler } from 'express';
import { createProxyMiddleware, debugProxyErrorsPlugin, proxyEventsPlugin, type Plugin } from 'http-proxy-middleware';
import type { ApiErrorBody } from '../shared/api/errors.ts';
import { CLIENT_FORWARDING_HEADERS, upstreamHeaders } from './forwarded.server.ts';
import { proxyUpstreamErrors } from './metrics.server.ts';
import { atDeadline } from './request-deadline.server.ts';
import { originFormOf } from './request-target.server.ts';
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

/**
 * What the proxy keeps of each proxied request, as symbol properties on it rather than WeakMap and
 * WeakSet entries (two or three per request, each an ephemeron for the collector; issue 35).
 */
const TIMED_OUT = Symbol('timedOut');
/** Set once the upstream answer has begun: the deadline has been met. */
const ANSWERED = Symbol('answered');
/** The upstream request, once http-proxy has made it. */
const UPSTREAM = Symbol('upstream');
interface Proxied {
  [TIMED_OUT]?: boolean;
  [ANSWERED]?: boolean;
  [UPSTREAM]?: http.ClientRequest;
}
const proxied = (req: http.IncomingMessage) => req as http.IncomingMessage & Proxied;
/** Hop-by-hop headers (RFC 9110 §7.6.1) describe the browser's connection, not ours to the API. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade'];
const ALWAYS_DROPPED = new Set<string>([...HOP_BY_HOP, ...CLIENT_FORWARDING_HEADERS]);

/** Headers named in the client's `Connection` header are hop-by-hop too. */
function connectionTokens(value: string | undefined): string[] {
  return (value ?? '').split(',').map((token) => token.trim().toLowerCase()).filter(Boolean);
}
const IDLE_SOCKET_MS = 4_000;

/**
 * What the API is sent, decided before http-proxy copies `req.headers` into its upstream request.
 * Not in its `proxyReq` event: that comes when a socket is assigned, after a bodiless request's
 * headers may already be written, and `removeHeader` then threw out of an event (a crash, issue 17).
 * A client's `Connection: close` made the API close the socket after an early answer (a 413 before
 * the body was read) while the body was still being written: the write failed and the browser got
 * a 502 instead of the 413. Our keep-alive agent owns that connection.
 */
function prepareUpstreamHeaders(req: Request): void {
  const named = connectionTokens(req.headers.connection);
  // One copy of the headers, with the fixed set of dropped names made once (issue 35).
  const headers: http.IncomingHttpHeaders = {};
  for (const name in req.headers) {
    if (!ALWAYS_DROPPED.has(name) && !named.includes(name)) headers[name] = req.headers[name];
  }
  Object.assign(headers, upstreamHeaders(req));
  if (typeof req.id === 'string') headers['x-request-id'] = req.id;
  req.headers = headers;
}

function sendUpstreamError(res: http.ServerResponse, timeout: boolean): void {
  proxyUpstreamErrors.inc({ kind: timeout ? 'timeout' : 'unavailable' });
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(timeout ? 504 : 502, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(timeout ? TIMEOUT : UNAVAILABLE));
}

/**
 * The request's one deadline (request-deadline.server.ts) ends the upstream request wherever it
 * is, connecting or waiting for the answer, and the browser gets the 504 then. Once the answer
 * has begun, the deadline has been met.
 */
function enforceDeadline(req: Request, res: http.ServerResponse, timeoutMs: number): void {
  atDeadline(req, res, timeoutMs, () => {
    if (res.headersSent || res.destroyed || proxied(req)[ANSWERED]) return;
    proxied(req)[TIMED_OUT] = true;
    const proxyReq = proxied(req)[UPSTREAM];
    if (proxyReq) proxyReq.destroy();
    else sendUpstreamError(res, true);
  });
}

/**
 * `/api` → API_ORIGIN. Created once at start-up with a keep-alive agent. Bodies stream through
 * untouched (no body parser runs before this), cookies pass both ways, the request id goes
 * upstream, and a dead or slow upstream becomes a JSON 502/504 by the request's deadline instead
 * of a hang.
 */
export function createApiProxy(options: ApiProxyOptions): RequestHandler {
  // An idle upstream socket is dropped after 4 s, before the API's own idle timeout (Node's
  // default is 5 s) can close it under a request that is just being sent: that race is a 502.
  // No cap on sockets: a request queued for one had no way to be ended at its deadline (it waited
  // until the API came back). The web tier's MAX_CONNECTIONS bounds how many can be open.
  const agent = new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS });
  const proxy = createProxyMiddleware<Request, http.ServerResponse>({
    // Parsed once here: given as a string, http-proxy parses it again (url.parse) for every request.
    target: url.parse(options.apiOrigin),
    // http-proxy-middleware's default plugins but its logger: that one builds a URL and a line for
    // every answer and hands them to a logger that does nothing (none is configured). Ours keep
    // the error guard (and its fix for a browser that leaves mid-answer) and the `on` handlers.
    ejectPlugins: true,
    // (Typed for node:http's request; they read nothing Express adds.)
    plugins: [debugProxyErrorsPlugin, proxyEventsPlugin] as unknown as Plugin<Request, http.ServerResponse>[],
    // `/api` and `/api/…` only: `/apix` or `/api-docs` are the web tier's own (404) pages.
    pathFilter: (pathname) => isApiPath(pathname),
    // The target requestGuard checked goes upstream as it is, in origin-form: by default http-proxy
    // re-reads it with url.parse, which made `/api\staff\login` a staff call after the console
    // check had passed it (issue 29). `toProxy` is http-proxy's switch for that; it still folds
    // repeated slashes, as the console check (console-paths.server.ts) does before deciding.
    toProxy: true,
    pathRewrite: (path, req) => originFormOf(path, req.headers.host) ?? path,
    agent,
    // The client's own forwarding headers are dropped and ours set instead (forwarded.server.ts).
    xfwd: false,
    // Host = API_ORIGIN's, as in the page loaders' calls: the API answers only its own names
    // (shared/allowed-hosts.ts); the shop's name goes up in X-Forwarded-Host.
    changeOrigin: true,
    // No `proxyTimeout`: its clock started only once connected, and its callback also ran on the
    // agent's 4 s idle timeout of a socket still connecting (a 504 after 4 s, issue 17).
    on: {
      start(req, res) {
        prepareUpstreamHeaders(req);
        enforceDeadline(req, res, options.timeoutMs);
      },
      proxyReq(proxyReq, req) {
        proxied(req)[UPSTREAM] = proxyReq;
        if (proxied(req)[TIMED_OUT]) proxyReq.destroy();
      },
      proxyRes(proxyRes, req, res) {
        proxied(req)[ANSWERED] = true;
        // A body that stops mid-way is cut after as long without a byte, as before.
        proxyRes.setTimeout(options.timeoutMs, () => {
          proxied(req)[UPSTREAM]?.destroy();
          res.destroy();
        });
        // The browser's connection is ours to manage, whatever the upstream said about its own.
        // What this server already decided (`Connection: close` while draining) must survive, and
        // so must the browser's own `Connection: close` (Node's `shouldKeepAlive` is false then):
        // http-proxy fills an absent header with `keep-alive`, which held that socket open 8 s.
        delete proxyRes.headers['keep-alive'];
        const own = res.getHeader('connection');
        if (typeof own === 'string') proxyRes.headers.connection = own;
        else if (!res.shouldKeepAlive) proxyRes.headers.connection = 'close';
        else delete proxyRes.headers.connection;
      },
      error(_error, req, res) {
        // Already answered at the deadline, before the upstream request existed.
        if (!('writeHead' in res) || res.writableEnded) return;
        sendUpstreamError(res, proxied(req)[TIMED_OUT] === true);
      },
    },
  });
  // http-proxy-middleware is an async function that re-reads every URL with url.parse before its
  // path filter: every page and asset request passed through it. A URL without `api` in it, in
  // any spelling, is never one it proxies (issue 35).
  return (req, res, next) => {
    if (req.url.includes('api')) return proxy(req, res, next);
    next();
  };
}
