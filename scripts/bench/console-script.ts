/**
 * `npm run bench:console-script`: what the operator console's pages make a browser download before
 * they hydrate (issue 32, "Lighter and safer"; decision 0083), then Lighthouse on a customer's page.
 * The built console (`node dist/main.js admin`) and API over a fresh, seeded PostgreSQL database; an
 * owner's session made in it as an enrolled member's sign-in would. For each page, its entry and the
 * chunks its data block preloads: files, raw bytes, and gzip and brotli bytes as the server sends them.
 * Then (unless `--no-lighthouse`) Lighthouse's mobile profile on the customer page, the median of
 * `LIGHTHOUSE_RUNS` runs, against the goal of 95, with the machine's load average beside it:
 * a score taken on a busy machine is not the figure (re-measure on a quiet one). `--with-shop` measures
 * the shop's artist page beside it, for calibration.
 */
import os from 'node:os';
import path from 'node:path';
import { href } from '../../shared/routes.ts';
import { openDatabase } from '../../api/db/connect.ts';
import { STAFF_COOKIE, startStaffSession } from '../../api/staff/staff-session.ts';
import { auditPages, type LighthousePage } from './lighthouse-audit.ts';
import { pageScriptUrls, scriptBytes } from './page-script.ts';
import { readSettings } from './settings.ts';
import { createPostgresShop, KNOWN_ARTIST } from './shop-database.ts';
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

async function printScriptBytes(consoleUrl: string, pages: LighthousePage[]): Promise<void> {
  console.log(`console pages' initial script (${path.join('dist', 'client', 'admin')}): entry + modulepreloads`);
  console.log(`  ${'page'.padEnd(12)} ${'files'.padStart(5)} ${'raw'.padStart(9)} ${'gzip'.padStart(9)} ${'brotli'.padStart(9)}`);
  for (const page of pages) {
    const res = await fetch(new URL(page.path, consoleUrl), { headers: page.cookie ? { cookie: page.cookie } : {}, redirect: 'manual' });
    if (res.status !== 200) throw new Error(`${page.path} answered ${res.status}`);
    const bytes = await scriptBytes(path.resolve('dist/client/admin'), pageScriptUrls(await res.text()));
    console.log(`  ${page.name.padEnd(12)} ${String(bytes.files).padStart(5)} ${kb(bytes.raw)} ${kb(bytes.gzip)} ${kb(bytes.brotli)}`);
  }
}

/**
 * Lighthouse on the customer page; with `shopUrl`, on the shop's artist page too, in the same
 * minutes: its score on a quiet machine is known (docs/performance.md), so the pair says how much
 * of a low score is the machine's load.
 */
async function printLighthouse(consoleUrl: string, customer: LighthousePage, shopUrl: string | null): Promise<void> {
  const before = load();
  const runs = readSettings().lighthouseRuns;
  const results = [...await auditPages(consoleUrl, [customer], runs), ...(shopUrl ? await auditPages(shopUrl, [{ name: 'shop artist page', path: href('artist', { slug: KNOWN_ARTIST }) }], runs) : [])];
  for (const r of results) {
    const verdict = r.name === customer.name ? ` (${r.performance >= LIGHTHOUSE_GOAL ? 'meets' : 'misses'} the goal of ${LIGHTHOUSE_GOAL})` : '';
    console.log(`\nLighthouse (mobile) ${r.name} ${r.path}: performance ${r.performance}${verdict}, TBT ${r.tbtMs.toFixed(0)} ms, LCP ${(r.lcpMs / 1000).toFixed(2)} s, CLS ${r.cls.toFixed(3)}`);
  }
  console.log(`load average (1, 5, 15 min) on ${os.cpus().length} cores: before ${before}; after ${load()}${(os.loadavg()[0] ?? 0) > 1 ? ' — a busy machine: re-measure on a quiet one' : ''}`);
}

async function main(): Promise<void> {
  const withShop = process.argv.includes('--with-shop');
  const db = await createPostgresShop(adminDatabaseUrl());
  const processes: ShopProcess[] = [];
  try {
    const [api, admin, web] = [await freePort(), await freePort(), await freePort()];
    const env = { HOST: '127.0.0.1', PORT: String(web), API_PORT: String(api), ADMIN_PORT: String(admin), API_ORIGIN: `http://127.0.0.1:${api}`, ...db.env };
    processes.push(await startShopProcess('api', env));
    const consoleApp = await startShopProcess('admin', env);
    processes.push(consoleApp);
    const shop = withShop ? await startShopProcess('web', env) : null;
    if (shop) processes.push(shop);
    const { cookie, customerId } = await ownerAndCustomer(db.env.DATABASE_URL ?? '');
    const customer = { name: 'customer', path: `/customers/${customerId}`, cookie };
    await printScriptBytes(consoleApp.url, [customer, { name: 'dashboard', path: '/', cookie }, { name: 'order list', path: '/orders', cookie }, { name: 'sign-in', path: '/login' }]);
    if (!process.argv.includes('--no-lighthouse')) await printLighthouse(consoleApp.url, customer, shop?.url ?? null);
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
