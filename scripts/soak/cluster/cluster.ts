import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startMailbox, type Mailbox } from '../../../test/support/mailbox.ts';
import { installSettledTrigger } from './billing-watch.ts';
import { ensureHaproxy, planHaproxy, type LocalHaproxy } from './haproxy.ts';
import { startPrivatePostgres, type PrivatePostgres } from './postgres.ts';
import { ShopCopy, type Role } from './processes.ts';
import { sharedEnv, type Settings } from './settings.ts';

export interface Cluster {
  runDir: string;
  postgres: PrivatePostgres;
  mailbox: Mailbox;
  haproxy: LocalHaproxy;
  copies: Map<string, ShopCopy>;
  publicUrl: string;
  apiUrl: string;
}

/** Everything a run opened, closed in reverse even when the run failed half-way (idempotent). */
export class Resources {
  private readonly closers: { what: string; close: () => Promise<unknown> }[] = [];
  add(what: string, close: () => Promise<unknown>): void {
    this.closers.push({ what, close });
  }
  async closeAll(log: (line: string) => void): Promise<void> {
    for (const { what, close } of this.closers.splice(0).reverse()) {
      const started = Date.now();
      await close().catch((error: unknown) => log(`cleanup of ${what} failed: ${error instanceof Error ? error.message : String(error)}`));
      if (Date.now() - started > 2000) log(`cleanup of ${what} took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  }
}

function names(copies: 1 | 2): { name: string; role: Role }[] {
  const two = copies === 2;
  return [
    { name: 'api-1', role: 'api' }, ...(two ? [{ name: 'api-2', role: 'api' as const }] : []),
    { name: 'web-1', role: 'web' }, ...(two ? [{ name: 'web-2', role: 'web' as const }] : []),
    { name: 'admin', role: 'admin' },
  ];
}

/** Each copy names itself to PostgreSQL, so the soak's trigger can tell who settled a billing row. */
function withApplicationName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', name);
  return parsed.toString();
}

/**
 * PostgreSQL, the mailbox, api-1 (it migrates and seeds the demo catalogue), then `seed` (the due
 * round), then the other copies and HAProxy over them all.
 */
export async function startCluster(settings: Settings, resources: Resources, seed: (databaseUrl: string) => Promise<void>, log: (line: string) => void): Promise<Cluster> {
  ensureHaproxy(log);
  const runDir = mkdtempSync(path.join(os.tmpdir(), 'oshibox-soak-cluster-'));
  // SOAK_KEEP_LOGS=1 keeps the copies' and HAProxy's logs (not their data) for a look afterwards.
  const keep = process.env.SOAK_KEEP_LOGS === '1';
  resources.add('run directory', async () => (keep ? log(`logs kept in ${runDir}`) : rmSync(runDir, { recursive: true, force: true })));
  const postgres = await startPrivatePostgres(log);
  resources.add('PostgreSQL', () => postgres.stop());
  const mailbox = await startMailbox();
  resources.add('mailbox', () => mailbox.close());
  const haproxy = await planHaproxy(runDir);
  resources.add('haproxy', () => haproxy.stop());
  const env = sharedEnv({ databaseUrl: postgres.url, smtpUrl: mailbox.url, shopPort: haproxy.ports.shop, apiPort: haproxy.ports.api, consolePort: haproxy.ports.console, shutdownTimeoutMs: settings.shutdownTimeoutMs });
  const copies = new Map<string, ShopCopy>();
  for (const { name, role } of names(settings.copies)) {
    const own = { ...env, DATABASE_URL: withApplicationName(postgres.url, name), SEED_DEMO: name === 'api-1' ? 'true' : 'false' };
    const copy = new ShopCopy({ name, role, env: own, runDir, shutdownTimeoutMs: settings.shutdownTimeoutMs });
    await copy.allocate();
    copies.set(name, copy);
    resources.add(name, () => copy.destroy());
  }
  const first = copies.get('api-1');
  if (!first) throw new Error('no api-1');
  await first.startReady();
  await installSettledTrigger(postgres.url);
  await seed(postgres.url);
  const others = (role: Role) => [...copies.values()].filter((c) => c !== first && c.role === role);
  await Promise.all(others('api').map((c) => c.startReady()));
  // The web copies and the console answer /readyz only when the API answers through HAProxy.
  const servers = (role: Role) => [...copies.values()].filter((c) => c.role === role).map((c) => ({ name: c.name, port: c.port }));
  await haproxy.start({ web: servers('web'), api: servers('api'), admin: servers('admin') });
  await haproxy.healthy('api');
  await Promise.all([...others('web'), ...others('admin')].map((c) => c.startReady()));
  await Promise.all([haproxy.healthy('shop'), haproxy.healthy('console')]);
  log(`cluster up: ${[...copies.keys()].join(', ')} behind HAProxy (shop :${haproxy.ports.shop}, api :${haproxy.ports.api}, console :${haproxy.ports.console}); logs in ${runDir}`);
  return { runDir, postgres, mailbox, haproxy, copies, publicUrl: `http://127.0.0.1:${haproxy.ports.shop}`, apiUrl: `http://127.0.0.1:${haproxy.ports.api}` };
}
