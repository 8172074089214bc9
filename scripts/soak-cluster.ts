// The cluster soak (issue 22): `npm run soak:cluster`. A private PostgreSQL cluster, two `api`
// copies, two `web` copies and the console behind HAProxy running deploy/haproxy/haproxy.cfg; 50
// visitors and 5 buyers for SOAK_SECONDS while a round of SOAK_SUBSCRIPTIONS falls due, with
// kill -9 of web-1 and api-1, a rolling deploy of web-2 and a PostgreSQL restart on a seeded
// timeline (SOAK_SEED replays it). SOAK_COPIES=1: one api and one web, to compare throughput
// (only the PostgreSQL restart runs then: scripts/soak/cluster/faults.ts). Prints a markdown report (`--report <file>` writes it too) and exits 1 on
// any problem. Everything it started is stopped, even on failure, Ctrl-C or its hard deadline.
import { writeFileSync } from 'node:fs';
import { runClients } from './soak/clients.ts';
import { runBuyers } from './soak/cluster/buyers.ts';
import { billingState, settledFacts, waitBillingDone } from './soak/cluster/billing-watch.ts';
import { browsingPaths } from './soak/browsing-paths.ts';
import { Resources, startCluster, type Cluster } from './soak/cluster/cluster.ts';
import { planFaults, runFaults, type FaultRecord, type FaultStep } from './soak/cluster/faults.ts';
import { sleep } from './soak/cluster/ports.ts';
import { buildReport, type CopyFigures } from './soak/cluster/report.ts';
import { seedDueRound } from './soak/cluster/seed.ts';
import { readSettings, type Settings } from './soak/cluster/settings.ts';
import { verifyCluster } from './soak/cluster/verify.ts';

const settings = readSettings();
const reportFile = process.argv.includes('--report') ? process.argv[process.argv.indexOf('--report') + 1] : undefined;
const began = Date.now();
/** Set-up, the load, billing's wait, the drains and verification, with room to spare. */
const HARD_LIMIT_MS = settings.seconds * 1000 + 6 * 60_000;
const SETUP_ALLOWANCE_MS = 15_000;
const log = (line: string): void => console.log(`[soak ${((Date.now() - began) / 1000).toFixed(1).padStart(6)} s] ${line}`);
const resources = new Resources();

async function abandon(reason: string, code: number): Promise<never> {
  log(`${reason}: stopping everything`);
  await resources.closeAll(log);
  process.exit(code);
}
process.once('uncaughtException', (error) => void abandon(`uncaught ${error.stack ?? error.message}`, 1));
process.once('SIGINT', () => void abandon('SIGINT', 130));
process.once('SIGTERM', () => void abandon('SIGTERM', 143));
setTimeout(() => void abandon(`hard deadline of ${HARD_LIMIT_MS / 1000} s passed`, 1), HARD_LIMIT_MS).unref();

/** kill -9 of api-1 notes how much of the round was still due, to show it died mid-billing. */
function noteAt(cluster: Cluster, roundId: number) {
  return async (step: FaultStep): Promise<string> => {
    if (step.target !== 'api-1') return '';
    const state = await billingState(cluster.postgres.url, roundId);
    return `round: ${state.reserved} reserved, ${state.success} charged, ${state.due} still due at the kill`;
  };
}

async function readRss(cluster: Cluster): Promise<Map<string, number>> {
  const entries = await Promise.all([...cluster.copies.entries()].map(async ([name, copy]) => [name, await copy.rss().catch(() => Number.NaN)] as const));
  return new Map(entries);
}

async function runLoad(cluster: Cluster, s: Settings, t0: number, dueAt: number, roundId: number) {
  const until = t0 + s.seconds * 1000;
  const paths = await browsingPaths(cluster.publicUrl);
  log(`load: ${s.clients} visitors (${paths.length} paths) and ${s.buyers} buyers for ${s.seconds} s; round due at ${((dueAt - t0) / 1000).toFixed(1)} s`);
  const steps = planFaults(s.seed, s.seconds, s.copies, dueAt - t0);
  const warm = sleep(s.warmupSeconds * 1000).then(() => readRss(cluster));
  const faults = runFaults(steps, t0, { copies: cluster.copies, postgres: cluster.postgres, noteAt: noteAt(cluster, roundId), log }, until);
  const buyers = runBuyers({ baseUrl: cluster.publicUrl, mailbox: cluster.mailbox, buyers: s.buyers, until, log });
  const tally = await runClients({ baseUrl: cluster.publicUrl, paths, clients: s.clients, seconds: s.seconds, abortShare: 0 });
  return { tally, buyers: await buyers, faults: await faults, warmRss: await warm, loadEnd: Date.now() };
}

