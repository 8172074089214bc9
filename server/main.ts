import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bootApi } from '../api/boot.ts';
import { createWebApp } from './app.server.ts';
import { loadConfig } from './env.server.ts';
import { createLogger } from './logger.server.ts';

/**
 * The one place that listens. `node dist/main.js [all|web|api]`: the role picks the services;
 * `all` (the default) runs the API on the embedded database beside the web service.
 */
type Role = 'all' | 'web' | 'api';

const role = (process.argv[2] ?? 'all') as Role;
if (!['all', 'web', 'api'].includes(role)) {
  console.error(`Unknown role "${role}": use all, web or api.`);
  process.exit(2);
}

const config = loadConfig();
const here = path.dirname(fileURLToPath(import.meta.url));
const servers: Server[] = [];
const closers: (() => Promise<void>)[] = [];

function listen(app: { listen: (port: number, host: string, cb: () => void) => Server }, port: number): Promise<Server> {
  return new Promise((resolve) => {
    const server = app.listen(port, config.HOST, () => resolve(server));
    server.keepAliveTimeout = 65_000; // longer than common load balancer idle timeouts
    servers.push(server);
  });
}

if (role !== 'web') {
  const logger = createLogger(config.LOG_LEVEL, 'api');
  const { app, database } = await bootApi(config, logger);
  closers.push(database.close);
  await listen(app, config.API_PORT);
  logger.info({ port: config.API_PORT, database: database.kind }, 'shop API listening');
}

if (role !== 'api') {
  const logger = createLogger(config.LOG_LEVEL, 'web');
  const apiHealth = `${config.API_ORIGIN}/healthz`;
  const app = createWebApp({
    config,
    logger,
    clientDir: path.join(here, 'client'),
    checkApi: async () => (await fetch(apiHealth, { signal: AbortSignal.timeout(2000) })).ok,
  });
  await listen(app, config.PORT);
  logger.info({ port: config.PORT, api: config.API_ORIGIN }, 'web listening');
  const shown = config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' ? 'localhost' : config.HOST;
  console.log(`\n  ${config.BRAND_NAME} is open at http://${shown}:${config.PORT}/\n`);
}

async function shutdown(signal: string): Promise<void> {
  console.log(`${signal}: shutting down`);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  for (const close of closers) await close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
