import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { redactLoggedRequest, redactLogUrl } from '../../shared/log-redact.ts';
import { requestId } from '../../shared/request-id.ts';

interface LoggedResponse {
  headers?: Record<string, unknown>;
}

/**
 * The API's request log (pino-http). No `redact` option here: it would replace the logger's list
 * (shared/log-redact.ts). The serializers see pino's already serialized objects: secret query
 * values and card registration ids come out of the URL, the query and the `Referer`, and the
 * registration id out of a redirect's `Location` (issue 17). The API is reached only through the
 * web tier (or an operator): it keeps the request id the web tier made, in its strict form.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req, res) => requestId(req, res, true),
    serializers: {
      req: redactLoggedRequest,
      res: (res: LoggedResponse) => {
        const location = res.headers?.location;
        return typeof location === 'string' ? { ...res, headers: { ...res.headers, location: redactLogUrl(location) } } : res;
      },
    },
  });
}
