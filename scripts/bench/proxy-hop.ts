/**
 * `npx tsx scripts/bench/proxy-hop.ts [--seconds 3] [--rounds 3] [--connections 10]` (after
 * `node scripts/build.mjs`): figure 4 of `npm run bench` alone — GET /api/artist/{slug} through
 * the web tier's proxy, from the API direct, and through bare http-proxy-middleware (the floor of
 * any proxy on Express 5) — on a fresh PostgreSQL database (BENCH_DATABASE_URL or DATABASE_URL),
 * roles web and api in two processes as in the full run. Besides req/s (the figure), it reads each
 * process's CPU time in /proc around every round: the proxy hop's own CPU per request, which on
 * this shared machine holds far better than req/s.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { startBaselines, type BaselineProcess } from './baseline-process.ts';
import { runLoad, spreadOf, type Spread, type Target } from './load.ts';
import { cpuMicros } from './process-cpu.ts';
import { baselineInputFor, PATHS } from './scenarios.ts';
import { createPostgresShop, type ShopDatabase } from './shop-database.ts';
import { freePort, startShopProcess, type ShopProcess } from './shop-process.ts';
import { adminDatabaseUrl } from './shop-setup.ts';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '3' }, rounds: { type: 'string', default: '3' }, connections: { type: 'string', default: '10' } } });
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const connections = Number(values.connections);

interface Side {
  target: Target;
  /** The processes whose CPU this side costs beyond the API's own: the proxy hop. */
  hop: number | null;
}

async function main(): Promise<void> {
  const start = os.loadavg()[0] ?? 0;
  let db: ShopDatabase | undefined;
  let api: ShopProcess | undefined;
  let web: ShopProcess | undefined;
  let baselines: BaselineProcess | undefined;
  try {
    db = await createPostgresShop(adminDatabaseUrl());
    const [webPort, apiPort] = [await freePort(), await freePort()];
    const env = { HOST: '127.0.0.1', PORT: String(webPort), API_PORT: String(apiPort), API_ORIGIN: `http://127.0.0.1:${apiPort}` };
    api = await startShopProcess('api', { ...env, ...db.env });
    web = await startShopProcess('web', env);
    baselines = await startBaselines(await baselineInputFor({ webUrl: web.url, apiUrl: api.apiUrl, webEnv: env }));
    const sides: Side[] = [
      { target: { label: 'via web proxy', url: `${web.url}${PATHS.api}` }, hop: web.pid },
      { target: { label: 'API direct', url: `${api.apiUrl}${PATHS.api}` }, hop: null },
      { target: { label: 'bare http-proxy-middleware', url: `${baselines.urls.bareProxy}${PATHS.api}` }, hop: baselines.pid },
    ];
    for (const side of sides) await runLoad(side.target, connections, 2);
    const reqPerSec: number[][] = sides.map(() => []);
    const hopMicros: number[][] = sides.map(() => []);
    const apiMicros: number[][] = sides.map(() => []);
    for (let round = 1; round <= rounds; round++) {
      for (const [i, side] of sides.entries()) {
        const [hop0, api0] = [side.hop ? await cpuMicros(side.hop) : 0, await cpuMicros(api.pid)];
        const sample = await runLoad(side.target, connections, seconds);
        const [hop1, api1] = [side.hop ? await cpuMicros(side.hop) : 0, await cpuMicros(api.pid)];
        reqPerSec[i]?.push(sample.reqPerSec);
        hopMicros[i]?.push((hop1 - hop0) / sample.requests);
        apiMicros[i]?.push((api1 - api0) / sample.requests);
        console.log(`  round ${round} ${side.target.label}: ${sample.reqPerSec.toFixed(0)} req/s, hop ${((hop1 - hop0) / sample.requests).toFixed(0)} µs, API ${((api1 - api0) / sample.requests).toFixed(0)} µs CPU a request`);
      }
    }
    const fmt = (s: Spread, digits = 0) => `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;
    const rps = reqPerSec.map((r) => spreadOf(r));
    const direct = rps[1]?.median ?? Number.NaN;
    console.log(`\nGET ${PATHS.api}, ${connections} connections, ${rounds} rounds of ${seconds} s, alternating; load average ${start.toFixed(2)} → ${(os.loadavg()[0] ?? 0).toFixed(2)}\n`);
    console.log('| Side | req/s, median (min–max) | vs API direct | proxy process CPU µs / request | API CPU µs / request |');
    console.log('|---|---|---|---|---|');
    for (const [i, side] of sides.entries()) {
      const hop = side.hop ? fmt(spreadOf(hopMicros[i] ?? [])) : '—';
      console.log(`| ${side.target.label} | ${fmt(rps[i]!)} | ${((rps[i]?.median ?? 0) / direct).toFixed(2)}× | ${hop} | ${fmt(spreadOf(apiMicros[i] ?? []))} |`);
    }
  } finally {
    await baselines?.stop();
    await web?.stop();
    await api?.stop();
    await db?.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
