/**
 * Child process of `npm run bench:stack` (stack-layers.ts): the web tier's layers on /robots.txt,
 * added one at a time, each on its own port in this one process (the load generator is the parent).
 * Every variant sends the same body and the same security headers; the last is the web tier as
 * main.ts serves it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express, { type Express, type RequestHandler } from 'express';
import { pino } from 'pino';
import { parseConfig, type Config } from '../../shared/config.ts';
import { createHostAllowList } from '../../shared/allowed-hosts.ts';
import { createWebApp, securityOptionsOf } from '../../server/app.server.ts';
import { refuseConsolePaths } from '../../server/console-paths.server.ts';
import { drainAware } from '../../server/drain.server.ts';
import { createLogger } from '../../server/logger.server.ts';
import { mountProbes } from '../../server/probes.server.ts';
import { createApiProxy } from '../../server/proxy.server.ts';
import { markArrival } from '../../server/request-deadline.server.ts';
import { refuseForeignHost, requestGuard } from '../../server/request-guard.server.ts';
import { requestLog } from '../../server/request-log.server.ts';
import { httpRequestDuration, httpRequestsInFlight } from '../../server/metrics.server.ts';
import { measureRequests, webRouteLabel, type RouteLabeller } from '../../server/request-metrics.server.ts';
import { securityHeaderList, securityHeaders } from '../../server/security.server.ts';
import { createSeoRouter, robotsTxt } from '../../server/seo.server.ts';
import { hashedAssets, publicFiles } from '../../server/static.server.ts';

/**
 * measureRequests as it was before issue 35 (prom-client's startTimer, labelled inc/dec on every
 * request), kept here only to be measured beside the current one in the same run.
 */
function measureRequestsBefore(tier: string, routeOf: RouteLabeller, handler: http.RequestListener): http.RequestListener {
  return (req, res) => {
    const stop = httpRequestDuration.startTimer();
    const routeLabel = routeOf(req);
    httpRequestsInFlight.inc({ tier });
    res.once('close', () => {
      httpRequestsInFlight.dec({ tier });
      stop({ tier, method: req.method ?? 'OTHER', route: routeLabel(), status_code: res.writableFinished ? String(res.statusCode) : 'aborted' });
    });
    handler(req, res);
  };
}

export const CLIENT_DIR = path.resolve('dist/client');

export interface Layer {
  label: string;
  /** What this variant adds to the one before it. */
  adds: string;
}

function configOf(): Config {
  const parsed = parseConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'http://127.0.0.1', API_ORIGIN: 'http://127.0.0.1:9', ALLOWED_HOSTS: '127.0.0.1', LOG_LEVEL: 'info', PAGE_CACHE: 'off' });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  return parsed.config;
}

