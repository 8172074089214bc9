import type { Express, RequestHandler } from 'express';
import type { Logger } from 'pino';
import { accessLogger, lazyRequestLog, logWhenClosed, type AccessRequest } from '../../shared/access-log.ts';
import { redactLogUrl } from '../../shared/log-redact.ts';
import { requestId } from '../../shared/request-id.ts';

const CATALOGUE_VERSION_PATH = '/api/catalogue/version';

/**
 * The API's access line (shared/access-log.ts): request id, method, the URL with its query's
 * secret values and any card registration id censored (redactLogUrl, issue 17), the Referer
 * likewise, status, content-length and time. No other header: pino-http's line carried every
 * request and response header through a serialiser and a redaction pass, 11–18 % of the API's CPU
 * (issue 35, docs/decisions/0092). A 4xx is a warning, a 5xx an error; each web copy's
 * catalogue-version poll (one a second, server/catalogue-version.server.ts) writes no line when it
 * succeeds. The API is reached only through the web tier (or an operator): it keeps the request id
 * the web tier made, in its strict form.
 */
export function requestLogger(app: Express, logger: Logger): RequestHandler {
  const access = accessLogger(logger);
  lazyRequestLog(app.request, logger);
  return (req, res, next) => {
    const id = requestId(req, res, true);
    req.id = id;
    const line: AccessRequest = { id, method: req.method, url: redactLogUrl(req.originalUrl) };
    const referer = req.headers.referer;
    if (referer !== undefined) line.referer = redactLogUrl(referer);
    logWhenClosed(access, res, line, performance.now(), { clientErrorsWarn: true, quietWhenOk: req.originalUrl === CATALOGUE_VERSION_PATH });
    next();
  };
}
