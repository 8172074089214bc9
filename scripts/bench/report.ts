import os from 'node:os';
import type { ComparisonResult, SideResult } from './compare.ts';
import { mark, type Figure } from './figures.ts';
import { SOAK_WARMUP_REQUESTS } from './rss-soak.ts';
import type { MarkupCheck } from './markup-check.ts';
import type { Settings } from './settings.ts';

export interface RunInfo {
  command: string;
  started: Date;
  minutes: number;
  loadAverage: { start: number; end: number };
  settings: Settings;
  setups: string[];
  markup: { setup: string; checks: MarkupCheck[] }[];
}

const n0 = (n: number): string => Math.round(n).toLocaleString('en');
const spread = (s: SideResult['reqPerSec']): string => `${n0(s.median)} (${n0(s.min)}–${n0(s.max)})`;

function machine(info: RunInfo): string {
  const cpus = os.cpus();
  return [
    `- Command: \`${info.command}\`, started ${info.started.toISOString()}, took ${info.minutes.toFixed(1)} min${info.settings.quick ? ' (**quick mode**: figures are indicative only)' : ''}`,
    `- CPU: ${cpus[0]?.model.trim() ?? 'unknown'}, ${cpus.length} cores; memory ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    `- Node ${process.version} on ${os.type()} ${os.release()} (${os.arch()})`,
    `- 1-minute load average: ${info.loadAverage.start.toFixed(2)} at the start, ${info.loadAverage.end.toFixed(2)} at the end ` +
      '(the benchmark itself, a server and the load generator busy at once, accounts for up to about 2; the machine is shared)',
  ].join('\n');
}

function method(info: RunInfo): string {
  const s = info.settings;
  return [
    `- Setups: ${info.setups.join('; ')}. Each is \`node dist/main.js <role>\` with \`NODE_ENV=production\` and its own ports, logs on (to /dev/null), metrics port off; the PostgreSQL database is created fresh, migrated and seeded as \`npm run db:seed\` does, plus one signed-in shopper (user and session rows inserted directly) whose cookie the signed-in figures send.`,
    '- Baselines run in one separate process (scripts/bench/baseline-servers.ts): bare Express 5 answering the same `/robots.txt` body; bare http-proxy-middleware on Express 5 with a keep-alive agent; the **same-markup reference** (scripts/bench/same-markup-renderer.tsx: the shop\'s route tree, loaders, components, document shell and hydration data, `createStaticHandler().query()` + `StaticRouterProvider` + `renderToString` on `node:http`, against the same API, minus Express, helmet, pino, the request guard and streaming); the **static floor** (the shop\'s page bytes served from memory by `node:http`).',
    '- Before any load: each rendered page must be 200 from both the shop and the reference with bytes within 1 % (table below), and the proxy must return the API\'s exact body; otherwise the run fails.',
    `- Load: autocannon 8 in the parent process, loopback, no \`accept-encoding\` (but the rows marked “with accept-encoding”, which send \`br, gzip\` to both sides). Per comparison a ${s.warmupSeconds} s warm-up of each side at ${Math.max(...s.connections)} connections, then at ${s.connections.join(' and ')} connections ${s.rounds} rounds of ${s.seconds} s alternating the sides (A B C A B C …). Figures are the median over rounds, min–max in brackets; a ratio is median over median. Any connection error or timeout fails the run, and so does any non-2xx answer in a measured round; a warm-up's non-2xx answers are listed under the results.`,
    `- Entry JS: the manifest's entry and static imports fetched from the web process with \`accept-encoding: br, gzip\`, bytes on the wire; the framework (react, react-dom/client, react-router hydrating a one-route router) built with esbuild in the same run with the client build's target, compressed with the same encoding at the level that reproduces the shop's wire sizes best.`,
    '- Hydration data: /lineup fetched once without compression; the text of its data block (the router\'s hydration data, the public configuration and the scripts to load, all the browser parses as JSON) over the whole document, bytes as written (`npm run bench:front-bytes` prints / and the artist page too).',
    `- TTFB: ${s.ttfbRequests} sequential requests on one keep-alive connection (after 10 to warm up), time to the status line and headers vs to the last byte.`,
    `- RSS: fresh web and API processes (PostgreSQL setup), ${s.soakConnections} connections of a mix of pages, the API proxy and robots.txt (${n0(Math.min(SOAK_WARMUP_REQUESTS, s.soakRequests))} requests to warm up, then ${n0(s.soakRequests)}), every 20th request abandoned when its headers arrive; each process's RSS from /proc/<pid>/smaps after 3 s of quiet before and after, and sampled under load 120 times between (the last third's least-squares trend is the “flat” figure). Role \`all\` on PGlite, fresh: bursts of the same mix on 50, 75 and 100 new connections in turn, VmRSS polled every 200 ms for the peak (scripts/bench/burst-soak.ts).`,
    `- Lighthouse 12.8 (Node 20; 13 needs Node 22): mobile, default simulated throttling, performance category only, each page run ${s.lighthouseRuns} times (\`LIGHTHOUSE_RUNS\`), each run in a fresh Debian Chromium profile, a trace Lighthouse says to retry (\`NO_NAVSTART\` …) run again once; the figures are the median run (\`computeMedianRun\` from Lighthouse: nearest the median FCP and TTI), with the score of every run shown; the signed-in pages with the session cookie in \`extraHeaders\`.`,
  ].join('\n');
}

