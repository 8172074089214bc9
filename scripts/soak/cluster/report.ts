import type { SoakTally } from '../clients.ts';
import type { BillingState, SettledFacts } from './billing-watch.ts';
import type { BuyerReport } from './buyers.ts';
import type { FaultRecord, Window } from './faults.ts';
import type { Drain } from './processes.ts';

/** Settled RSS of a copy that was never restarted must stay ≤ this × its figure after warm-up. */
export const RSS_LIMIT = 1.3;

export interface CopyFigures { name: string; restarted: boolean; warmRss: number; endRss: number; drain: Drain | null }

export interface SoakFacts {
  settings: { seconds: number; copies: 1 | 2; subscriptions: number; seed: number; clients: number; buyers: number };
  t0: number;
  loadEnd: number;
  dueAt: number;
  tally: SoakTally;
  buyers: BuyerReport;
  faults: FaultRecord[];
  billing: { done: boolean; waitedMs: number; state: BillingState; settled: SettledFacts };
  mails: number;
  copies: CopyFigures[];
  shutdownTimeoutMs: number;
  verify: { problems: string[]; facts: Record<string, number | string> };
}

type Failure = { at: number; what: string };
const mb = (bytes: number): string => (Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : 'n/a');
const clock = (at: number): string => new Date(at).toISOString().slice(11, 23);
const sec = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const inside = (at: number, windows: Window[]): boolean => windows.some((w) => at >= w.start && at <= w.end);
const pct = (part: number, whole: number): string => (whole > 0 ? `${((100 * part) / whole).toFixed(2)} %` : 'n/a');

/**
 * Requests sent inside the windows: from the per-second counts when the clients keep them, else
 * estimated from the mean rate and the windows' length (marked ≈).
 */
function requestsInside(f: SoakFacts, windows: Window[]): string {
  const { tally } = f;
  if (tally.perSecond) return String(tally.perSecond.filter((s) => inside(s.at, windows)).reduce((n, s) => n + s.requests, 0));
  let covered = 0;
  for (let at = f.t0; at < f.loadEnd; at += 100) if (inside(at, windows)) covered += 100;
  return `≈${Math.round((tally.requests * covered) / Math.max(1, f.loadEnd - f.t0))}`;
}

/** Answered (not failed) visitor requests per second in the seconds outside every fault: the throughput to compare. */
function answeredOutside(f: SoakFacts, windows: Window[]): string {
  const seconds = (f.tally.perSecond ?? []).filter((s) => s.at >= f.t0 && s.at + 1000 <= f.t0 + f.settings.seconds * 1000 && !inside(s.at, windows) && !inside(s.at + 999, windows));
  const answered = seconds.reduce((n, s) => n + s.requests - s.failed, 0);
  return seconds.length > 0 ? `${(answered / seconds.length).toFixed(0)}/s over the ${seconds.length} whole seconds outside the fault windows` : 'n/a';
}

/** Each failure belongs to the latest fault whose window holds it (windows may overlap). */
function windowOf(at: number, records: FaultRecord[]): FaultRecord | undefined {
  return records.filter((r) => r.failureWindow && at >= r.window.start && at <= r.window.end).sort((a, b) => b.start - a.start)[0];
}

