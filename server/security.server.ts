import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

const ANALYTICS_SCRIPT = 'https://www.googletagmanager.com';
const ANALYTICS_CONNECT = ['https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'];

const NONCE_BYTES = 16;
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;

/**
 * A fresh nonce per request (16 bytes from the CSPRNG), for the inline hydration script. Drawn
 * from a buffer refilled 256 nonces at a time: one `randomBytes` call per request was 2.6 % of
 * the web tier's CPU on a trivial route (issue 11).
 */
function freshNonce(): string {
  if (nonceOffset + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(NONCE_BYTES * 256);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString('base64', nonceOffset, nonceOffset + NONCE_BYTES);
  nonceOffset += NONCE_BYTES;
  return nonce;
}

/** Stands for the request's nonce while helmet's headers are worked out once. */
const NONCE_MARK = 'OSHIBOX-NONCE-MARK';

/**
 * Runs helmet once against a stand-in response and keeps what it set: the headers are the same
 * for every request but for the nonce, which is put in per request. helmet stays the source of
 * the header values; building the CSP string on every request was its main cost.
 */
function headersOf(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    locals: { cspNonce: NONCE_MARK },
    setHeader: (name: string, value: string) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let called = false;
  middleware({ headers: {}, method: 'GET', url: '/' } as never, res as never, () => (called = true));
  if (!called) throw new Error('security headers: helmet did not finish synchronously');
  return [...headers];
}

/**
 * helmet with a nonce-based CSP: no inline script runs without this request's nonce
 * (`res.locals.cspNonce`). The analytics hosts are allowed only when an analytics id is configured.
 */
/** `formTargets`: origins the shop's forms may lead to (a payment gateway's pages, shared/payment-config.ts). */
export function securityHeaders(options: { https: boolean; analytics: boolean; formTargets?: string[] }): RequestHandler {
  const headers = headersOf(helmetFor(options));
  return (_req, res, next) => {
    const nonce = freshNonce();
    res.locals.cspNonce = nonce;
    for (const [name, value] of headers) res.setHeader(name, value.includes(NONCE_MARK) ? value.replace(NONCE_MARK, nonce) : value);
    next();
  };
}

function helmetFor(options: { https: boolean; analytics: boolean; formTargets?: string[] }): RequestHandler {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as { locals: { cspNonce: string } }).locals.cspNonce}'`;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonce, ...(options.analytics ? [ANALYTICS_SCRIPT] : [])],
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
