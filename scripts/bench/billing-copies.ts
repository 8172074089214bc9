/**
 * `npm run bench:billing-copies`: the billing scheduler of K = 1 and then K = 2 API processes
 * (`node dist/main.js api`, as deployed) over the same N due subscriptions, each K on a fresh
 * scratch PostgreSQL database, with a simulated provider latency. Prints charges/s from the
 * first to the last charge (sandbox_charges.created_at), each copy's share (its "billing pass"
 * log lines) and the peak connections per copy (pg_stat_activity by application_name); checks
 * every charge once (billing-setup.ts verifyBilling). Exits 1 when a check fails.
 *   npm run bench:billing-copies -- [--n 4000] [--latency 200] [--copies 1,2] [--concurrency 64]
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { freePorts, startRole, stopRole, type RoleProcess } from '../deploy/role-process.ts';
import { createScratchDatabase, insertDueRound, verifyBilling } from './billing-setup.ts';
import { seedBulkSubscriptions } from './bulk-subscriptions.ts';
import { sampleConnections } from './connection-sampler.ts';
import { DEFAULT_BILLING_CONCURRENCY } from '../../shared/billing-rules.ts';

const repo = path.resolve(import.meta.dirname, '../..');
const adminUrl = process.env.DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
/** A sample key and token of the right shape: production with DATABASE_URL requires the key. */
const STAFF_SECRET_KEY = 'c2FtcGxlLXN0YWZmLXNlY3JldC1rZXktMzItYnl0ZXM=';
const OPS_TOKEN = 'bench-operator-token-0123456789abcdef0123456789';
const DEADLINE_S = 600;

interface Options { n: number; latencyMs: number; copies: number[]; concurrency: number }

function readOptions(argv: string[]): Options {
  const { values } = parseArgs({ args: argv, strict: true, options: {
    n: { type: 'string', default: '4000' }, latency: { type: 'string', default: '200' }, copies: { type: 'string', default: '1,2' }, concurrency: { type: 'string', default: String(DEFAULT_BILLING_CONCURRENCY) },
  } });
  const copies = values.copies.split(',').map(Number);
  if (copies.some((k) => !Number.isInteger(k) || k < 1 || k > 8)) throw new Error(`--copies ${values.copies}: whole numbers from 1 to 8`);
  return { n: Number(values.n), latencyMs: Number(values.latency), copies, concurrency: Number(values.concurrency) };
}

interface Result { k: number; spanS: number; perS: number; perCopy: number[]; peakConnections: Record<string, number>; ok: boolean; problems: string[] }

/** What each copy's "billing pass" log lines say it charged. */
function chargedBy(logFile: string): number {
  return readFileSync(logFile, 'utf8').split('\n').filter((line) => line.includes('"billing pass"')).reduce((sum, line) => {
    const charged = /"charged":(\d+)/.exec(line);
    return sum + Number(charged?.[1] ?? 0);
  }, 0);
}

function outboxCount(dirs: string[]): number {
  return dirs.reduce((sum, dir) => sum + (readdirSync(path.join(dir, 'outbox'), { withFileTypes: true }).filter((f) => f.name.endsWith('.json')).length), 0);
}

function startCopies(k: number, databaseUrl: string, options: Options, work: string, ports: number[]): { procs: RoleProcess[]; dirs: string[]; logs: string[] } {
  const procs: RoleProcess[] = [];
  const dirs: string[] = [];
  const logs: string[] = [];
  for (let i = 0; i < k; i++) {
    const dir = path.join(work, `k${k}-copy${i + 1}`);
    mkdirSync(path.join(dir, 'outbox'), { recursive: true });
    const url = new URL(databaseUrl);
    url.searchParams.set('application_name', `oshibox-api-${i + 1}`);
    const env = {
      NODE_ENV: 'production', HOST: '127.0.0.1', API_PORT: String(ports[2 * i]), METRICS_PORT: String(ports[2 * i + 1]), DATA_DIR: dir, HOME: dir,
      DATABASE_URL: url.toString(), SEED_DEMO: 'false', STAFF_SECRET_KEY, OPS_TOKEN, LOG_LEVEL: 'info',
      BILLING_SCHEDULER: 'on', BILLING_INTERVAL_MS: '1000', BILLING_CONCURRENCY: String(options.concurrency), SANDBOX_LATENCY_MS: String(options.latencyMs),
    };
    logs.push(path.join(work, `k${k}-copy${i + 1}.log`));
    procs.push(startRole(repo, `api ${i + 1}`, ['api'], env, logs[i]!));
    dirs.push(dir);
  }
  return { procs, dirs, logs };
}

