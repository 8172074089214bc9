import type { RequestListener } from 'node:http';
import type { Logger } from 'pino';
import { langCookieToSet } from '../../shared/lang-rule.ts';
import { pageCacheKey } from '../../shared/page-cache.ts';
import { requestId } from '../../shared/request-id.ts';
import { accessLogger, logWhenClosed } from '../request-log.server.ts';
import type { PageCache } from './page-cache.server.ts';
import { sendCachedPage } from './send-page.server.ts';

export interface CacheListenerOptions {
  cache: PageCache;
  /** The web app (Express): everything the cache does not answer. */
  app: RequestListener;
  /** The web tier's security headers (server/security.server.ts `securityHeaderList`). */
  securityHeaders: readonly [string, string][];
  /** The Host names the shop answers for (shared/allowed-hosts.ts). */
  isAllowedHost: (host: string | undefined) => boolean;
  /** Whether the peer may name the request id (Express's compiled TRUST_PROXY). */
  trusted: (address: string | undefined, hop: number) => boolean;
  logger: Logger;
}

/**
 * The fast path in front of the web app: a GET or HEAD for a page the cache holds, from a visitor
 * without a session, is answered here, before Express, with the same security headers, request id
 * and access line as any other answer (docs/decisions/0041). Only a request whose URL is exactly a
 * kept key, whose Host is one of the shop's and that names no forwarded host is taken: anything
 * else, a miss included, goes to the app, whose checks and render are the one path that fills the
 * cache. A stale page is sent and refreshed behind it, once.
 */
export function servedFromCache(options: CacheListenerOptions): RequestListener {
  const { cache, app, securityHeaders, isAllowedHost, trusted } = options;
  const access = accessLogger(options.logger);
  return (req, res) => {
    const method = req.method;
    if ((method !== 'GET' && method !== 'HEAD') || req.headers['x-forwarded-host'] !== undefined || !isAllowedHost(req.headers.host)) {
      app(req, res);
      return;
    }
    const url = req.url ?? '/';
    const key = pageCacheKey(url, req.headers.cookie);
    const hit = key === null ? null : cache.lookup(key);
    if (key === null || !hit) {
      app(req, res);
      return;
    }
    if (!hit.fresh) cache.revalidate(key);
    const started = performance.now();
    const id = requestId(req, res, req.headers['x-request-id'] !== undefined && trusted(req.socket.remoteAddress, 0));
    logWhenClosed(access, res, { id, method, url: url.split('?')[0] ?? '/' }, started);
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    // A `?lang=en` link becomes the fan's remembered language (the page itself is the same for all).
    const remember = langCookieToSet(url.slice(url.indexOf('?') + 1 || url.length), req.headers.cookie);
    if (remember) res.setHeader('set-cookie', remember);
    sendCachedPage(req, res, hit.page, cache.headers);
  };
}
