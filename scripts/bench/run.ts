/**
 * `npm run bench [-- --quick]`: issues 11, 21 and 35's figures, each against its goal (docs/performance.md).
 * A report, not a gate: exits 0 when a figure misses its goal, 1 when a measurement broke.
 */
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startBaselines, type BaselineProcess } from './baseline-process.ts';
import { measureBilling } from './billing-figures.ts';
import { measureBundles } from './bundle.ts';
import { measureHydrationShare } from './hydration-share.ts';
import { runComparison, type ComparisonResult } from './compare.ts';
import { figuresOf, printFigures, type Measurements } from './figures.ts';
import { auditPages } from './lighthouse-audit.ts';
import { lighthousePages } from './lighthouse-pages.ts';
import type { MarkupCheck } from './markup-check.ts';
import { renderReport, type RunInfo } from './report.ts';
import { writeReport } from './report-file.ts';
import { burstPlan, soakBursts } from './burst-soak.ts';
import { soakRss } from './rss-soak.ts';
import { baselineInputFor, checkSameWork, comparisonsFor, PATHS, signedInPaths } from './scenarios.ts';
import { readSettings, type Settings } from './settings.ts';
import { soakMix } from './soak-mix.ts';
import { measureStackLayers, stackLayerTable } from './stack-layers.ts';
import { startPgliteSetup, startPostgresSetup, type ShopSetup } from './shop-setup.ts';
import { measureTtfb } from './ttfb.ts';

const REPORT_FILE = path.resolve('docs/performance.md');
const CLIENT_DIR = path.resolve('dist/client');

/** Where the other side counts API queries per page (figure 9), if that test exists yet. */
async function queriesTest(): Promise<string> {
  const files = await readdir('test', { recursive: true }).catch(() => []);
  const found = files.filter((f) => /quer(y|ies).*\.test\.ts$/.test(f));
  return found.length ? `see ${found.map((f) => `test/${f}`).join(', ')}` : 'see the API-queries test (none in test/ yet)';
}

interface SetupRun {
  comparisons: ComparisonResult[];
  markup: MarkupCheck[];
}

/** Baselines for this setup, the same-work checks, then every load comparison. */
async function compareSetup(setup: ShopSetup, s: Settings, full: boolean): Promise<SetupRun> {
  let baselines: BaselineProcess | undefined;
  try {
    baselines = await startBaselines(await baselineInputFor(setup));
    const pages = full ? [PATHS.lineup, PATHS.artist, ...signedInPaths(setup)] : [PATHS.lineup, PATHS.artist];
    const markup = await checkSameWork(setup, baselines.urls, pages);
    const comparisons: ComparisonResult[] = [];
    for (const c of comparisonsFor(setup, baselines.urls, full)) comparisons.push(...(await runComparison(c, s)));
    return { comparisons, markup };
  } finally {
    await baselines?.stop();
  }
}

async function measurePostgres(s: Settings, m: Measurements, info: RunInfo): Promise<void> {
  const setup = await startPostgresSetup();
  info.setups.push(setup.name);
  try {
    // First, on the fresh web and API processes: their RSS after a warm-up is the soak's starting point.
    m.soak = await soakRss([setup.web, ...(setup.api ? [setup.api] : [])], soakMix(setup), s.soakRequests, s.soakConnections, s.soakAbortShare);
    const run = await compareSetup(setup, s, true);
    m.comparisons.push(...run.comparisons);
    info.markup.push({ setup: setup.name, checks: run.markup });
    m.stack = await measureStackLayers({ requests: s.quick ? 1_000 : 5_000, rounds: s.rounds, connections: 10 });
    console.log(`\n${stackLayerTable(m.stack)}`);
    m.ttfb = await measureTtfb(setup.webUrl, PATHS.artist, s.ttfbRequests);
    console.log(`\nTTFB ${PATHS.artist}: first byte p50 ${m.ttfb.firstByteP50.toFixed(1)} ms, full p50 ${m.ttfb.fullP50.toFixed(1)} ms`);
    m.bundles = await measureBundles(setup.webUrl, CLIENT_DIR);
    m.hydrationShare = await measureHydrationShare(setup.webUrl, PATHS.lineup);
    // A Lighthouse that keeps failing to record its trace loses its rows, not the whole report.
    if (s.lighthouse) {
      m.lighthouse = await auditPages(setup.webUrl, lighthousePages(setup), s.lighthouseRuns).catch((error: unknown) => {
        m.lighthouseError = error instanceof Error ? error.message : String(error);
        console.log(`\nlighthouse broke: ${m.lighthouseError}`);
        return undefined;
      });
    }
  } finally {
    await setup.stop();
  }
}

async function measurePglite(s: Settings, m: Measurements, info: RunInfo): Promise<void> {
  const setup = await startPgliteSetup();
  info.setups.push(setup.name);
  try {
    // First, on the fresh process: bursts of connections, for its peak RSS (figure 7).
    m.pgliteBursts = await soakBursts(setup.web, soakMix(setup), burstPlan(s.quick, s.soakAbortShare));
    const run = await compareSetup(setup, s, false);
    m.comparisons.push(...run.comparisons);
    info.markup.push({ setup: setup.name, checks: run.markup });
  } finally {
    await setup.stop();
  }
}

async function main(): Promise<void> {
  const settings = readSettings();
  const started = new Date();
  const info: RunInfo = {
    command: `npm run bench${settings.quick ? ' -- --quick' : ''}`,
    started,
    minutes: 0,
    loadAverage: { start: os.loadavg()[0] ?? 0, end: 0 },
    settings,
    setups: [],
    markup: [],
  };
  const m: Measurements = { comparisons: [], queriesTest: await queriesTest() };
  console.log(`bench: ${settings.quick ? 'quick' : 'full'} run, load average ${info.loadAverage.start.toFixed(2)}`);
  await measurePostgres(settings, m, info);
  await measurePglite(settings, m, info);
  m.billing = await measureBilling(settings);
  info.loadAverage.end = os.loadavg()[0] ?? 0;
  info.minutes = (Date.now() - started.getTime()) / 60_000;
  const figures = figuresOf(m);
  const report = renderReport(info, m.comparisons, figures);
  await writeReport(REPORT_FILE, report.header, report.sections);
  console.log(`\n${printFigures(figures)}\n\nload average ${info.loadAverage.start.toFixed(2)} → ${info.loadAverage.end.toFixed(2)}; wrote ${path.relative(process.cwd(), REPORT_FILE)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`\nbench FAILED (the measurement broke; no report written): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
