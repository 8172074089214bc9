/**
 * Issue 35's billing goals as rows of `npm run bench` (figure 11): `npm run bench:billing`
 * (billing.ts) run as child processes, so its memory and event loop stay apart from the web
 * bench's, and its final JSON line read. A child whose check fails is a missed goal with the
 * check's problems as its cause; a child that prints no result broke the measurement.
 * `BENCH_BILLING=0` skips the rows; `--quick` runs them small, for reading only.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { EXTRAPOLATE_TO } from './billing-stripe.ts';
import type { Figure } from './figures.ts';
import type { Settings } from './settings.ts';

const FIGURE_NO = 11;
const SANDBOX_GOAL_S = 600;
const SANDBOX_LATENCY_MS = 200;
/** Of the floor N ÷ rate, the time a Stripe pass may take (issue 35). */
const STRIPE_GOAL_RATIO = 1.2;

interface BillingCase {
  label: string;
  provider: 'sandbox' | 'stripe-local';
  n: number;
  /** Stripe's documented writes a second (https://docs.stripe.com/rate-limits); sandbox: none. */
  rate?: number;
}

/** Sized so each Stripe row takes one to two minutes at its floor; the sandbox row is the goal's own N. */
function casesFor(quick: boolean): BillingCase[] {
  return [
    { label: 'sandbox', provider: 'sandbox', n: quick ? 2_000 : EXTRAPOLATE_TO },
    { label: "Stripe's live limit", provider: 'stripe-local', rate: 100, n: quick ? 300 : 6_000 },
    { label: "Stripe's test-mode limit", provider: 'stripe-local', rate: 25, n: quick ? 300 : 2_000 },
  ];
}

/** The fields of billing.ts's JSON line read here; a change there fails the parse, not the figure quietly. */
const ResultSchema = z.object({
  database: z.string(),
  n: z.number(),
  concurrency: z.number(),
  billingS: z.number(),
  phasesS: z.object({ reserve: z.number(), charge: z.number(), mails: z.number() }),
  chargesPerS: z.number(),
  boundPerS: z.number().nullable(),
  load1: z.object({ before: z.number(), after: z.number() }),
  summary: z.object({ charged: z.number(), declined: z.number(), inDoubt: z.number() }),
  stripe: z.object({ rate: z.number(), rateLimited: z.object({ read: z.number(), write: z.number() }), searches: z.number(), floorS: z.number() }).nullable(),
  ok: z.boolean(),
  problems: z.array(z.string()),
});
type BillingResult = z.infer<typeof ResultSchema>;

interface BillingRun {
  case: BillingCase;
  result: BillingResult;
}

export type BillingMeasurement = { skipped: string } | { quick: boolean; runs: BillingRun[] };

function argsOf(c: BillingCase): string[] {
  const common = ['--n', String(c.n)];
  return c.provider === 'sandbox' ? [...common, '--latency', String(SANDBOX_LATENCY_MS)] : [...common, '--provider', 'stripe-local', '--rate', String(c.rate)];
}

/** One `billing.ts` child: its output passed through, its last JSON line parsed. Exit 1 with a failed check is a result. */
function runChild(c: BillingCase): Promise<BillingResult> {
  const entry = fileURLToPath(new URL('./billing.ts', import.meta.url));
  const args = argsOf(c);
  console.log(`\nbilling (${c.label}): tsx scripts/bench/billing.ts ${args.join(' ')}`);
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let last = '';
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('{')) last = line;
    else console.log(`  ${line}`);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      const parsed = last ? ResultSchema.safeParse(JSON.parse(last)) : null;
      const result = parsed?.success ? parsed.data : null;
      // A failed check exits 1 after its result; any other exit but 0 means the run itself broke.
      if (result && (code === 0 || (code === 1 && !result.ok))) return resolve(result);
      const why = parsed && !parsed.success ? `an unreadable result (${parsed.error.message})` : 'no result';
      reject(new Error(`billing bench (${c.label}) exited with code ${code}${signal ? `, signal ${signal}` : ''} and ${why}`));
    });
  });
}

export async function measureBilling(settings: Settings): Promise<BillingMeasurement> {
  if (process.env.BENCH_BILLING === '0') return { skipped: 'not run (BENCH_BILLING=0)' };
  const runs: BillingRun[] = [];
  for (const c of casesFor(settings.quick)) runs.push({ case: c, result: await runChild(c) });
  return { quick: settings.quick, runs };
}

