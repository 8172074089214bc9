import http from 'node:http';
import type { ShopProcess } from './shop-process.ts';

export interface SoakResult {
  requests: number;
  aborted: number;
  connections: number;
  seconds: number;
  rssAfterWarmup: number;
  rssAfter: number;
}

export interface SoakRequest {
  path: string;
  headers?: Record<string, string>;
}

/** How long the process gets to settle (GC, freed sockets) before its RSS is read. */
const SETTLE_MS = 3_000;

/**
 * One request; every `abortEvery`-th one is abandoned as soon as its headers arrive (a shopper
 * who navigates away mid-page), the rest are read to the end and must be 2xx.
 */
function requestOne(agent: http.Agent, base: URL, r: SoakRequest, abort: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(r.path, base), { agent, headers: { accept: 'text/html,application/json', ...r.headers } }, (res) => {
      if (abort) {
        req.destroy();
        return resolve();
      }
      if ((res.statusCode ?? 0) >= 300) reject(new Error(`soak ${r.path}: status ${res.statusCode}`));
      res.resume();
      res.on('end', resolve);
      res.on('error', reject);
    });
    req.on('error', (error) => (abort ? resolve() : reject(error)));
  });
}

async function drive(baseUrl: string, mix: SoakRequest[], total: number, connections: number, abortShare: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const base = new URL(baseUrl);
  const abortEvery = abortShare > 0 ? Math.round(1 / abortShare) : 0;
  let next = 0;
  let aborted = 0;
  const worker = async (): Promise<void> => {
    while (next < total) {
      const i = next++;
      const abort = abortEvery > 0 && i % abortEvery === abortEvery - 1;
      if (abort) aborted++;
      await requestOne(agent, base, mix[i % mix.length] ?? { path: '/' }, abort);
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, worker));
  } finally {
    agent.destroy();
  }
  return aborted;
}

const settle = (): Promise<void> => new Promise((r) => setTimeout(r, SETTLE_MS));

/**
 * Requests before the starting figure: after 2,000, V8 had not yet grown its heap to its working
 * size, so the soak read 1.44× where the process stayed flat over 300k (issue 35).
 */
export const SOAK_WARMUP_REQUESTS = 10_000;

/** The web process's RSS after a warm-up, and again after `total` requests of the mix with client aborts. */
export async function soakRss(web: ShopProcess, mix: SoakRequest[], total: number, connections: number, abortShare: number): Promise<SoakResult> {
  const warmup = Math.min(SOAK_WARMUP_REQUESTS, total);
  console.log(`\nRSS soak: warm-up ${warmup} requests, then ${total} at ${connections} connections, ${abortShare * 100} % aborted`);
  await drive(web.url, mix, warmup, connections, 0);
  await settle();
  const rssAfterWarmup = await web.rssBytes();
  const started = performance.now();
  let done = 0;
  const ticker = setInterval(() => void web.rssBytes().then((rss) => console.log(`  … ${Math.round((performance.now() - started) / 1000)} s, RSS ${(rss / 2 ** 20).toFixed(0)} MiB`)), 30_000);
  try {
    done = await drive(web.url, mix, total, connections, abortShare);
  } finally {
    clearInterval(ticker);
  }
  const seconds = (performance.now() - started) / 1000;
  await settle();
  const rssAfter = await web.rssBytes();
  console.log(`  RSS ${(rssAfterWarmup / 2 ** 20).toFixed(1)} → ${(rssAfter / 2 ** 20).toFixed(1)} MiB in ${seconds.toFixed(0)} s`);
  return { requests: total, aborted: done, connections, seconds, rssAfterWarmup, rssAfter };
}