function topCauses(failures: Failure[]): string {
  const counts = new Map<string, number>();
  for (const x of failures) {
    const cause = /\b(5\d\d|E[A-Z]{3,}|TimeoutError|AbortError)\b/.exec(x.what)?.[1] ?? x.what.slice(0, 40);
    counts.set(cause, (counts.get(cause) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([what, n]) => `${what} ×${n}`).join(', ');
}

function requestLines(f: SoakFacts, failures: Failure[], windows: Window[], problems: string[]): string[] {
  const { tally } = f;
  const statuses = Object.entries(tally.statuses).sort(([a], [b]) => a.localeCompare(b)).map(([s, n]) => `${s}: ${n}`).join(', ');
  const inWindows = failures.filter((x) => inside(x.at, windows));
  const outside = failures.filter((x) => !inside(x.at, windows));
  const sent = requestsInside(f, windows);
  const rate = /^\d+$/.test(sent) ? pct(inWindows.length, Number(sent)) : `${pct(inWindows.length, Number(sent.slice(1)))} est.`;
  const fiveOutside = outside.filter((x) => /\b5\d\d\b/.test(x.what)).length;
  if (tally.failuresDropped > 0) problems.push(`${tally.failuresDropped} more visitor failures than the clients keep (times unknown)`);
  if (outside.length > 0) problems.push(`${outside.length} failed requests outside the fault windows (${fiveOutside} of them 5xx): ${outside.slice(0, 8).map((x) => `${clock(x.at)} ${x.what}`).join('; ')}`);
  return [
    '## Requests',
    '',
    `Load from ${clock(f.t0)} to ${clock(f.loadEnd)} UTC (the buyers finish their last step after ${f.settings.seconds} s).`,
    '',
    `| figure | value |`,
    `| --- | --- |`,
    `| visitors' requests | ${tally.requests} (${(tally.requests / f.settings.seconds).toFixed(0)}/s) over ${f.settings.seconds} s, ${f.settings.clients} visitors |`,
    `| answered requests, outside faults | ${answeredOutside(f, f.faults.map((r) => r.window))} |`,
    `| statuses | ${statuses} |`,
    `| latency | p50 ${tally.p50Ms} ms, p99 ${tally.p99Ms} ms, max ${tally.maxMs} ms |`,
    `| failed (visitors + buyers) | ${failures.length}: visitors ${tally.failures.length} (${tally.failed} network errors or timeouts, the rest 5xx), buyers ${f.buyers.failures.length} |`,
    `| inside the kill/restart windows | ${inWindows.length} of ${sent} requests sent then (${rate}) |`,
    `| outside them | ${outside.length} (5xx: ${fiveOutside}) |`,
    '',
  ];
}

function faultLines(f: SoakFacts, failures: Failure[]): string[] {
  const rows = f.faults.map((r) => {
    const mine = failures.filter((x) => windowOf(x.at, f.faults) === r);
    // A rolling deploy counts what failed during it and inside no failure window: it should be 0.
    const during = failures.filter((x) => inside(x.at, [r.window]) && !windowOf(x.at, f.faults));
    const count = r.failureWindow ? `${mine.length}${mine.length > 0 ? ` (${topCauses(mine)})` : ''}` : `${during.length}${during.length > 0 ? ` (${topCauses(during)})` : ''}`;
    const kind = r.failureWindow ? `${sec(r.window.end - r.window.start)}` : 'not a failure window';
    return `| ${sec(r.start - f.t0)} (${pct(r.start - f.t0, f.settings.seconds * 1000)}, ${clock(r.start)}) | ${r.what} | ${sec(r.readyAt - r.start)} | ${kind} | ${count} | ${r.note || ''} |`;
  });
  return [
    '## Faults (seed ' + f.settings.seed + ', SOAK_SEED to replay)',
    '',
    '| at | fault | down until ready | window (to ready + 3 s) | failures in it (latest fault wins an overlap) | note |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ];
}

function billingLines(f: SoakFacts, problems: string[]): string[] {
  const { state, settled, done, waitedMs } = f.billing;
  if (!done) problems.push(`billing not finished ${sec(waitedMs)} after the load: ${state.due} rows still due, ${state.inFlight} checkouts or changes in flight, ${state.mailsPending} mails pending`);
  const perCopy = Object.entries(settled.byCopy).map(([copy, n]) => `${copy}: ${n}`).join(', ') || 'none';
  const span = settled.last > 0 ? sec(settled.last - f.dueAt) : 'n/a';
  return [
    '## Billing',
    '',
    '| figure | value |',
    '| --- | --- |',
    `| round due at | ${sec(f.dueAt - f.t0)} into the load (${pct(f.dueAt - f.t0, f.settings.seconds * 1000)}) |`,
    `| reserved rows | ${state.reserved} of ${f.settings.subscriptions} seeded subscriptions |`,
    `| charged / declined / still due | ${state.success} / ${state.error} / ${state.due} |`,
    `| from due to the last row settled | ${span} (first settled ${settled.first > 0 ? sec(settled.first - f.dueAt) : 'n/a'} after due) |`,
    `| settled per copy | ${perCopy} |`,
    `| most claims of one row | ${settled.maxClaims} (more than 1: a lease ran out, e.g. its copy was killed) |`,
    `| billing mails pending | ${state.mailsPending}; mails received by the mailbox: ${f.mails} |`,
    '',
  ];
}

function copyLines(f: SoakFacts, problems: string[]): string[] {
  const rows = f.copies.map((c) => {
    const ratio = c.warmRss > 0 ? c.endRss / c.warmRss : Number.NaN;
    if (!c.restarted && ratio > RSS_LIMIT) problems.push(`${c.name}: RSS settled ${mb(c.endRss)} > ${RSS_LIMIT} × warm ${mb(c.warmRss)}`);
    const drained = c.drain !== null && c.drain.code === 0 && c.drain.ms <= f.shutdownTimeoutMs;
    if (!drained) problems.push(`${c.name} did not drain: exit ${c.drain?.code ?? c.drain?.signal ?? 'unknown'} after ${c.drain?.ms ?? '?'} ms`);
    return `| ${c.name} | ${mb(c.warmRss)} | ${mb(c.endRss)} | ${Number.isFinite(ratio) ? ratio.toFixed(2) : 'n/a'} | ${c.restarted ? 'yes (not judged)' : 'no'} | exit ${c.drain?.code ?? c.drain?.signal} in ${c.drain?.ms ?? '?'} ms |`;
  });
  return [
    '## Copies',
    '',
    '| copy | RSS after warm-up | RSS at the end (settled) | ratio | restarted | SIGTERM at the end |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ];
}

function buyerLines(f: SoakFacts): string[] {
  const completed = f.buyers.checkouts.filter((c) => c.outcome === 'completed').length;
  const failedSteps = f.buyers.steps.filter((s) => !s.ok);
  const kinds = [...new Set(f.buyers.steps.map((s) => s.kind))].map((k) => `${k} ${f.buyers.steps.filter((s) => s.kind === k && s.ok).length}/${f.buyers.steps.filter((s) => s.kind === k).length}`).join(', ');
  return [
    '## Buyers and verification',
    '',
    `- ${f.settings.buyers} buyers, ${f.buyers.emails.length} accounts; checkouts: ${completed} completed, ${f.buyers.checkouts.length - completed} refused; steps ok/all: ${kinds || 'none'}; failed steps: ${failedSteps.length}`,
    ...Object.entries(f.verify.facts).map(([k, v]) => `- ${k}: ${v}`),
    '',
  ];
}

/** The markdown report and every problem that fails the run. */
export function buildReport(f: SoakFacts): { markdown: string; problems: string[] } {
  const problems = [...f.verify.problems];
  const windows = f.faults.filter((r) => r.failureWindow).map((r) => r.window);
  const failures: Failure[] = [...f.tally.failures, ...f.buyers.failures].sort((a, b) => a.at - b.at);
  const drainFault = f.faults.find((r) => r.drain);
  if (drainFault?.drain && drainFault.drain.code !== 0) problems.push(`rolling deploy: ${drainFault.what}`);
  const { seconds, copies, subscriptions } = f.settings;
  const lines = [
    `# Cluster soak: ${copies} api + ${copies} web + 1 admin behind HAProxy, ${seconds} s, ${subscriptions} subscriptions`,
    '',
    ...requestLines(f, failures, windows, problems),
    ...faultLines(f, failures),
    ...billingLines(f, problems),
    ...copyLines(f, problems),
    ...buyerLines(f),
  ];
  lines.push(problems.length > 0 ? `**FAILED**: ${problems.length} problems\n\n${problems.map((p) => `- ${p}`).join('\n')}` : '**PASSED**');
  return { markdown: lines.join('\n'), problems };
}
