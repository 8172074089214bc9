import type { RequestHandler } from 'express';
import { isCrossSiteRequest } from '../../shared/csrf.ts';
import { ForbiddenError, MisdirectedRequestError, UnsupportedMediaTypeError } from './errors.ts';

/**
 * A Host the API does not answer for is a 421 before any route runs, /ops included: DNS
 * rebinding would otherwise let a web page reach a loopback install's API as its own origin.
 * Only Host counts, which a page can never change: X-Forwarded-Host is the web tier's word for
 * the shop's name, which the web tier checked against its own list (it may have more names).
 */
export function refuseForeignHost(isAllowedHost: (host: string | undefined) => boolean): RequestHandler {
  return (req, _res, next) => {
    if (isAllowedHost(req.headers.host)) return next();
    next(new MisdirectedRequestError());
  };
}

/**
 * Refuses an unsafe request a browser sent from another site (the one rule in shared/csrf.ts).
 * Runs before any body is read or any route runs.
 */
export function refuseCrossSite(allowedOrigins: readonly string[]): RequestHandler {
  return (req, _res, next) => {
    const cross = isCrossSiteRequest({
      method: req.method,
      secFetchSite: req.get('sec-fetch-site'),
      origin: req.get('origin'),
      allowedOrigins,
    });
    if (!cross) return next();
    next(
      new ForbiddenError({
        ja: '別のサイトからのリクエストは受け付けられません。',
        en: 'Requests from another site are not accepted.',
      }),
    );
  };
}

/**
 * Every API call that takes a body takes JSON. Any other body (a form post, text/plain — the
 * content types a cross-site form may send without a preflight) is refused before it is read.
 */
export const requireJsonBody: RequestHandler = (req, _res, next) => {
  // `req.is` answers null when there is no body at all; `Content-Length: 0` is no body either.
  if (req.get('content-length') === '0' || req.is(['application/json', 'application/*+json']) !== false) return next();
  next(new UnsupportedMediaTypeError());
};
