import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
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
export function requestLog(logger: Logger): RequestHandler {
  const access = logger.child({}, { redact: [] });
  return (req, res, next) => {
    const id = requestId(req, res);
    req.id = id;
    Object.defineProperty(req, 'log', {
      configurable: true,
      get() {
        const child = logger.child({ reqId: id });
        Object.defineProperty(req, 'log', { value: child, configurable: true, writable: true });
        return child;
      },
    });
    if (req.url.startsWith('/assets/')) {
      next();
      return;
    }
    const started = performance.now();
    const method = req.method;
    const url = req.originalUrl.split('?')[0];
    const done = (): void => {
      res.off('finish', done);
      res.off('close', done);
      const contentLength = res.getHeader('content-length');
      const line = {
        req: { id, method, url },
        res: contentLength === undefined ? { statusCode: res.statusCode } : { statusCode: res.statusCode, contentLength },
        responseTime: Math.round(performance.now() - started),
      };
      if (!res.writableFinished) access.warn(line, 'request aborted');
      else if (res.statusCode >= 500) access.error(line, 'request errored');
      else access.info(line, 'request completed');
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}
