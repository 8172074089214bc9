import type { ServerResponse } from 'node:http';
import type { Logger } from 'pino';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request id (shared/request-id.ts), set by each tier's access log first thing. */
    id: string;
    /** A logger whose lines carry `reqId`, made on first use (`lazyRequestLog`). */
    log: Logger;
  }
}

/**
 * What an access line says of the request: the id, the method and the path as it may be logged
 * (redactLogUrl: no secret query value, no capability in the path). The API adds the Referer, as
 * redacted; nothing else of the request's headers is ever on the line.
 */
export interface AccessRequest {
  id: string;
  method: string | undefined;
  url: string;
  referer?: string;
}

export interface AccessLineRules {
  /** A 4xx answer is a warning (the API's lines: a client error there is a web tier's bug). */
  clientErrorsWarn?: boolean;
  /** A successful answer writes no line (a poll made every second); a failure still does. */
  quietWhenOk?: boolean;
}

/**
 * The access line of one request, written when its response closes ('close' follows every
 * response, finished or cut off: one listener tells both apart). One object of a few fields: no
 * header is walked, serialised or redacted (issue 35: pino-http's whole-headers line was 11–18 %
 * of the API's CPU), so the line is written by `accessLogger`'s child without a redaction pass.
 */
export function logWhenClosed(access: Logger, res: ServerResponse, req: AccessRequest, started: number, rules: AccessLineRules = {}): void {
  res.once('close', () => {
    const status = res.statusCode;
    const finished = res.writableFinished;
    if (rules.quietWhenOk && finished && status < 400) return;
    const contentLength = res.getHeader('content-length');
    const line = {
      req,
      res: contentLength === undefined ? { statusCode: status } : { statusCode: status, contentLength },
      responseTime: Math.round(performance.now() - started),
    };
    if (!finished) access.warn(line, 'request aborted');
    else if (status >= 500) access.error(line, 'request errored');
    else if (status >= 400 && rules.clientErrorsWarn) access.warn(line, 'request completed');
    else access.info(line, 'request completed');
  });
}

/** The access log's logger: the line holds only the fields `logWhenClosed` names, so no redaction pass. */
export function accessLogger(logger: Logger): Logger {
  return logger.child({}, { redact: [] });
}

/**
 * `req.log`, on an Express app's request prototype (`app.request`): a child of `logger` with the
 * request id, made only when something logs through it, redacted like every other line. On the
 * prototype, not defined per request: a property defined on each request object turned it into a
 * slow dictionary object for every later read (issue 11).
 */
export function lazyRequestLog(requestPrototype: object, logger: Logger): void {
  Object.defineProperty(requestPrototype, 'log', {
    configurable: true,
    get(this: { id: string }) {
      const child = logger.child({ reqId: this.id });
      Object.defineProperty(this, 'log', { value: child, configurable: true, writable: true });
      return child;
    },
  });
}
