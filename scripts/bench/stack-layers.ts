/**
 * What each layer of the web tier costs on a trivial route (/robots.txt), issue 35. The layers are added one at a time
 * (stack-layers-servers.ts, one child process); the variants are loaded in turn, round after round
 * (A B C … A B C …), so a busy neighbour hits them alike. Measured: the server process's CPU time
 * (user + system) per request over a fixed number of requests. On a shared, busy machine req/s
 * swung 1–3× between rounds of the same variant, CPU per request by a few per cent; a server
 * bound by one core serves 1 / (CPU per request), so the ratio of those is the throughput ratio
 * on a quiet machine. Prints a Markdown table: µs per request (median, min–max), the implied
 * ratio to bare Express 5 with the same headers, and each layer's marginal cost.
 */
import { fork } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { spreadOf, type Spread } from './load.ts';

interface LayerUrl {
  label: string;
  adds: string;
  url: string;
}

export interface StackLayerSettings {
  requests: number;
  rounds: number;
  connections: number;
  /** Only these variants (labels), besides bare Express 5, which every ratio needs: more rounds in the same time. */
  only?: string[];
}

export interface StackLayerRow {
  label: string;
  adds: string;
  /** Server CPU µs per request over the rounds. */
  micros: Spread;
  /**
   * Bare Express 5's CPU per request over this row's, round by round (the two measured seconds
   * apart): the neighbours' load swings between rounds, so the ratio of each round holds better
   * than the ratio of two medians.
   */
  roundRatios: Spread;
}

export interface StackLayerResult {
  settings: StackLayerSettings;
  loadAverage: { start: number; end: number };
  rows: StackLayerRow[];
}

interface Servers {
  layers: LayerUrl[];
  /** The child's CPU time so far, µs. */
  cpu(): Promise<number>;
  stop(): void;
}

function startServers(): Promise<Servers> {
  const child = fork(fileURLToPath(new URL('./stack-layers-servers.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const cpu = () =>
    new Promise<number>((resolve) => {
      child.once('message', (m: { micros: number }) => resolve(m.micros));
      child.send({ type: 'cpu' });
    });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`stack-layers-servers exited (${code})`)));
    child.once('message', (m: { type: 'ready'; layers: LayerUrl[] } | { type: 'error'; message: string }) => {
      if (m.type === 'error') return reject(new Error(m.message));
      child.removeAllListeners('exit');
      resolve({ layers: m.layers, cpu, stop: () => void child.kill('SIGTERM') });
    });
  });
}

/** `amount` requests to one variant; every answer must be a 200. Returns the server's CPU µs per request. */
async function cpuPerRequest(servers: Servers, url: string, amount: number, connections: number): Promise<number> {
  const before = await servers.cpu();
  const result = await autocannon({ url: `${url}/robots.txt`, connections, amount, timeout: 10 });
  const after = await servers.cpu();
  if (result.errors > 0 || result.non2xx > 0) throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx`);
  return (after - before) / amount;
}

const fmt = (s: Spread): string => `${s.median.toFixed(1)} (${s.min.toFixed(1)}–${s.max.toFixed(1)})`;

/** Every variant, warmed up once, then measured round after round in turn. */
export async function measureStackLayers(settings: StackLayerSettings): Promise<StackLayerResult> {
  const { requests, rounds, connections } = settings;
  const start = os.loadavg()[0] ?? 0;
  console.log(`\nWeb stack layers on /robots.txt: server CPU per request, ${rounds} rounds of ${requests} requests per variant`);
  const servers = await startServers();
  const { only } = settings;
  const layers = only ? servers.layers.filter((l, i) => i === 0 || only.includes(l.label)) : servers.layers;
  if (only && layers.length !== only.filter((label) => label !== servers.layers[0]?.label).length + 1) {
    servers.stop();
    throw new Error(`--only: no variant named ${only.filter((label) => !servers.layers.some((l) => l.label === label)).join(', ')}`);
  }
  try {
    for (const l of layers) await cpuPerRequest(servers, l.url, requests, connections);
    const samples: number[][] = layers.map(() => []);
    for (let round = 1; round <= rounds; round++) {
      for (const [i, l] of layers.entries()) {
        const micros = await cpuPerRequest(servers, l.url, requests, connections);
        samples[i]?.push(micros);
        console.log(`  round ${round} ${l.label}: ${micros.toFixed(1)} µs CPU a request`);
      }
    }
    const bare = samples[0] ?? [];
    const rows = layers.map((l, i) => ({
      label: l.label,
      adds: l.adds,
      micros: spreadOf(samples[i] ?? []),
      roundRatios: spreadOf((samples[i] ?? []).map((micros, round) => (bare[round] ?? Number.NaN) / micros)),
    }));
    return { settings, loadAverage: { start, end: os.loadavg()[0] ?? 0 }, rows };
  } finally {
    servers.stop();
  }
}

/** The first row (bare Express 5 with the same headers) over a row's CPU per request: its throughput ratio when bound by one core. */
export function ratioToBare(result: StackLayerResult, label: string): number {
  const bare = result.rows[0]?.micros.median ?? Number.NaN;
  const row = result.rows.find((r) => r.label === label);
  return row ? bare / row.micros.median : Number.NaN;
}

/** The layer that adds the most CPU per request, for a missed goal's cause. */
export function costliestLayer(result: StackLayerResult): { label: string; micros: number } {
  let worst = { label: '', micros: -Infinity };
  for (const [i, row] of result.rows.entries()) {
    const before = result.rows[i - 1];
    if (before && row.micros.median - before.micros.median > worst.micros) worst = { label: row.label, micros: row.micros.median - before.micros.median };
  }
  return worst;
}

export function stackLayerTable(result: StackLayerResult): string {
  const { settings: s, loadAverage: load, rows } = result;
  return [
    `GET /robots.txt, ${s.connections} connections, ${s.rounds} rounds of ${s.requests} requests per variant (after one to warm up), alternating; load average ${load.start.toFixed(2)} → ${load.end.toFixed(2)} (${os.cpus().length} cores)`,
    '',
    '| Variant | Adds | server CPU µs / request, median (min–max) | marginal | vs bare (CPU ratio) | vs bare, round by round: median (min–max) |',
    '|---|---|---|---|---|---|',
    ...rows.map((row, i) => {
      const before = rows[i - 1];
      const r = row.roundRatios;
      return `| ${row.label} | ${row.adds} | ${fmt(row.micros)} | ${before ? `${(row.micros.median - before.micros.median).toFixed(1)} µs` : '—'} | ${ratioToBare(result, row.label).toFixed(2)}× | ${r.median.toFixed(2)}× (${r.min.toFixed(2)}–${r.max.toFixed(2)}) |`;
    }),
  ].join('\n');
}