const s1 = (seconds: number): string => `${seconds.toFixed(1)} s`;
const min1 = (seconds: number): string => `${(seconds / 60).toFixed(1)} min`;
const count = (n: number): string => n.toLocaleString('en');
const phases = (r: BillingResult): string => `reserve / charge / mails after ${r.phasesS.reserve} / ${r.phasesS.charge} / ${r.phasesS.mails} s`;
const databaseName = (r: BillingResult): string => (r.database === 'postgres' ? 'PostgreSQL' : 'PGlite');
const checkFailed = (r: BillingResult): string => `the check failed: ${r.problems.join('; ')}`;

function sandboxFigure(r: BillingResult, quick: boolean): Figure {
  const share = r.boundPerS ? r.chargesPerS / r.boundPerS : 0;
  const rate = `${r.chargesPerS} charges/s, ${(share * 100).toFixed(0)} % of the bound ${r.boundPerS ?? '-'}/s (concurrency ${r.concurrency} ÷ ${SANDBOX_LATENCY_MS} ms)`;
  const time = r.n === EXTRAPOLATE_TO ? `${s1(r.billingS)} (${min1(r.billingS)})` : `${s1(r.billingS)} (${min1((r.billingS * EXTRAPOLATE_TO) / r.n)} for 100k pro rata)`;
  const cause = !r.ok
    ? checkFailed(r)
    : share >= 0.9
      ? `the charges run at the bound concurrency ÷ latency: more BILLING_CONCURRENCY, or a faster provider (${phases(r)})`
      : `the charges run below the bound: the database and the machine, not the provider's latency (${phases(r)}; load ${r.load1.before} → ${r.load1.after})`;
  return {
    no: FIGURE_NO,
    name: `Billing: ${count(r.n)} subscriptions on the sandbox at ${SANDBOX_LATENCY_MS} ms, one pass (${databaseName(r)})${quick ? ', quick run: for reading' : ''}`,
    value: `${time}: ${phases(r)}; ${rate}; load ${r.load1.before} → ${r.load1.after}`,
    goal: `≤ ${SANDBOX_GOAL_S / 60} min for ${count(EXTRAPOLATE_TO)}`,
    pass: quick ? null : r.ok && r.n >= EXTRAPOLATE_TO && r.billingS <= SANDBOX_GOAL_S,
    cause,
  };
}

function stripeFigure(c: BillingCase, r: BillingResult, quick: boolean): Figure {
  const stripe = r.stripe;
  if (!stripe) throw new Error(`billing bench (${c.label}): no stripe-local facts in its result`);
  // The time for 100k is the whole pass pro rata (reserve, charges, mails after), against N ÷ rate.
  const ratio = r.billingS / stripe.floorS;
  const perHundredK = (seconds: number) => min1((seconds * EXTRAPOLATE_TO) / r.n);
  const limited = stripe.rateLimited.read + stripe.rateLimited.write;
  const cause = !r.ok
    ? checkFailed(r)
    : `${r.chargesPerS} charges/s in the charge phase against a pace of ${stripe.rate}/s; ${phases(r)}; ${limited} 429s; load ${r.load1.before} → ${r.load1.after}`;
  return {
    no: FIGURE_NO,
    name: `Billing on stripe-local at ${c.label} (${stripe.rate} writes/s), ${count(r.n)} subscriptions, time for ${count(EXTRAPOLATE_TO)} pro rata (${databaseName(r)})${quick ? ', quick run: for reading' : ''}`,
    value:
      `${perHundredK(r.billingS)} (${ratio.toFixed(2)}× the floor ${perHundredK(stripe.floorS)}); charge phase ${s1(r.phasesS.charge)} / floor ${s1(stripe.floorS)} = ${(r.phasesS.charge / stripe.floorS).toFixed(2)}×; ` +
      `429s ${stripe.rateLimited.read} read / ${stripe.rateLimited.write} write; ${count(r.summary.charged)} charged, ${r.summary.declined} declined, ${r.summary.inDoubt} in doubt, ${stripe.searches} searches`,
    goal: `≤ ${STRIPE_GOAL_RATIO.toFixed(1)}× the floor (N ÷ rate)`,
    pass: quick ? null : r.ok && ratio <= STRIPE_GOAL_RATIO,
    cause,
  };
}

export function billingFigures(m: BillingMeasurement | undefined): Figure[] {
  if (!m || 'skipped' in m) {
    const value = m?.skipped ?? 'not measured';
    return casesFor(false).map((c) => ({ no: FIGURE_NO, name: `Billing (${c.label})`, value, goal: c.provider === 'sandbox' ? `≤ ${SANDBOX_GOAL_S / 60} min for ${count(EXTRAPOLATE_TO)}` : `≤ ${STRIPE_GOAL_RATIO.toFixed(1)}× the floor`, pass: null }));
  }
  return m.runs.map(({ case: c, result }) => (c.provider === 'sandbox' ? sandboxFigure(result, m.quick) : stripeFigure(c, result, m.quick)));
}
