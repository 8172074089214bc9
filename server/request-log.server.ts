import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { requestId } from '../shared/request-id.ts';

/** What pino-http hands the serializers (pino-std-serializers' request and response views). */
interface LoggedRequest {
  id?: unknown;
  method?: string;
  url?: string;
}
interface LoggedResponse {
  statusCode?: number;
  headers?: Record<string, unknown>;
}

/**
 * One short line per request: request id, method, path (no query string: it can carry a
 * shopper's data), status, content-length and pino-http's `responseTime`. Not every header: with
 * the whole CSP a line was about 1.2 KB (issue 11). Hashed assets are not logged at all.
 */
export function requestLog(logger: Logger) {
  return pinoHttp<IncomingMessage, ServerResponse>({
    logger,
    genReqId: (req, res) => requestId(req, res),
    autoLogging: { ignore: (req) => req.url?.startsWith('/assets/') ?? false },
    serializers: {
      req: (req: LoggedRequest) => ({ id: req.id, method: req.method, url: req.url?.split('?')[0] }),
      res: (res: LoggedResponse) => ({ statusCode: res.statusCode, contentLength: res.headers?.['content-length'] }),
    },
  });
}