/** SIGTERM to every copy, the web tier and console first (they call the API), then the API. */
async function drainAll(cluster: Cluster) {
  const copies = [...cluster.copies.values()];
  const drains = new Map<string, Awaited<ReturnType<(typeof copies)[number]['term']>>>();
  for (const tier of [['web', 'admin'], ['api']]) {
    const batch = copies.filter((c) => tier.includes(c.role));
    const results = await Promise.all(batch.map((c) => c.term()));
    batch.forEach((c, i) => drains.set(c.name, results[i] ?? { ms: 0, code: null, signal: 'unknown' }));
  }
  return drains;
}

/**
 * Where a billing mail may arrive twice (decision 0013's at-least-once outbox): a copy killed
 * after sending and before marking the mail sent, and equally a PostgreSQL restart at that instant
 * (the mark fails, the lease runs out, the next pass sends again).
 */
function atLeastOnceWindows(faults: FaultRecord[]) {
  return faults.filter((f) => f.step.kind === 'pg-restart' || (f.step.kind === 'kill9' && f.step.target.startsWith('api'))).map((f) => f.window);
}

function restartedNames(faults: FaultRecord[]): Set<string> {
  return new Set(faults.filter((f) => f.step.kind !== 'pg-restart').map((f) => f.step.target));
}

async function main(): Promise<number> {
  log(`settings: SOAK_SECONDS=${settings.seconds} SOAK_SUBSCRIPTIONS=${settings.subscriptions} SOAK_COPIES=${settings.copies} SOAK_SEED=${settings.seed}`);
  let round = { roundId: 0, planId: 0 };
  const dueAt = Date.now() + SETUP_ALLOWANCE_MS + settings.dueShare * settings.seconds * 1000;
  const cluster = await startCluster(settings, resources, async (url) => {
    const seeded = Date.now();
    round = await seedDueRound(url, { subscriptions: settings.subscriptions, dueAt: new Date(dueAt) });
    log(`seeded ${settings.subscriptions} subscriptions due at round ${round.roundId} in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
  }, log);
  const t0 = Math.max(Date.now(), dueAt - settings.dueShare * settings.seconds * 1000);
  if (t0 > Date.now()) await sleep(t0 - Date.now());
  const load = await runLoad(cluster, settings, t0, dueAt, round.roundId);
  log(`load over: ${load.tally.requests} visitor requests; waiting for billing and the mail outbox (≤ ${settings.billingWaitMs / 1000} s)`);
  const billing = await waitBillingDone(cluster.postgres.url, round.roundId, settings.billingWaitMs);
  log(`billing ${billing.done ? 'finished' : 'NOT finished'} (waited ${(billing.waitedMs / 1000).toFixed(1)} s): ${JSON.stringify(billing.state)}`);
  const settle = load.loadEnd + settings.settleMs - Date.now();
  if (settle > 0) await sleep(settle);
  const endRss = await readRss(cluster);
  const drains = await drainAll(cluster);
  await cluster.haproxy.stop();
  log(`every copy stopped by SIGTERM: ${[...drains.entries()].map(([name, d]) => `${name} exit ${d.code ?? d.signal} in ${d.ms} ms`).join(', ')}`);
  const verify = await verifyCluster({ databaseUrl: cluster.postgres.url, roundId: round.roundId, subscriptions: settings.subscriptions, buyers: load.buyers, mails: cluster.mailbox.mails, apiKillWindows: atLeastOnceWindows(load.faults) });
  const restarted = restartedNames(load.faults);
  const copies: CopyFigures[] = [...cluster.copies.keys()].map((name) => ({
    name, restarted: restarted.has(name), warmRss: load.warmRss.get(name) ?? Number.NaN, endRss: endRss.get(name) ?? Number.NaN, drain: drains.get(name) ?? null,
  }));
  const { markdown, problems } = buildReport({
    settings, t0, loadEnd: load.loadEnd, dueAt, tally: load.tally, buyers: load.buyers, faults: load.faults,
    billing: { ...billing, settled: await settledFacts(cluster.postgres.url, round.roundId) },
    mails: cluster.mailbox.mails.length, copies, shutdownTimeoutMs: settings.shutdownTimeoutMs, verify,
  });
  console.log(`\n${markdown}\n`);
  if (reportFile) writeFileSync(reportFile, `${markdown}\n`);
  return problems.length > 0 ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  log(`soak failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  await resources.closeAll(log);
}
log(code === 0 ? 'SOAK PASSED' : 'SOAK FAILED');
process.exit(code);
