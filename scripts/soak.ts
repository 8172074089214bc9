// Soak: `npm run soak`. Starts the shop as production (role all, PGlite in a temporary DATA_DIR,
// loopback only), runs 50 browsing clients for 2 minutes with 5% of requests aborted mid-response,
// then prints request and status counts and the server's RSS (start / after warm-up / end / after
// a settle). Exits 1 on any 5xx, any failed request that the client did not abort itself, RSS
// not back near the warm-up level, or a shutdown that does not drain. Report: docs/security.md.
import { execFileSync } from 'node:child_process';
import { startSoakShop } from './soak/shop.ts';
import { runClients, type SoakTally } from './soak/clients.ts';

const CLIENTS = bounded('SOAK_CLIENTS', 50, 1, 200);
const SECONDS = bounded('SOAK_SECONDS', 120, 10, 600);
const WARMUP_SECONDS = Math.min(20, Math.floor(SECONDS / 4));
const SETTLE_SECONDS = 15;
const ABORT_SHARE = 0.05;
const RSS_LIMIT = 1.2; // settled RSS ≤ 1.2 × the RSS after warm-up

function bounded(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name}=${raw}: expected an integer from ${min} to ${max}`);
  return value;
}

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

execFileSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
const shop = await startSoakShop();
try {
  const paths = await shop.browsingPaths();
  const rss = { start: await shop.rss(), warm: 0, end: 0, settled: 0 };
  console.log(`soak: ${CLIENTS} clients × ${SECONDS} s on ${shop.webUrl} (${paths.length} paths, ${ABORT_SHARE * 100}% aborted mid-response)`);
  const warmTimer = sleep(WARMUP_SECONDS * 1000).then(async () => (rss.warm = await shop.rss()));
  const tally = await runClients({ baseUrl: shop.webUrl, paths, clients: CLIENTS, seconds: SECONDS, abortShare: ABORT_SHARE });
  await warmTimer;
  rss.end = await shop.rss();
  await sleep(SETTLE_SECONDS * 1000);
  rss.settled = await shop.rss();
  const drain = await shop.stop();
  const failures = report(tally, rss, drain);
  process.exitCode = failures.length > 0 ? 1 : 0;
  console.log(failures.length > 0 ? `\nSOAK FAILED: ${failures.join('; ')}` : '\nSOAK PASSED');
} catch (error) {
  await shop.kill();
  throw error;
}

function report(tally: SoakTally, rss: { start: number; warm: number; end: number; settled: number }, drain: { code: number | null; ms: number }): string[] {
  const statuses = Object.entries(tally.statuses).sort(([a], [b]) => a.localeCompare(b)).map(([s, n]) => `${s}: ${n}`).join(', ');
  const fivexx = Object.entries(tally.statuses).filter(([s]) => s.startsWith('5')).reduce((n, [, c]) => n + c, 0);
  console.log(`\nrequests        ${tally.requests} (${(tally.requests / SECONDS).toFixed(0)}/s), aborted by the client ${tally.aborted}`);
  console.log(`statuses        ${statuses}`);
  console.log(`5xx             ${fivexx}`);
  console.log(`failed          ${tally.failed}${tally.failed > 0 ? ` (${Object.entries(tally.errors).map(([e, n]) => `${e}: ${n}`).join(', ')})` : ''}`);
  console.log(`latency         p50 ${tally.p50Ms} ms, p99 ${tally.p99Ms} ms, max ${tally.maxMs} ms`);
  console.log(`server RSS      start ${mb(rss.start)}, after ${WARMUP_SECONDS} s warm-up ${mb(rss.warm)}, end ${mb(rss.end)}, after ${SETTLE_SECONDS} s settle ${mb(rss.settled)}`);
  console.log(`shutdown        SIGTERM → exit ${drain.code} in ${drain.ms} ms`);
  const failures: string[] = [];
  if (fivexx > 0) failures.push(`${fivexx} responses were 5xx`);
  if (tally.failed > 0) failures.push(`${tally.failed} requests failed`);
  if (rss.settled > rss.warm * RSS_LIMIT) failures.push(`RSS after settle ${mb(rss.settled)} > ${RSS_LIMIT} × warm-up ${mb(rss.warm)}`);
  if (drain.code !== 0) failures.push(`shutdown exited with ${drain.code}`);
  return failures;
}
