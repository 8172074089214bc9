/**
 * `npm run bench:billing`: one billing pass (issue 9) over N generated subscriptions with a
 * simulated provider latency, on a throwaway PostgreSQL database (or `--pglite`). Reports seed
 * and billing time, throughput against the bound concurrency / latency, memory, and checks the
 * result; exits 1 when the check fails. Figures go to docs/performance.md by hand ("Billing run").
 *   npm run bench:billing -- [--n 100000] [--latency 200] [--concurrency 64] [--pool 10] [--pglite]
 *   npm run bench:billing -- --provider stripe-local --rate 25 --n 2000   (Stripe's limits, billing-stripe.ts)
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { runBilling, type BillingSummary } from '../../api/billing/run-billing.ts';
import type { ApiContext } from '../../api/context.ts';
import { createMailer, type Mailer } from '../../api/mail/mailer.ts';
import { createLogger } from '../../server/logger.server.ts';
import { insertDueRound, verifyBilling, createScratchDatabase, type Verification } from './billing-setup.ts';
import { seedBulkSubscriptions } from './bulk-subscriptions.ts';
import { DEFAULT_BILLING_CONCURRENCY } from '../../shared/billing-rules.ts';
import { startStripeBench, STRIPE_LOCAL_MAX_N, stripeReportRows, stripeRunFacts, verifyStripeBilling, type StripeBench } from './billing-stripe.ts';

const DEFAULT_DATABASE_URL = 'postgres://root@127.0.0.1:5432/test';
const MB = 1024 * 1024;

interface Options { n: number; latencyMs: number; concurrency: number; poolSize: number; pglite: boolean; provider: 'sandbox' | 'stripe-local'; rate: number }

function readOptions(argv: string[]): Options {
  const { values } = parseArgs({ args: argv, strict: true, options: {
    n: { type: 'string', default: '100000' }, latency: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: String(DEFAULT_BILLING_CONCURRENCY) }, pool: { type: 'string', default: '10' }, pglite: { type: 'boolean', default: false },
    provider: { type: 'string', default: 'sandbox' }, rate: { type: 'string', default: '25' },
  } });
  const int = (name: string, raw: string, min: number, max: number) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} ${raw}: expected an integer from ${min} to ${max}`);
    return value;
  };
  if (values.provider !== 'sandbox' && values.provider !== 'stripe-local') throw new Error(`--provider ${values.provider}: expected sandbox or stripe-local`);
  const stripe = values.provider === 'stripe-local';
  return {
    n: int('n', values.n, 1, stripe ? STRIPE_LOCAL_MAX_N : 10_000_000), latencyMs: stripe ? 0 : int('latency', values.latency, 0, 60_000),
    concurrency: int('concurrency', values.concurrency, 1, 1000), poolSize: int('pool', values.pool, 1, 90), pglite: values.pglite,
    provider: values.provider, rate: int('rate', values.rate, 1, 10_000),
  };
}

/** Peaks of `process.memoryUsage()`, sampled every 500 ms while the pass runs. */
function sampleMemory() {
  const peak = { rss: 0, heapUsed: 0, heapTotal: 0 };
  const take = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
    peak.heapTotal = Math.max(peak.heapTotal, m.heapTotal);
  };
  take();
  const timer = setInterval(take, 500);
  return { stop: () => (clearInterval(timer), take(), peak) };
}

/** A line every 10 s (the output usually goes to a file) and at the end; the rate counts from the first charge. */
function progressLine(started: number) {
  let last = 0;
  let charging = 0;
  return ({ total, done }: { total: number; done: number }) => {
    const now = performance.now();
    if (done === 0) charging = now;
    if (now - last < 10_000 && done < total) return;
    last = now;
    const rate = now > charging ? done / ((now - charging) / 1000) : 0;
    const eta = rate > 0 ? Math.round((total - done) / rate) : 0;
    const rss = Math.round(process.memoryUsage().rss / MB);
    const elapsed = ((now - started) / 1000).toFixed(0).padStart(5);
    console.log(`  ${elapsed} s  ${done}/${total}  ${rate.toFixed(1)}/s  ETA ${eta} s  rss ${rss} MB  load ${os.loadavg()[0]!.toFixed(2)}`);
  };
}

/** Characters the in-memory outbox keeps (an artifact of `memory://`; SMTP or files keep none). */
function outboxMegabytes(mailer: Mailer): number {
  let chars = 0;
  for (const m of mailer.memory) chars += m.to.length + m.subject.length + m.text.length + m.html.length;
  return (chars * 2) / MB; // Japanese text: V8 stores it two bytes a character
}

