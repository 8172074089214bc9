import type { Express, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { accessLogger, lazyRequestLog, logWhenClosed } from '../shared/access-log.ts';
import { redactLogUrl } from '../shared/log-redact.ts';
import { requestId } from '../shared/request-id.ts';
import { peerTrusted } from './forwarded.server.ts';

export { accessLogger, logWhenClosed } from '../shared/access-log.ts';

/**
 * One short line per request (shared/access-log.ts): request id, method, path (no query string:
 * it can carry a shopper's data), status, content-length and the time taken. Not every header:
 * with the whole CSP a line was about 1.2 KB. Hashed assets are not logged at all.
 *
 * Not pino-http: its child logger per request and a redaction pass over every line were about
 * 16 % of the web tier's CPU on a trivial route (issue 11). `req.log` (with the request id,
 * redacted like every other line) is made only when something logs through it.
 */
export function requestLog(app: Express, logger: Logger): RequestHandler {
  const access = accessLogger(logger);
  lazyRequestLog(app.request, logger);
  return (req, res, next) => {
    // Only a proxy TRUST_PROXY names may give the request id; a client's own is replaced. The
    // peer is looked up only when an id was sent, and once per connection (forwarded.server.ts).
    const id = requestId(req, res, req.headers['x-request-id'] !== undefined && peerTrusted(req));
    req.id = id;
    if (req.url.startsWith('/assets/')) {
      next();
      return;
    }
    const started = performance.now();
    // The proxied sandbox card page's path holds a registration id (a capability): never logged.
    const url = req.originalUrl;
    const mark = url.indexOf('?');
    logWhenClosed(access, res, { id, method: req.method, url: redactLogUrl(mark === -1 ? url : url.slice(0, mark)) }, started);
    next();
  };
}
