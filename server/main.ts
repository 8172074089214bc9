import type { RequestListener, Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { bootApi } from '../api/boot.ts';
import { apiRouteLabel } from '../api/http/metrics.ts';
import { productionWarnings, type Tier } from '../shared/production-warnings.ts';
import { listeningPorts } from '../shared/startup-config.ts';
import { StartupError } from '../shared/startup-error.ts';
import { createAdminApp } from './admin-app.server.ts';
import { createWebService } from './app.server.ts';
import { drainAware, type DrainState } from './drain.server.ts';
import { loadConfig } from './env.server.ts';
import { createLimitedServer, serverLimitsFrom } from './http-limits.server.ts';
import { checkPortsFree, listenOn } from './listen.server.ts';
import { logFormatOf } from './log-format.server.ts';
import { createLogger, createProcessLogs } from './logger.server.ts';
import { createMetricsHandler, reactServerBuild, recordBuildInfo, recordPageCacheStats, recordPoolStats } from './metrics.server.ts';
import { adminRouteLabel, measureRequests, webRouteLabel, type RouteLabeller } from './request-metrics.server.ts';
import { shutDown } from './shutdown.server.ts';

/**
 * The one place that listens. `node dist/main.js [all|web|api|admin]`: the role picks the services;
 * `all` (the default) runs the API on the embedded database beside the web service and the
 * operator console (ADMIN_PORT, server/admin-app.server.ts). Every
 * server gets the same limits (http-limits.server.ts), drains on SIGTERM/SIGINT
 * (shutdown.server.ts) and is measured on the metrics port (metrics.server.ts).
 */
type Role = 'all' | 'web' | 'api' | 'admin';

const role = (process.argv[2] ?? 'all') as Role;
if (!['all', 'web', 'api', 'admin'].includes(role)) {
  console.error(`Unknown role "${role}": use all, web, api or admin.`);
  process.exit(2);
}

const tiers: Tier[] = role === 'all' ? ['api', 'web', 'admin'] : [role];
// Every rule the configuration alone can break, the role's port clashes included, before anything is opened.
const config = loadConfig(process.env, tiers);
const here = path.dirname(fileURLToPath(import.meta.url));
const limits = serverLimitsFrom(config);
const drain: DrainState = { draining: false };
/** Every logger of this process writes through one stream: synchronously until start-up is done. */
const logs = createProcessLogs(logFormatOf(config.LOG_FORMAT, process.stdout.isTTY === true));
function logger(name: string): Logger {
  return createLogger(config.LOG_LEVEL, name, logs.destination);
}
const processLogger = logger('process');
const webServers: Server[] = [];
const apiServers: Server[] = [];
const closers: (() => Promise<void>)[] = [];

async function serve(
  app: RequestListener,
  tier: 'web' | 'api' | 'admin',
  port: number,
  setting: string,
  routeOf: RouteLabeller,
): Promise<Server> {
  const server = createLimitedServer(limits, measureRequests(tier, routeOf, drainAware(drain, app)));
  await listenOn(server, port, config.HOST, setting);
  // The console drains with the web tier: both call the API, which stops last.
  (tier === 'api' ? apiServers : webServers).push(server);
  return server;
}

async function startApi(): Promise<void> {
  const apiLogger = logger('api');
  const { app, database, close } = await bootApi(config, apiLogger, { localTiers: role === 'all' });
  closers.push(close);
  if (database.poolStats) recordPoolStats(database.poolStats);
  await serve(app, 'api', config.API_PORT, 'API_PORT', apiRouteLabel);
  apiLogger.info({ port: config.API_PORT, database: database.kind }, 'shop API listening');
}

async function checkApi(): Promise<boolean> {
  return (await fetch(`${config.API_ORIGIN}/healthz`, { signal: AbortSignal.timeout(2000) })).ok;
}

async function startWeb(): Promise<void> {
  const webLogger = logger('web');
  const web = createWebService({ config, logger: webLogger, clientDir: path.join(here, 'client'), checkApi });
  closers.push(async () => web.stop());
  const cache = web.pageCache;
  if (cache) recordPageCacheStats(() => ({ counts: cache.counts, bytes: cache.size, entries: cache.entries }));
  await serve(web.listener, 'web', config.PORT, 'PORT', webRouteLabel);
  webLogger.info({ port: config.PORT, api: config.API_ORIGIN, pageCache: config.PAGE_CACHE }, 'web listening');
}

async function startAdmin(): Promise<void> {
  const adminLogger = logger('admin');
  const app = createAdminApp({ config, logger: adminLogger, clientDir: path.join(here, 'client'), checkApi });
  await serve(app, 'admin', config.ADMIN_PORT, 'ADMIN_PORT', adminRouteLabel);
  adminLogger.info({ port: config.ADMIN_PORT, api: config.API_ORIGIN }, 'operator console listening');
}

const METRICS_OFF = 'or to 0 to turn metrics off';

/** One endpoint for every tier of this process, on its own port (off with METRICS_PORT=0). */
async function startMetrics(): Promise<void> {
  recordBuildInfo(config.NODE_ENV, role);
  if (config.METRICS_PORT === 0) return;
  const server = createLimitedServer(limits, createMetricsHandler());
  await listenOn(server, config.METRICS_PORT, config.HOST, 'METRICS_PORT', METRICS_OFF);
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  processLogger.info({ port: config.METRICS_PORT }, 'metrics listening');
}

function printBanner(): void {
  if (role === 'api') return;
  const shown = config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
  const build = reactServerBuild() === 'production' ? 'production build' : 'development build: slower, for working on the code';
  const shop = role === 'admin' ? '' : `\n  ${config.BRAND_NAME} is open at http://${shown}:${config.PORT}/  (${build})`;
  const consoleLine = role === 'web' ? '' : `\n  The operator console (ADMIN_PORT) is at http://${shown}:${config.ADMIN_PORT}/`;
  console.log(`${shop}${consoleLine}\n`);
}

/**
 * A start-up failure is one line on stderr and exit status 1, never a claim to be listening. What
 * was opened is closed first, and every log line is out (createProcessLogs), so the failure is the
 * last line on screen.
 */
async function failStartup(error: unknown): Promise<never> {
  const message = error instanceof Error ? error.message : String(error);
  processLogger.debug({ err: error }, 'start-up failure');
  const opened = [...webServers, ...apiServers].map((server) => async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  await withinMs(1000, Promise.allSettled([...opened, ...closers].map((close) => close())));
  console.error(error instanceof StartupError ? message : `Start-up failed: ${message}`);
  process.exit(1);
}

function withinMs(ms: number, work: Promise<unknown>): Promise<unknown> {
  return Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms).unref())]);
}

function handleSignals(logger: Logger): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) {
      console.log(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: draining (readiness off, in-flight requests finish; exit within ${config.SHUTDOWN_TIMEOUT_MS} ms)`);
    void shutDown({
      state: drain,
      stages: [webServers, apiServers],
      closers,
      timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
      delayMs: config.SHUTDOWN_DELAY_MS,
      logger,
    }).then((outcome) => {
      logger.info({ outcome }, 'stopped');
      process.exit(0);
    });
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/** One line each, before anything listens, so an operator reads them above the banner. */
function warnAboutProductionSettings(): void {
  for (const warning of productionWarnings(config, process.env, tiers)) processLogger.warn({ setting: warning.setting }, warning.message);
}

warnAboutProductionSettings();
try {
  const ports = listeningPorts(config, tiers).map((p) => ({ ...p, orElse: p.setting === 'METRICS_PORT' ? METRICS_OFF : undefined }));
  await checkPortsFree(ports, config.HOST);
  if (role === 'all' || role === 'api') await startApi();
  if (role === 'all' || role === 'web') await startWeb();
  if (role === 'all' || role === 'admin') await startAdmin();
  await startMetrics();
} catch (error) {
  await failStartup(error);
}
logs.started();
handleSignals(processLogger);
printBanner();