/** The variants, cumulative; each builds its own app (and logger, writing to /dev/null as a pipe would take it). */
export function variants(config: Config): { layer: Layer; listener: http.RequestListener }[] {
  const security = securityOptionsOf(config);
  const headers = securityHeaderList(security);
  const robots = robotsTxt(config.PUBLIC_ORIGIN);
  const logger = () => createLogger('info', 'web', pino.destination({ dest: '/dev/null', sync: false }));
  const robotsRoute: RequestHandler = (_req, res) => void res.type('text/plain; charset=utf-8').set('cache-control', 'public, max-age=3600').send(robots);
  const allowed = createHostAllowList([config.PUBLIC_ORIGIN, config.API_ORIGIN], config.ALLOWED_HOSTS);

  /** Express with the layers up to `upTo` (1-based count of the steps below), then the robots route. */
  function built(upTo: number): Express {
    const app = express();
    app.disable('x-powered-by');
    app.set('trust proxy', config.TRUST_PROXY);
    const steps: ((a: Express) => void)[] = [
      (a) => void a.use(securityHeaders(security)),
      (a) => mountProbes(a),
      (a) => void a.use(requestLog(a, logger())),
      (a) => void a.use(markArrival),
      (a) => void a.use(requestGuard),
      (a) => void a.use(refuseForeignHost(allowed), refuseConsolePaths),
      (a) => void a.use(createApiProxy({ apiOrigin: config.API_ORIGIN, timeoutMs: config.PROXY_TIMEOUT_MS })),
      (a) => void a.use('/assets', hashedAssets(path.join(CLIENT_DIR, 'assets')), publicFiles(path.join(CLIENT_DIR, 'public'))),
    ];
    for (const step of steps.slice(0, upTo)) step(app);
    if (upTo >= steps.length) app.use(createSeoRouter({ apiOrigin: config.API_ORIGIN, publicOrigin: config.PUBLIC_ORIGIN }));
    else app.get('/robots.txt', robotsRoute);
    return app;
  }

  const bare = express();
  bare.disable('x-powered-by');
  bare.get('/robots.txt', (_req, res) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    robotsRoute(_req, res, () => undefined);
  });
  const shop = createWebApp({ config, logger: logger(), clientDir: CLIENT_DIR });
  return [
    { layer: { label: 'bare Express 5', adds: 'the same security headers set in the route' }, listener: bare },
    { layer: { label: '+ security headers', adds: 'securityHeaders middleware (a layer)' }, listener: built(1) },
    { layer: { label: '+ probes', adds: '/healthz and /readyz routes (2 layers)' }, listener: built(2) },
    { layer: { label: '+ access line', adds: 'requestLog: request id, a close listener, the line' }, listener: built(3) },
    { layer: { label: '+ arrival mark', adds: 'markArrival (a symbol property on the request)' }, listener: built(4) },
    { layer: { label: '+ request guard', adds: 'requestGuard: URL, header bytes, target, protocol and host read once' }, listener: built(5) },
    { layer: { label: '+ host and console checks', adds: 'refuseForeignHost, refuseConsolePaths (the host read once, req.path)' }, listener: built(6) },
    { layer: { label: '+ /api proxy', adds: 'the /api proxy (a URL without "api" skips http-proxy-middleware)' }, listener: built(7) },
    { layer: { label: '+ static', adds: '/assets router and public files (req.path)' }, listener: built(8) },
    { layer: { label: '+ SEO middleware', adds: 'robots.txt from the SEO middleware, here after the static layers' }, listener: built(9) },
    { layer: { label: 'shop app', adds: 'createWebApp as is: the SEO middleware before the proxy and static layers, pages after it' }, listener: shop },
    { layer: { label: 'shop as served, metrics before', adds: 'measureRequests as before issue 35 (startTimer, labelled gauge) and drainAware' }, listener: measureRequestsBefore('web', webRouteLabel, drainAware({ draining: false }, shop)) },
    { layer: { label: 'shop as served', adds: 'measureRequests (one clock reading, kept series) and drainAware, as main.ts' }, listener: measureRequests('web', webRouteLabel, drainAware({ draining: false }, shop)) },
  ];
}

function listen(listener: http.RequestListener): Promise<string> {
  const server = http.createServer({ keepAlive: true }, listener);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

if (process.send) {
  const list = variants(configOf());
  Promise.all(list.map((v) => listen(v.listener))).then(
    (urls) => {
      process.send?.({ type: 'ready', layers: list.map((v, i) => ({ ...v.layer, url: urls[i] })) });
      // The parent reads this process's CPU time around each load: CPU per request holds on a busy machine, req/s does not.
      process.on('message', (m: { type: string }) => {
        if (m.type === 'cpu') {
          const { user, system } = process.cpuUsage();
          process.send?.({ type: 'cpu', micros: user + system });
        }
      });
      process.on('disconnect', () => process.exit(0));
    },
    (error: unknown) => {
      process.send?.({ type: 'error', message: String(error) });
      process.exit(1);
    },
  );
}
