/**
 * `npx tsx scripts/bench/signed-in.ts [--seconds 5] [--rounds 3] [--connections 10] [--encoded]`
 * (after `node scripts/build.mjs`): figure 3 of `npm run bench` alone — each signed-in page
 * (scenarios.ts SIGNED_IN_PAGES) from the shop against the same-markup reference, alternating, on
 * a fresh PostgreSQL database (BENCH_DATABASE_URL or DATABASE_URL), roles web and api in two
 * processes as in the full run, after the same markup checks. Besides req/s (the figure) it reads
 * the CPU time of the web process, the reference's process and the API around every round (from
 * /proc): CPU per request holds far better than req/s on a shared machine. `--encoded` asks both
 * sides for `br, gzip`.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { startBaselines, type BaselineProcess } from './baseline-process.ts';
import { runLoad, spreadOf, type Spread, type Target } from './load.ts';
import { cpuMicros } from './process-cpu.ts';
import { baselineInputFor, checkSameWork, SIGNED_IN_PAGES } from './scenarios.ts';
import { startPostgresSetup, type ShopSetup } from './shop-setup.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
    encoded: { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const connections = Number(values.connections);

interface Side {
  target: Target;
  /** The process that renders the page (the API's CPU is read apart). */
  renderer: number;
}

interface Figures {
  reqPerSec: number[];
  rendererMicros: number[];
  apiMicros: number[];
}

const fmt = (s: Spread, digits = 0): string => `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;

async function measurePage(sides: Side[], apiPid: number): Promise<Figures[]> {
  for (const side of sides) await runLoad(side.target, connections, 2, true);
  const figures: Figures[] = sides.map(() => ({ reqPerSec: [], rendererMicros: [], apiMicros: [] }));
  for (let round = 1; round <= rounds; round++) {
    for (const [i, side] of sides.entries()) {
      const [r0, a0] = [await cpuMicros(side.renderer), await cpuMicros(apiPid)];
      const sample = await runLoad(side.target, connections, seconds);
      const [r1, a1] = [await cpuMicros(side.renderer), await cpuMicros(apiPid)];
      const f = figures[i]!;
      f.reqPerSec.push(sample.reqPerSec);
      f.rendererMicros.push((r1 - r0) / sample.requests);
      f.apiMicros.push((a1 - a0) / sample.requests);
      console.log(`  round ${round} ${side.target.label}: ${sample.reqPerSec.toFixed(0)} req/s, renderer ${f.rendererMicros.at(-1)!.toFixed(0)} µs, API ${f.apiMicros.at(-1)!.toFixed(0)} µs CPU a request`);
    }
  }
  return figures;
}

async function main(): Promise<void> {
  const start = os.loadavg()[0] ?? 0;
  let setup: ShopSetup | undefined;
  let baselines: BaselineProcess | undefined;
  const table: string[] = [];
  try {
    setup = await startPostgresSetup();
    const api = setup.api!;
    baselines = await startBaselines(await baselineInputFor(setup));
    const paths = SIGNED_IN_PAGES.map((p) => p.path(setup!.planId));
    await checkSameWork(setup, baselines.urls, paths);
    const headers: Record<string, string> = { cookie: setup.cookie, ...(values.encoded ? { 'accept-encoding': 'br, gzip' } : {}) };
    for (const path of paths) {
      console.log(path);
      const sides: Side[] = [
        { target: { label: 'shop web', url: `${setup.webUrl}${path}`, headers }, renderer: setup.web.pid },
        { target: { label: 'same-markup reference', url: `${baselines.urls.reference}${path}`, headers }, renderer: baselines.pid },
      ];
      const figures = await measurePage(sides, api.pid);
      const [shop, reference] = figures.map((f) => spreadOf(f.reqPerSec));
      const [shopCpu, referenceCpu] = figures.map((f) => spreadOf(f.rendererMicros));
      const [shopApi, referenceApi] = figures.map((f) => spreadOf(f.apiMicros));
      table.push(
        `| ${path} | ${fmt(shop!)} | ${fmt(reference!)} | **${(shop!.median / reference!.median).toFixed(2)}×** | ${fmt(shopCpu!)} | ${fmt(referenceCpu!)} | ${fmt(shopApi!)} | ${fmt(referenceApi!)} |`,
      );
    }
  } finally {
    await baselines?.stop();
    await setup?.stop();
  }
  console.log(`\nSigned-in pages, ${connections} connections, ${rounds} rounds of ${seconds} s, alternating${values.encoded ? ', accept-encoding: br, gzip' : ''}; load average ${start.toFixed(2)} → ${(os.loadavg()[0] ?? 0).toFixed(2)}\n`);
  console.log('| Page | shop req/s | reference req/s | ratio | web CPU µs / req. | reference CPU µs / req. | API CPU µs / req. (shop) | API CPU µs / req. (reference) |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const row of table) console.log(row);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
