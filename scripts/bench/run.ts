/**
 * `npm run bench`: the shop's SSR and /api proxy against bare baselines, plus its JS payload
 * against the framework alone. Loopback only; writes docs/performance.md. See docs there.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { measureBundles } from './bundle.ts';
import { aggregate, problemsOf, runLoad, type Sample } from './load.ts';
import { renderMarkdown, renderSummary, type PairResult, type Report } from './report.ts';
import { checkSameWork } from './sanity.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { readSettings, timeLimitMs, type Pair, type Settings, type Target } from './settings.ts';

const REPORT_FILE = path.resolve('docs/performance.md');
const CLIENT_DIR = path.resolve('dist/client');

function pairsFor(e: { webUrl: string; apiUrl: string; referenceUrl: string }): Pair[] {
  return [
    {
      id: 'ssr',
      title: 'SSR GET /lineup',
      a: { label: 'shop web', url: `${e.webUrl}/lineup` },
      b: { label: 'reference', url: `${e.referenceUrl}/lineup` },
      ratioName: 'shop / reference',
    },
    {
      id: 'proxy',
      title: 'GET /api/artist',
      a: { label: 'via web proxy', url: `${e.webUrl}/api/artist` },
      b: { label: 'API direct', url: `${e.apiUrl}/api/artist` },
      ratioName: 'proxy / direct',
    },
  ];
}

async function measure(target: Target, connections: number, seconds: number, phase: string): Promise<Sample> {
  const label = `${phase} ${target.label} ${target.url} c=${connections}`;
  process.stdout.write(`  ${label} (${seconds} s) … `);
  const sample = await runLoad(target.url, connections, seconds);
  const problems = problemsOf(sample, label);
  if (problems.length > 0) throw new Error(`benchmark invalid:\n  ${problems.join('\n  ')}`);
  console.log(`${sample.reqPerSec.toFixed(0)} req/s, p50 ${sample.p50} ms, p99 ${sample.p99} ms`);
  return sample;
}

async function runPairs(pairs: Pair[], s: Settings): Promise<PairResult[]> {
  const results: PairResult[] = [];
  const warmupConnections = Math.max(...s.connections);
  for (const pair of pairs) {
    console.log(`\n${pair.title}`);
    if (s.warmupSeconds > 0) {
      for (const t of [pair.a, pair.b]) await measure(t, warmupConnections, s.warmupSeconds, 'warm-up');
    }
    for (const connections of s.connections) {
      const a: Sample[] = [];
      const b: Sample[] = [];
      for (let round = 1; round <= s.rounds; round++) {
        a.push(await measure(pair.a, connections, s.seconds, `round ${round} A`));
        b.push(await measure(pair.b, connections, s.seconds, `round ${round} B`));
      }
      results.push({ pair, connections, a: aggregate(a), b: aggregate(b) });
    }
  }
  return results;
}

function machine(): Report['machine'] {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: os.totalmem() / 1024 ** 3,
    node: process.version,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
  };
}

async function main(): Promise<void> {
  const settings = readSettings();
  const started = new Date();
  const bundles = await measureBundles(CLIENT_DIR);
  console.log(`bundles: shop ${(bundles.shopGzip / 1024).toFixed(1)} KB gz, framework ${(bundles.frameworkGzip / 1024).toFixed(1)} KB gz`);

  let servers: ServerProcess | undefined;
  const watchdog = setTimeout(() => {
    console.error(`\nbench: exceeded ${Math.round(timeLimitMs(settings, 2) / 1000)} s, giving up`);
    void (servers?.close() ?? Promise.resolve()).finally(() => process.exit(1));
  }, timeLimitMs(settings, 2));

  try {
    servers = await startServerProcess();
    console.log(`servers (pid ${servers.pid}): web ${servers.endpoints.webUrl}, api ${servers.endpoints.apiUrl}, reference ${servers.endpoints.referenceUrl}`);
    const artists = await checkSameWork(servers.endpoints);
    const before = os.loadavg()[0] ?? 0;
    const results = await runPairs(pairsFor(servers.endpoints), settings);
    const loadAverage = { before, after: os.loadavg()[0] ?? 0 };
    const report: Report = { date: started, machine: machine(), loadAverage, settings, artists, results, bundles };
    await writeFile(REPORT_FILE, renderMarkdown(report));
    console.log(`\n${renderSummary(report)}\nwrote ${path.relative(process.cwd(), REPORT_FILE)}`);
    const aborted = servers.abortedRenders();
    if (aborted > 0) console.log(`(${aborted} SSR requests cut off by autocannon at the end of a run were logged to stderr as AbortError stack traces; not shown)`);
  } finally {
    clearTimeout(watchdog);
    await servers?.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`\nbench FAILED: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
