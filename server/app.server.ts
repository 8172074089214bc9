import path from 'node:path';
import express, { type ErrorRequestHandler, type Express } from 'express';
import type { Logger } from 'pino';
import { createHostAllowList } from '../shared/allowed-hosts.ts';
import { toPublicConfig, type Config } from '../shared/config.ts';
import { refuseConsolePaths } from './console-paths.server.ts';
import { pageGate } from './page-gate.server.ts';
import { createApiProxy } from './proxy.server.ts';
import { markArrival } from './request-deadline.server.ts';
import { refuseForeignHost, requestGuard } from './request-guard.server.ts';
import { requestLog } from './request-log.server.ts';
import { securityHeaders } from './security.server.ts';
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
}

/**
 * The web service: static assets, the /api proxy, and server rendering. Everything expensive
 * (proxy, keep-alive agent, static handler, manifest) is made here once, not per request.
 */
export function createWebApp({ config, logger, clientDir, checkApi }: WebAppOptions): Express {
  const app = express();
  const https = config.PUBLIC_ORIGIN.startsWith('https:');
  app.disable('x-powered-by');
  // Only the configured proxies may name the client (never `true`: anyone could forge it).
  app.set('trust proxy', config.TRUST_PROXY);
  // First, so every answer has them: probes, proxied JSON, refusals and the last-resort 500.
  app.use(securityHeaders({ https, analytics: Boolean(config.ANALYTICS_ID), formTargets: paymentFormTargets(config) }));

  mountProbes(app, checkApi);

  app.use(requestLog(app, logger));
  // The clock of every wait behind this request (the proxy's, the loaders') starts here.
  app.use(markArrival);
  app.use(requestGuard);
  // Probes above answer any Host (a kubelet sends the pod's address); everything below only ours.
  app.use(refuseForeignHost(createHostAllowList([config.PUBLIC_ORIGIN, config.API_ORIGIN], config.ALLOWED_HOSTS)));
  app.use(refuseConsolePaths);
  app.use(createApiProxy({ apiOrigin: config.API_ORIGIN, timeoutMs: config.PROXY_TIMEOUT_MS }));
  app.use('/assets', hashedAssets(path.join(clientDir, 'assets')));
  app.use(publicFiles(path.join(clientDir, 'public')));
  app.use(createSeoRouter({ apiOrigin: config.API_ORIGIN, publicOrigin: config.PUBLIC_ORIGIN }));
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
    }),
  );
  app.use(lastResort(logger));
  return app;
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
