import type { AddressInfo } from 'node:net';
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import path from 'node:path';
import type { Express } from 'express';
import type { Kysely } from 'kysely';
import { pino, type Logger } from 'pino';
import { createApiApp } from '../../api/app.ts';
import type { DB } from '../../api/db/schema.ts';
import type { PaymentProvider } from '../../api/payment/provider.ts';
import { createMailer, type Mailer } from '../../api/mail/mailer.ts';
import { seedDemo } from '../../api/db/seed/seed-demo.ts';
import { parseConfig, type Config } from '../../shared/config.ts';
import { createWebService, type WebService } from '../../server/app.server.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface Stack {
  webUrl: string;
  apiUrl: string;
  api: Express;
  web: Express;
  database: TestDatabase;
  config: Config;
  mailer: Mailer;
  /** The page cache, when env.PAGE_CACHE=on. */
  pageCache: WebService['pageCache'];
  close(): Promise<void>;
}

export const silentLogger = pino({ level: 'silent' });

export function listenOnLoopback(app: RequestListener, port = 0): Promise<{ server: Server; url: string }> {
  return new Promise((resolve) => {
    const server = createServer(app).listen(port, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, url: `http://127.0.0.1:${port}` });
    });
  });
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  // The page cache is off unless a test turns it on (its own tests do): most tests change the
  // catalogue or the clock and look at once.
  const result = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PAGE_CACHE: 'off', ...overrides });
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.config;
}

/**
 * Both services on loopback ports over a fresh database (seeded with the demo catalogue unless
 * asked not to), as a shopper's browser would reach them.
 */
export interface StackOptions {
  seed?: boolean;
  now?: () => Date;
  env?: Record<string, string>;
  /** Loggers of the two services (silent unless a test reads what they write). */
  loggers?: { api?: Logger; web?: Logger };
  /** The browser bundle to serve (default dist/client, the production build of build-once.ts). */
  clientDir?: string;
  /** The API's staff side (issue 19): the console's origin and the operator token. */
  staffApi?: { adminOrigin: string; opsToken: string };
  /** A payment provider over the stack's database and clock (a test double); unset: the sandbox. */
  paymentProvider?: (deps: { db: Kysely<DB>; now: () => Date }) => PaymentProvider;
  /** The web tier's port (default: a free one); with env.PUBLIC_ORIGIN on it, links the API builds (a gateway's return URL, mails) reach this shop. */
  webPort?: number;
  /** Sees each request as it reaches the API, before the API routes it (what a proxy in front really forwarded). */
  onApiRequest?: (req: IncomingMessage) => void;
}

export async function startStack(options: StackOptions = {}): Promise<Stack> {
  const database = await createTestDatabase();
  const now = options.now ?? (() => new Date());
  if (options.seed !== false) await seedDemo(database.handle.db, now());
  // The API's PUBLIC_ORIGIN comes from the same test config as the web tier's (env may set it).
  const publicOrigin = testConfig(options.env).PUBLIC_ORIGIN;
  // Mail: env.SMTP_URL (e.g. a test mailbox's url) → SMTP; else the outbox under env.DATA_DIR,
  // kept in memory unless a test names a folder (never the repository's ./data).
  const apiConfig = testConfig(options.env);
  const mailer = createMailer({
    smtpUrl: apiConfig.SMTP_URL,
    from: apiConfig.MAIL_FROM,
    brand: apiConfig.BRAND_NAME,
    supportEmail: apiConfig.COMPANY_EMAIL,
    dataDir: options.env?.DATA_DIR ?? 'memory://',
  });
  const staff = options.staffApi ? { adminOrigin: options.staffApi.adminOrigin, ops: { token: options.staffApi.opsToken, hosts: [] } } : {};
  const paymentProvider = options.paymentProvider?.({ db: database.handle.db, now });
  const api = createApiApp({ paymentProvider, deferredPayment: apiConfig.DEFERRED_PAYMENT === 'on', db: database.handle.db, logger: options.loggers?.api ?? silentLogger, now, publicOrigin, mailer, ...staff });
  const spy = options.onApiRequest;
  const spied: RequestListener = (req, res) => {
    spy?.(req);
    api(req, res);
  };
  const apiServer = await listenOnLoopback(spy ? spied : api);
  const config = testConfig({ API_ORIGIN: apiServer.url, ...options.env });
  const service = createWebService({ config, logger: options.loggers?.web ?? silentLogger, clientDir: options.clientDir ?? path.resolve('dist/client') });
  const web = service.app;
  const webServer = await listenOnLoopback(service.listener, options.webPort);
  return {
    webUrl: webServer.url,
    apiUrl: apiServer.url,
    api,
    web,
    database,
    config,
    mailer,
    pageCache: service.pageCache,
    async close() {
      service.stop();
      await Promise.all([webServer.server, apiServer.server].map((s) => new Promise((r) => s.close(r))));
      await database.destroy();
    },
  };
}