async function runK(k: number, options: Options, work: string): Promise<Result> {
  const scratch = await createScratchDatabase(adminUrl, 4);
  try {
    const db = scratch.handle.db;
    const { planId, roundId, deadline } = await insertDueRound(db, new Date());
    await seedBulkSubscriptions(db, { planId, n: options.n, createdAt: new Date(deadline.getTime() - 10 * 86_400_000), tag: 'copies' });
    const databaseUrl = scratch.url;
    if (!databaseUrl) throw new Error('a PostgreSQL server is needed (DATABASE_URL)');
    const database = new URL(databaseUrl).pathname.slice(1);
    const sampler = await sampleConnections(adminUrl, database);
    const { procs, dirs, logs } = startCopies(k, databaseUrl, options, work, await freePorts(2 * k));
    try {
      await waitForCharges(db, roundId, options.n, procs);
    } finally {
      for (const proc of procs) await stopRole(proc, 30);
    }
    const peakConnections = await sampler.stop();
    const [span] = (await sql<{ s: number }>`select extract(epoch from max(created_at) - min(created_at)) as s from sandbox_charges`.execute(db)).rows;
    const spanS = Number(span?.s ?? 0);
    const verification = await verifyBilling(db, roundId, options.n, outboxCount(dirs));
    return { k, spanS, perS: options.n / spanS, perCopy: logs.map(chargedBy), peakConnections, ok: verification.ok, problems: verification.problems };
  } finally {
    await scratch.drop();
  }
}

/** Until every charge and its mail is done, a copy dies, or the deadline passes. */
async function waitForCharges(db: Parameters<typeof verifyBilling>[0], roundId: number, n: number, procs: RoleProcess[]): Promise<void> {
  const until = Date.now() + DEADLINE_S * 1000;
  while (Date.now() < until) {
    if (procs.some((p) => p.child.exitCode !== null)) throw new Error('an API copy exited during the run (see its log)');
    const [row] = (await sql<{ done: number; sent: number }>`select
        (select count(*) from plan_order_histories where plan_order_id = ${roundId} and payment_status = 'SUCCESS') as done,
        (select count(*) from billing_mails where kind = 'charged' and status = 'sent') as sent`.execute(db)).rows;
    if (Number(row?.done) >= n && Number(row?.sent) >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`not every charge done within ${DEADLINE_S} s`);
}

async function main(): Promise<number> {
  const options = readOptions(process.argv.slice(2));
  const work = mkdtempSync(path.join(os.tmpdir(), 'oshibox-billing-copies-'));
  console.log(`billing over ${options.n} due subscriptions, provider latency ${options.latencyMs} ms, BILLING_CONCURRENCY ${options.concurrency} per copy (bound ${(options.concurrency / (options.latencyMs / 1000)).toFixed(0)}/s per copy); ${os.cpus().length} cores`);
  const results: Result[] = [];
  for (const k of options.copies) {
    const result = await runK(k, options, work);
    results.push(result);
    console.log(`  K=${k}: ${result.perS.toFixed(1)} charges/s (first to last charge ${result.spanS.toFixed(1)} s); per copy ${result.perCopy.join(' + ')}; peak connections ${JSON.stringify(result.peakConnections)}; check ${result.ok ? 'OK' : `FAILED: ${result.problems.join('; ')}`}`);
  }
  const one = results.find((r) => r.k === 1);
  for (const r of results) if (one && r.k > 1) console.log(`  K=${r.k} / K=1: x${(r.perS / one.perS).toFixed(2)}`);
  console.log(JSON.stringify({ bench: 'billing-copies', n: options.n, latencyMs: options.latencyMs, concurrency: options.concurrency, cores: os.cpus().length, results }));
  const ok = results.every((r) => r.ok);
  if (ok) rmSync(work, { recursive: true, force: true });
  else console.error(`logs kept in ${work}`);
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench:billing-copies FAILED: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    process.exit(1);
  },
);
