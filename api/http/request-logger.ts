import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { redactLogUrl } from '../../shared/log-redact.ts';
import { requestId } from '../../shared/request-id.ts';

interface LoggedRequest {
  url?: string;
  headers?: Record<string, unknown>;
}

interface LoggedResponse {
  headers?: Record<string, unknown>;
}

/**
 * The API's request log (pino-http). No `redact` option here: it would replace the logger's list
 * (shared/log-redact.ts). The serializers see pino's already serialized objects and take the
 * card registration id out of the URL, the `Referer` (a page of the sandbox that forgot its
 * no-referrer policy) and a redirect's `Location` (issue 17).
 */
export function requestLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req, res) => requestId(req, res),
    serializers: {
      req: (req: LoggedRequest) => {
        const referer = req.headers?.referer;
        const headers = typeof referer === 'string' ? { ...req.headers, referer: redactLogUrl(referer) } : req.headers;
        return { ...req, url: typeof req.url === 'string' ? redactLogUrl(req.url) : req.url, headers };
      },
      res: (res: LoggedResponse) => {
        const location = res.headers?.location;
        return typeof location === 'string' ? { ...res, headers: { ...res.headers, location: redactLogUrl(location) } } : res;
      },
    },
  });
}
