import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { redactLoggedRequest, redactLogUrl } from '../../shared/log-redact.ts';
import { requestId } from '../../shared/request-id.ts';

const CATALOGUE_VERSION_PATH = '/api/catalogue/version';

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
    // pino-http's own levels, except that each web copy's catalogue-version poll (one a second,
    // server/catalogue-version.server.ts) is not an access line when it succeeds.
    customLogLevel: (req, res, error) => {
      if (error || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      // Express's own URL: inside a mounted router, `req.url` is the part after the mount.
      return (req as { originalUrl?: string }).originalUrl === CATALOGUE_VERSION_PATH ? 'silent' : 'info';
    },
    serializers: {
      req: redactLoggedRequest,
      res: (res: LoggedResponse) => {
        const location = res.headers?.location;
        return typeof location === 'string' ? { ...res, headers: { ...res.headers, location: redactLogUrl(location) } } : res;
      },
    },
  });
}