function figures(list: Figure[]): string {
  return ['| # | Figure | Measured | Goal | Result |', '|---:|---|---|---|---|', ...list.map((f) => `| ${f.no} | ${f.name} | ${f.value} | ${f.goal} | ${mark(f.pass)}${f.cause && f.pass === false ? `: ${f.cause}` : ''} |`)].join('\n');
}

function results(list: ComparisonResult[], info: RunInfo): string {
  const rows = list.flatMap((r) =>
    r.sides.map((side, i) => `| ${i === 0 ? `${r.comparison.title} — ${r.comparison.setup}` : ''} | ${r.connections} | ${side.label} | ${spread(side.reqPerSec)} | ${side.p50.median} | ${side.p99.median} | ${n0(side.bytesPerResponse)} |`),
  );
  const markup = info.markup.flatMap((m) => m.checks.map((c) => `| ${m.setup} | ${c.path} | ${n0(c.shopBytes)} | ${n0(c.referenceBytes)} | ${(c.difference * 100).toFixed(2)} % | ${c.identical ? 'yes' : 'no'} |`));
  // Each comparison's warm-up is shared by its connection counts: list it once.
  const warmups = [...new Set(list.flatMap((r) => r.warmupNon2xx.map((w) => `- ${r.comparison.title} — ${r.comparison.setup}, warm-up of ${w}`)))];
  return [
    '| Comparison | Conn. | Side | req/s median (min–max) | p50 ms | p99 ms | bytes/resp. |',
    '|---|---:|---|---:|---:|---:|---:|',
    ...rows,
    '',
    ...(warmups.length > 0 ? ['Non-2xx answers in warm-ups (not measured; a measured round allows none):', '', ...warmups, ''] : []),
    '| Setup | Page | Shop bytes | Reference bytes | Difference | Identical but for nonces |',
    '|---|---|---:|---:|---:|---|',
    ...markup,
  ].join('\n');
}

export function renderReport(info: RunInfo, list: ComparisonResult[], figureList: Figure[]): { header: string; sections: { title: string; text: string }[] } {
  return {
    header: `# Performance\n\nThe sections "Command and machine", "Figures", "Results" and "Method" are generated by \`npm run bench\` (scripts/bench/run.ts) and rewritten by each run; every other section is kept by hand and left as it is.`,
    sections: [
      { title: 'Command and machine', text: machine(info) },
      { title: 'Figures', text: `The goal table (issues 11, 21 and 35); a figure that misses its goal is reported with its measured cause, not hidden (the run still exits 0).\n\n${figures(figureList)}` },
      { title: 'Results', text: results(list, info) },
      { title: 'Method', text: method(info) },
    ],
  };
}
