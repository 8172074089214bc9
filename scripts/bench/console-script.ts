/**
 * `npm run bench:console-script`: what the operator console's pages make a browser download before
 * they hydrate (issue 32, "Lighter and safer"; decision 0083), then Lighthouse on a customer's page.
 * The built console (`node dist/main.js admin`) and API over a fresh, seeded PostgreSQL database; an
 * owner's session made in it as an enrolled member's sign-in would. For each page, its entry and the
 * chunks its data block preloads: files, raw bytes, and gzip and brotli bytes as the server sends them.
 * Then (unless `--no-lighthouse`) Lighthouse's mobile profile on the customer page, the median of
 * `LIGHTHOUSE_RUNS` runs, against the goal of 95, with the machine's load average beside it:
 * a score taken on a busy machine is not the figure (re-measure on a quiet one).
 */
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../api/db/connect.ts';
import { STAFF_COOKIE, startStaffSession } from '../../api/staff/staff-session.ts';
import { auditPages, type LighthousePage } from './lighthouse-audit.ts';
import { pageScriptUrls, scriptBytes } from './page-script.ts';
import { readSettings } from './settings.ts';
import { createPostgresShop } from './shop-database.ts';
import { freePort, startShopProcess, type ShopProcess } from './shop-process.ts';
import { adminDatabaseUrl } from './shop-setup.ts';

/** Issue 32: a console customer page at ≥ 95 on a quiet machine. */
const LIGHTHOUSE_GOAL = 95;
const KB = 1024;

/** An owner, enrolled, with a console session (as test/support/console.ts makes one), and the bench's shopper. */
async function ownerAndCustomer(databaseUrl: string): Promise<{ cookie: string; customerId: number }> {
  const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  try {
    const now = new Date();
    const staff = await database.db.insertInto('staff').values({ email: 'owner@bench.example', role: 'owner', enrolled_at: now, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    const customer = await database.db.selectFrom('users').where('email', '=', 'bench.user@example.com').select('id').executeTakeFirstOrThrow();
    return { cookie: `${STAFF_COOKIE}=${await startStaffSession(database.db, staff.id, now)}`, customerId: customer.id };
  } finally {
    await database.close();
  }
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`.padStart(9);
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(', ');

async function main(): Promise<void> {
  const skipLighthouse = process.argv.includes('--no-lighthouse');
  const db = await createPostgresShop(adminDatabaseUrl());
  const processes: ShopProcess[] = [];
  try {
    const [api, admin] = [await freePort(), await freePort()];
    const env = { HOST: '127.0.0.1', PORT: String(await freePort()), API_PORT: String(api), ADMIN_PORT: String(admin), API_ORIGIN: `http://127.0.0.1:${api}`, ...db.env };
    processes.push(await startShopProcess('api', env));
    const consoleApp = await startShopProcess('admin', env);
    processes.push(consoleApp);
    const { cookie, customerId } = await ownerAndCustomer(db.env.DATABASE_URL ?? '');
    const pages: (LighthousePage & { signedOut?: boolean })[] = [
      { name: 'customer', path: `/customers/${customerId}`, cookie },
      { name: 'dashboard', path: '/', cookie },
      { name: 'order list', path: '/orders', cookie },
      { name: 'sign-in', path: '/login', signedOut: true },
    ];
    console.log(`console pages' initial script (${path.join('dist', 'client', 'admin')}): entry + modulepreloads`);
    console.log(`  ${'page'.padEnd(12)} ${'files'.padStart(5)} ${'raw'.padStart(9)} ${'gzip'.padStart(9)} ${'brotli'.padStart(9)}`);
    for (const page of pages) {
      const res = await fetch(new URL(page.path, consoleApp.url), { headers: page.cookie ? { cookie: page.cookie } : {}, redirect: 'manual' });
      if (res.status !== 200) throw new Error(`${page.path} answered ${res.status}`);
      const bytes = await scriptBytes(path.resolve('dist/client/admin'), pageScriptUrls(await res.text()));
      console.log(`  ${page.name.padEnd(12)} ${String(bytes.files).padStart(5)} ${kb(bytes.raw)} ${kb(bytes.gzip)} ${kb(bytes.brotli)}`);
    }
    if (skipLighthouse) return;
    const [customer] = pages;
    if (!customer) return;
    const before = load();
    const [result] = await auditPages(consoleApp.url, [customer], readSettings().lighthouseRuns);
    if (!result) return;
    const verdict = result.performance >= LIGHTHOUSE_GOAL ? 'meets' : 'misses';
    console.log(`\nLighthouse (mobile) ${customer.path}: performance ${result.performance} (${verdict} the goal of ${LIGHTHOUSE_GOAL}), TBT ${result.tbtMs.toFixed(0)} ms, LCP ${(result.lcpMs / 1000).toFixed(2)} s, CLS ${result.cls.toFixed(3)}`);
    console.log(`load average (1, 5, 15 min) on ${os.cpus().length} cores: before ${before}; after ${load()}${(os.loadavg()[0] ?? 0) > 1 ? ' — a busy machine: re-measure on a quiet one' : ''}`);
  } finally {
    for (const p of processes.reverse()) await p.stop();
    await db.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`\nbench:console-script FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
