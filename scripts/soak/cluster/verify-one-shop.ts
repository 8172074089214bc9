// The cluster soak's workload and checks against ONE shop process (`tsx scripts/soak/cluster/verify-one-shop.ts`
// after `node scripts/build.mjs`): a scratch database beside DATABASE_URL (default the shared
// server's `test`), a round falling due 30 s in, 5 buyers for 60 s, then verifyCluster must pass;
// then one extra succeeded charge for a billed subscription and it must fail. Exit 0 when both hold.
// SOAK_KILL=1: the shop is killed -9 two seconds after the round falls due (mid-billing, buyers
// at work) and started again; that window is the checks' API kill window.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { queryOnce } from '../../../api/db/connect.ts';
import { startMailbox } from '../../../test/support/mailbox.ts';
import { freePorts } from '../../../test/integration/process-fixtures.ts';
import { EXPECTED_CHARGE } from '../../bench/billing-setup.ts';
import { runBuyers } from './buyers.ts';
import { seedDueRound } from './seed.ts';
import { verifyCluster } from './verify.ts';
import { waitForSettled } from './verify-settled.ts';

const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const SUBSCRIPTIONS = Number(process.env.SOAK_SUBSCRIPTIONS ?? 300);
const BUYER_SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const SETTLE_LIMIT_MS = 180_000;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const name = `oshibox_sw_${randomBytes(4).toString('hex')}`;
const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${name}`;
const databaseUrl = dbUrl.toString();
await queryOnce(ADMIN_URL, `create database ${name}`);
const mailbox = await startMailbox();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'oshibox-sw-'));
const [web = 0, api = 0, admin = 0, metrics = 0] = await freePorts(4);
const webUrl = `http://127.0.0.1:${web}`;
const env = {
    PATH: process.env.PATH, HOST: '127.0.0.1', NODE_ENV: 'production', DATABASE_URL: databaseUrl, DATA_DIR: dataDir,
    SMTP_URL: mailbox.url, OPS_TOKEN: randomBytes(24).toString('base64url'), STAFF_SECRET_KEY: randomBytes(32).toString('base64'),
    PUBLIC_ORIGIN: webUrl, PORT: String(web), API_PORT: String(api), ADMIN_PORT: String(admin), METRICS_PORT: String(metrics),
    SEED_DEMO: 'true', SEED_DEMO_CUSTOMERS: 'false', SANDBOX_LATENCY_MS: '150', BILLING_INTERVAL_MS: '3000', BILLING_LEASE_MS: '10000',
    LOG_LEVEL: 'error', PAGE_CACHE: 'on',
};
const startShop = () => spawn(process.execPath, ['dist/main.js', 'all'], { stdio: ['ignore', 'inherit', 'inherit'], env });
let shop = startShop();
const apiKillWindows: { start: number; end: number; what: string }[] = [];
let passed = false;
try {
  await waitReady(webUrl);
  const started = Date.now();
  const dueAt = new Date(Date.now() + 30_000);
  const { roundId } = await seedDueRound(databaseUrl, { subscriptions: SUBSCRIPTIONS, dueAt });
  console.log(`seeded ${SUBSCRIPTIONS} subscriptions in ${Date.now() - started} ms; round ${roundId} due in 30 s`);
  const fault = process.env.SOAK_KILL === '1' ? sleep(32_000).then(killAndRestart) : Promise.resolve();
  const buyers = await runBuyers({ baseUrl: webUrl, mailbox, buyers: 5, until: Date.now() + BUYER_SECONDS * 1000, log: (line) => console.log(line) });
  console.log(`buyers: ${buyers.checkouts.length} checkouts, ${buyers.steps.length} steps, ${buyers.failures.length} failed attempts`);
  await fault;
  console.log(`buyers' failed attempts: ${buyers.failures.map((f) => `${new Date(f.at).toISOString().slice(11, 23)} ${f.what}`).join('; ') || 'none'}`);
  const settled = await waitForSettled(databaseUrl, roundId, SUBSCRIPTIONS, SETTLE_LIMIT_MS);
  console.log(settled === null ? 'billing or the outbox did not settle in time' : `billed and every outbox mail sent ${((Date.now() - dueAt.getTime()) / 1000).toFixed(0)} s after the deadline`);
  const input = { databaseUrl, roundId, subscriptions: SUBSCRIPTIONS, buyers, mails: mailbox.mails, apiKillWindows };
  const clean = await verifyCluster(input);
  console.log('facts', clean.facts);
  console.log(clean.problems.length === 0 ? 'verify: PASS' : `verify: FAIL\n  ${clean.problems.join('\n  ')}`);
  await breakOnPurpose(roundId);
  const broken = await verifyCluster(input);
  console.log(broken.problems.length > 0 ? `after a duplicate charge, verify fails as it must:\n  ${broken.problems.join('\n  ')}` : 'after a duplicate charge, verify still PASSES: wrong');
  passed = clean.problems.length === 0 && broken.problems.length > 0;
} finally {
  const exited = new Promise((resolve) => shop.once('exit', resolve));
  shop.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (shop.exitCode === null) shop.kill('SIGKILL');
  await mailbox.close();
  rmSync(dataDir, { recursive: true, force: true });
  await queryOnce(ADMIN_URL, `drop database if exists ${name} with (force)`);
}
process.exitCode = passed ? 0 : 1;

async function killAndRestart(): Promise<void> {
  const start = Date.now();
  const exited = new Promise((resolve) => shop.once('exit', resolve));
  shop.kill('SIGKILL');
  await exited;
  shop = startShop();
  await waitReady(webUrl);
  apiKillWindows.push({ start, end: Date.now(), what: 'kill -9 the shop, start it again' });
  console.log(`killed -9 and ready again in ${Date.now() - start} ms`);
}

async function waitReady(url: string): Promise<void> {
  for (const deadline = Date.now() + 90_000; Date.now() < deadline; await sleep(250)) {
    if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) return;
    if (shop.exitCode !== null) break;
  }
  throw new Error('the shop did not become ready');
}

/** A second succeeded charge for one billed subscription (another attempt's order key): a double charge. */
async function breakOnPurpose(roundId: number): Promise<void> {
  const [row] = await queryOnce(databaseUrl, `select user_plan_id from plan_order_histories where plan_order_id = $1 and origin = 'billing' limit 1`, [roundId]);
  await queryOnce(databaseUrl, `insert into sandbox_charges (order_key, charge_id, source_kind, amount, status, created_at)
    values ($1, $2, 'card', $3, 'succeeded', now())`, [`bill-${row?.user_plan_id}-${roundId}-2`, `ch_broken_${randomBytes(4).toString('hex')}`, EXPECTED_CHARGE]);
}
