import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Express } from 'express';
import type { Kysely } from 'kysely';
import { createApiApp } from '../../api/app.ts';
import type { DB } from '../../api/db/schema.ts';
import { createMailer } from '../../api/mail/mailer.ts';
import { createAdminApp } from '../../server/admin-app.server.ts';
import { TEST_OPS_TOKEN } from '../integration/api-fixtures.ts';
import { silentLogger, testConfig } from './stack.ts';

/**
 * The staff API and the built console in this process over a test database, each on a loopback
 * port, so a console e2e can seed the rows it needs (the two origins name each other).
 */
export interface ConsoleStack {
  api: Express;
  consoleUrl: string;
  close(): Promise<void>;
}

async function listen(servers: http.Server[]): Promise<{ url: string; serve(app: Express): void }> {
  let app: Express | undefined;
  const server = http.createServer((req, res) => (app ? app(req, res) : res.writeHead(503).end()));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, serve: (given) => (app = given) };
}

export async function startConsoleStack(db: Kysely<DB>): Promise<ConsoleStack> {
  const servers: http.Server[] = [];
  const apiListener = await listen(servers);
  const consoleListener = await listen(servers);
  const mailer = createMailer({ from: 'OshiBox <no-reply@oshibox.example>', brand: 'OshiBox', dataDir: 'memory://' });
  const api = createApiApp({
    db, logger: silentLogger, now: () => new Date(), publicOrigin: 'http://localhost:3000', adminOrigin: consoleListener.url, mailer,
    ops: { token: TEST_OPS_TOKEN, hosts: [] },
  });
  apiListener.serve(api);
  const config = testConfig({ API_ORIGIN: apiListener.url, ADMIN_ORIGIN: consoleListener.url });
  consoleListener.serve(createAdminApp({ config, logger: silentLogger, clientDir: path.resolve('dist/client') }));
  return {
    api, consoleUrl: consoleListener.url,
    close: async () => { await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))); },
  };
}
