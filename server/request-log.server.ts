import type { ServerResponse } from 'node:http';
import type { Express, Request, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { redactLogUrl } from '../shared/log-redact.ts';
import { requestId } from '../shared/request-id.ts';

/**
 * One short line per request: request id, method, path (no query string: it can carry a
 * shopper's data), status, content-length and the time taken. Not every header: with the whole
 * CSP a line was about 1.2 KB. Hashed assets are not logged at all.
 *
 * Not pino-http (the API keeps it): its child logger per request and a redaction pass over every
 * line were about 16 % of the web tier's CPU on a trivial route (issue 11). The line holds only the
 * fields named here, so it is written by a child without redaction; `req.log` (with the request
 * id, redacted like every other line) is made only when something logs through it.
 */
export function requestLog(app: Express, logger: Logger): RequestHandler {
  const access = accessLogger(logger);
  // On the app's request prototype, not defined per request: a property defined on each request
  // object turned it into a slow dictionary object for every later read (issue 11).
  Object.defineProperty(app.request, 'log', {
    configurable: true,
    get(this: Request) {
      const child = logger.child({ reqId: this.id });
      Object.defineProperty(this, 'log', { value: child, configurable: true, writable: true });
      return child;
    },
  });
  // Only a proxy TRUST_PROXY names may give the request id; a client's own is replaced.
  const trusted: (address: string | undefined, hop: number) => boolean = app.get('trust proxy fn');
  return (req, res, next) => {
    // The peer is looked up only when an id was sent: most requests come without one.
    const id = requestId(req, res, req.headers['x-request-id'] !== undefined && trusted(req.socket.remoteAddress, 0));
    req.id = id;
    if (req.url.startsWith('/assets/')) {
      next();
      return;
    }
    const started = performance.now();
    // The proxied sandbox card page's path holds a registration id (a capability): never logged.
    logWhenClosed(access, res, id, req.method, redactLogUrl(req.originalUrl.split('?')[0] ?? ''), started);
    next();
  };
}

/**
 * The access line of one request, written when its response closes ('close' follows every
 * response, finished or cut off: one listener tells both apart). Also used by the page cache's
 * fast path (server/page-cache/cache-listener.server.ts), which answers before Express.
 */
export function logWhenClosed(access: Logger, res: ServerResponse, id: string, method: string | undefined, url: string, started: number): void {
  res.once('close', () => {
    const contentLength = res.getHeader('content-length');
    const line = {
      req: { id, method, url },
      res: contentLength === undefined ? { statusCode: res.statusCode } : { statusCode: res.statusCode, contentLength },
      responseTime: Math.round(performance.now() - started),
    };
    if (!res.writableFinished) access.warn(line, 'request aborted');
    else if (res.statusCode >= 500) access.error(line, 'request errored');
    else access.info(line, 'request completed');
  });
}

/** The access log's logger: the line holds only the fields `logWhenClosed` names, so no redaction pass. */
export function accessLogger(logger: Logger): Logger {
  return logger.child({}, { redact: [] });
}