async function main(): Promise<number> {
  const options = readOptions(process.argv.slice(2));
  const adminUrl = options.pglite ? null : (process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
  const controller = new AbortController();
  process.once('SIGINT', () => {
    console.error('\ninterrupted: stopping after the current batch, then dropping the database');
    controller.abort();
  });
  const loadBefore = os.loadavg()[0]!;
  const scratch = await createScratchDatabase(adminUrl, options.poolSize);
  const mailer = createMailer({ from: 'OshiBox <no-reply@oshibox.example>', brand: 'OshiBox', dataDir: 'memory://' });
  let stripe: StripeBench | null = null;
  try {
    const db = scratch.handle.db;
    console.log(`database: ${scratch.label}, pool ${scratch.handle.kind === 'postgres' ? options.poolSize : 'none (one connection)'}`);
    const { planId, roundId, deadline } = await insertDueRound(db, new Date());
    const seedStarted = performance.now();
    await seedBulkSubscriptions(db, { planId, n: options.n, createdAt: new Date(deadline.getTime() - 10 * 86_400_000), tag: 'bench' });
    const seedMs = performance.now() - seedStarted;
    stripe = options.provider === 'stripe-local' ? await startStripeBench(db, { n: options.n, rate: options.rate, tag: 'bench', now: new Date() }) : null;
    const through = stripe ? `stripe-local at ${options.rate} reads + ${options.rate} writes a second` : `latency ${options.latencyMs} ms`;
    console.log(`seeded ${options.n} subscriptions in ${(seedMs / 1000).toFixed(1)} s; billing with ${through}, concurrency ${options.concurrency}`);

    // Unscoped, as the scheduler and `npm run ops -- billing` call it (the claim queries differ by scope).
    const ctx: ApiContext = {
      db, logger: createLogger('silent', 'bench-billing'), now: () => new Date(), publicOrigin: 'http://localhost:3000', mailer,
      sandboxLatencyMs: options.latencyMs, ...(stripe ? { paymentProvider: stripe.provider } : {}),
    };
    const before = process.memoryUsage();
    const memory = sampleMemory();
    const started = performance.now();
    const phases = { reserved: 0, charged: 0 };
    const print = progressLine(started);
    const summary = await runBilling(ctx, { concurrency: options.concurrency, leaseMs: 120_000, signal: controller.signal }, {}, (p) => {
      if (p.done === 0) phases.reserved = performance.now();
      if (p.done >= p.total) phases.charged = performance.now();
      print(p);
    });
    const ended = performance.now();
    if (phases.charged === 0) phases.charged = ended; // stopped early, or nothing to charge
    const peak = memory.stop();
    const after = process.memoryUsage();
    const verification = stripe
      ? await verifyStripeBilling(db, stripe.local, roundId, options.n, mailer.memory.length)
      : await verifyBilling(db, roundId, options.n, mailer.memory.length);
    const chargeS = (phases.charged - phases.reserved) / 1000;
    const stripeFacts = stripe ? stripeRunFacts(stripe.local, options.n, options.rate) : null;
    const stripeRows = stripeFacts ? stripeReportRows(stripeFacts, options.n, chargeS) : [];
    await scratch.close();
    // Every transaction in the database's life: the set-up and the check add a few dozen.
    const transactions = await scratch.transactions();
    const result = {
      bench: 'billing', provider: options.provider, rate: stripe ? options.rate : null, database: scratch.handle.kind, n: options.n, latencyMs: options.latencyMs, concurrency: options.concurrency,
      poolSize: scratch.handle.kind === 'postgres' ? options.poolSize : null,
      seedS: round(seedMs / 1000), billingS: round((ended - started) / 1000),
      phasesS: { reserve: round((phases.reserved - started) / 1000), charge: round((phases.charged - phases.reserved) / 1000), mails: round((ended - phases.charged) / 1000) },
      chargesPerS: round(options.n / ((phases.charged - phases.reserved) / 1000)), overallPerS: round(options.n / ((ended - started) / 1000)),
      boundPerS: options.latencyMs > 0 ? round(options.concurrency / (options.latencyMs / 1000)) : null,
      memoryMB: { rssBefore: mb(before.rss), heapBefore: mb(before.heapUsed), rssPeak: mb(peak.rss), heapPeak: mb(peak.heapUsed),
        rssAfter: mb(after.rss), heapAfter: mb(after.heapUsed), outboxEstimate: round(outboxMegabytes(mailer)) },
      dbTransactionsPerCharge: transactions === null ? null : round(transactions / options.n),
      load1: { before: round(loadBefore), after: round(os.loadavg()[0]!) }, cores: os.cpus().length, node: process.version,
      stripe: stripeFacts, summary, ok: verification.ok,
    };
    printReport(result, summary, verification, stripeRows);
    return verification.ok ? 0 : 1;
  } finally {
    mailer.close();
    await stripe?.close();
    await scratch.drop();
  }
}

const round = (x: number) => Math.round(x * 10) / 10;
const mb = (bytes: number) => Math.round(bytes / MB);

function printReport(r: Record<string, unknown> & { memoryMB: Record<string, number>; phasesS: Record<string, number> }, s: BillingSummary, v: Verification, extra: [string, string][]): void {
  const rows: [string, string][] = [
    ['subscriptions (N)', String(r.n)], ['provider latency / concurrency', `${r.latencyMs} ms / ${r.concurrency}`], ['database pool', String(r.poolSize ?? '-')],
    ['seed', `${r.seedS} s`], ['billing pass (wall)', `${r.billingS} s`],
    ['  reserve / charge / mails', `${r.phasesS.reserve} / ${r.phasesS.charge} / ${r.phasesS.mails} s`],
    ['charges/s (charge phase)', `${r.chargesPerS} (bound ${r.boundPerS ?? '-'})`], ['charges/s (whole pass)', String(r.overallPerS)],
    ['RSS before / peak / after', `${r.memoryMB.rssBefore} / ${r.memoryMB.rssPeak} / ${r.memoryMB.rssAfter} MB`],
    ['heap before / peak / after', `${r.memoryMB.heapBefore} / ${r.memoryMB.heapPeak} / ${r.memoryMB.heapAfter} MB`],
    ['in-memory outbox (est.)', `${r.memoryMB.outboxEstimate} MB`], ['DB transactions per charge', String(r.dbTransactionsPerCharge ?? '-')],
    ...extra,
    ['charged / declined / in doubt', `${s.charged} / ${s.declined} / ${s.inDoubt}`], ['mails sent / failed', `${s.mailsSent} / ${s.mailsFailed}`],
    ['check', v.ok ? 'OK' : `FAILED: ${v.problems.join('; ')}`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\n${rows.map(([k, value]) => `${k.padEnd(width)}  ${value}`).join('\n')}\n`);
  console.log(JSON.stringify({ ...r, verification: v.facts, problems: v.problems }));
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`\nbench:billing FAILED: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
    process.exit(1);
  },
);
