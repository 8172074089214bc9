import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { LOADER_SCRIPT_SOURCE } from './ssr/hydration.server.ts';

const ANALYTICS_SCRIPT = 'https://www.googletagmanager.com';
const ANALYTICS_CONNECT = ['https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'];

/**
 * Runs helmet once against a stand-in response and keeps what it set: the headers are the same
 * for every response (no per-request nonce: docs/decisions/0041), so helmet stays the source of
 * the header values and building them per request costs nothing.
 */
function headersOf(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    locals: {},
    setHeader: (name: string, value: string) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let called = false;
  middleware({ headers: {}, method: 'GET', url: '/' } as never, res as never, () => (called = true));
  if (!called) throw new Error('security headers: helmet did not finish synchronously');
  return [...headers];
}

export interface SecurityOptions {
  https: boolean;
  analytics: boolean;
  /** Origins the shop's forms may lead to (a payment gateway's pages, shared/payment-config.ts). */
  formTargets?: string[];
}

/**
 * The security headers of every web answer, as a list: the page cache's fast path
 * (server/page-cache/cache-listener.server.ts) writes the same ones as the middleware.
 */
export function securityHeaderList(options: SecurityOptions): readonly [string, string][] {
  return headersOf(helmetFor(options));
}

/**
 * helmet with a hash-based CSP: the only inline script that runs is the page loader, the same
 * bytes on every page (server/ssr/hydration.server.ts `LOADER_SCRIPT`); the page's data is JSON
 * that never runs. So one policy serves every visitor, and a page can be shared by a cache
 * (docs/decisions/0041, superseding the caching part of 0003). The analytics hosts are allowed
 * only when an analytics id is configured.
 */
export function securityHeaders(options: SecurityOptions): RequestHandler {
  const headers = securityHeaderList(options);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

function helmetFor(options: SecurityOptions): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", LOADER_SCRIPT_SOURCE, ...(options.analytics ? [ANALYTICS_SCRIPT] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...(options.analytics ? ANALYTICS_CONNECT : [])],
        connectSrc: ["'self'", ...(options.analytics ? ANALYTICS_CONNECT : [])],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        // No page uses <base>; 'none' stops an injected one from re-pointing relative script URLs.
        baseUri: ["'none'"],
        formAction: ["'self'", ...(options.formTargets ?? [])],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
