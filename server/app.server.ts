import type { RequestListener } from 'node:http';
import path from 'node:path';
import express, { type ErrorRequestHandler, type Express } from 'express';
import type { Logger } from 'pino';
import { createHostAllowList, HOST_FORM } from '../shared/allowed-hosts.ts';
import { toPublicConfig, type Config } from '../shared/config.ts';
import { refuseConsolePaths } from './console-paths.server.ts';
import { pageGate } from './page-gate.server.ts';
import { createApiProxy } from './proxy.server.ts';
import { markArrival } from './request-deadline.server.ts';
import { refuseForeignHost, requestGuard } from './request-guard.server.ts';
import { requestLog } from './request-log.server.ts';
import { securityHeaderList, securityHeaders, type SecurityOptions } from './security.server.ts';
import { watchCatalogueVersion } from './catalogue-version.server.ts';
import { servedFromCache } from './page-cache/cache-listener.server.ts';
import { PageCache } from './page-cache/page-cache.server.ts';
import { paymentFormTargets } from '../shared/payment-config.ts';
import { createMailPage, mailPageEnabled } from './mail-page.server.tsx';
import { createSeoRouter } from './seo.server.ts';
import { hashedAssets, publicFiles } from './static.server.ts';
import { readManifest } from './ssr/manifest.server.ts';
import { createSsrHandler } from './ssr/render.server.tsx';
import { mountProbes } from './probes.server.ts';

export interface WebAppOptions {
  config: Config;
  logger: Logger;
  /** The client build (dist/client): manifest.json and assets/. */
  clientDir: string;
  /** Tells /readyz whether the API answers. */
  checkApi?: () => Promise<boolean>;
  /** The shared page cache (server/page-cache/): its misses render here, once per key. */
  pageCache?: PageCache;
}

/**
 * The web service: static assets, the /api proxy, and server rendering. Everything expensive
 * (proxy, keep-alive agent, static handler, manifest) is made here once, not per request.
 */
export function createWebApp({ config, logger, clientDir, checkApi, pageCache }: WebAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // Only the configured proxies may name the client (never `true`: anyone could forge it).
  app.set('trust proxy', config.TRUST_PROXY);
  // First, so every answer has them: probes, proxied JSON, refusals and the last-resort 500.
  app.use(securityHeaders(securityOptionsOf(config)));

  mountProbes(app, checkApi);

  app.use(requestLog(app, logger));
  // The clock of every wait behind this request (the proxy's, the loaders') starts here.
  app.use(markArrival);
  app.use(requestGuard);
  // Probes above answer any Host (a kubelet sends the pod's address); everything below only ours.
  app.use(refuseForeignHost(hostAllowListOf(config)));
  app.use(refuseConsolePaths);
  // robots.txt and sitemap.xml before the proxy and the static layers, which never answer them
  // (public/ holds neither): a crawler's request skips their checks (issue 35).
  app.use(createSeoRouter({ apiOrigin: config.API_ORIGIN, publicOrigin: config.PUBLIC_ORIGIN }));
  app.use(createApiProxy({ apiOrigin: config.API_ORIGIN, timeoutMs: config.PROXY_TIMEOUT_MS }));
  app.use('/assets', hashedAssets(path.join(clientDir, 'assets')));
  app.use(publicFiles(path.join(clientDir, 'public')));
  // The outbox mail page shows everyone's codes: only while mail stays on this machine and so does the site.
  if (mailPageEnabled(config)) app.use(createMailPage({ dataDir: config.DATA_DIR }));
  app.use(pageGate({ publicOrigin: config.PUBLIC_ORIGIN }));
  app.use(
    createSsrHandler({
      apiOrigin: config.API_ORIGIN,
      apiTimeoutMs: config.PROXY_TIMEOUT_MS,
      manifest: readManifest(clientDir),
      publicConfig: toPublicConfig(config),
      logger,
      pageCache,
      publicOrigin: config.PUBLIC_ORIGIN,
    }),
  );
  app.use(lastResort(logger));
  return app;
}

/** The security headers' options a configuration gives (also the benchmarks' bare Express, for the same headers). */
export function securityOptionsOf(config: Config): SecurityOptions {
  return { https: config.PUBLIC_ORIGIN.startsWith('https:'), analytics: Boolean(config.ANALYTICS_ID), formTargets: paymentFormTargets(config) };
}

function hostAllowListOf(config: Config): (host: string | undefined) => boolean {
  return createHostAllowList([config.PUBLIC_ORIGIN, config.API_ORIGIN], config.ALLOWED_HOSTS);
}

export interface WebService {
  /** What the web port listens with: the page cache's fast path (when on) in front of `app`. */
  listener: RequestListener;
  app: Express;
  pageCache: PageCache | null;
  /** Stops what the service runs beside requests (the catalogue watch), for the drain. */
  stop(): void;
}

/**
 * The web tier as it listens: with PAGE_CACHE=on, a page cache whose fast path answers kept pages
 * before Express and whose misses render in the app (docs/decisions/0041), emptied when the API's
 * catalogue version moves (docs/decisions/0042).
 */
export function createWebService(options: WebAppOptions): WebService {
  const { config, logger } = options;
  if (config.PAGE_CACHE === 'off') {
    const app = createWebApp(options);
    return { listener: app, app, pageCache: null, stop: () => undefined };
  }
  const pageCache = new PageCache({
    maxBytes: config.PAGE_CACHE_MAX_MB * 1024 * 1024,
    freshMs: config.PAGE_CACHE_FRESH_MS,
    staleMs: config.PAGE_CACHE_STALE_MS,
    logger,
  });
  const app = createWebApp({ ...options, pageCache });
  const allowed = hostAllowListOf(config);
  const listener = servedFromCache({
    cache: pageCache,
    app,
    securityHeaders: securityHeaderList(securityOptionsOf(config)),
    isAllowedHost: (host) => host !== undefined && host.length <= 255 && HOST_FORM.test(host) && allowed(host),
    trusted: app.get('trust proxy fn') as (address: string | undefined, hop: number) => boolean,
    logger,
  });
  // A catalogue change (console, import, a new round) empties this instance's cache within a poll.
  const watch = watchCatalogueVersion({
    apiOrigin: config.API_ORIGIN,
    intervalMs: config.CATALOGUE_POLL_MS,
    timeoutMs: Math.min(config.PROXY_TIMEOUT_MS, 2000),
    logger,
    onChange: () => pageCache.clear(),
  });
  return { listener, app, pageCache, stop: () => watch.stop() };
}

/** A failure no page could show: logged once with its request id, answered with a plain 500. */
export function lastResort(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    logger.error({ err: error, reqId: req.id }, 'web request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res
      .status(500)
      .type('text/plain; charset=utf-8')
      .set('cache-control', 'no-store')
      .send('サーバーエラーが発生しました。時間をおいて再度お試しください。\nA server error occurred. Please try again later.\n');
  };
}
