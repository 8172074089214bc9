import type { RequestHandler } from 'express';
import { isCrossSiteRequest } from '../../shared/csrf.ts';
import { ForbiddenError, UnsupportedMediaTypeError } from './errors.ts';

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
