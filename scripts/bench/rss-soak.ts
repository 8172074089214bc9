import http from 'node:http';
import { memoryBreakdown, mib, type MemoryBreakdown } from './process-memory.ts';
import type { ShopProcess } from './shop-process.ts';

/** One process's RSS at a request count of the soak (counted from the end of the warm-up). */
export interface RssSample {
  requests: number;
  rss: number;
}

/** One process through the soak: RSS after the warm-up and after the soak (each after a quiet settle), and sampled under load between. */
export interface ProcessSoak {
  role: ShopProcess['role'];
  rssAfterWarmup: number;
  rssAfter: number;
  samples: RssSample[];
  /** Where the memory was after the warm-up and after the soak (process-memory.ts). */
  breakdownAfterWarmup: MemoryBreakdown;
  breakdownAfter: MemoryBreakdown;
}

export interface SoakResult {
  requests: number;
  aborted: number;
  connections: number;
  seconds: number;
  /** Requests between two samples. */
  sampleEvery: number;
  /** The web process first, then the API process when it runs apart. */
  processes: ProcessSoak[];
}

export interface SoakRequest {
  path: string;
  headers?: Record<string, string>;
}

/** How long the process gets to settle (GC, freed sockets) before its RSS is read. */
const SETTLE_MS = 3_000;

/** Samples per soak: enough that the last third's trend is not one GC's sawtooth (memory-figures.ts). */
const SAMPLES = 120;

/**
 * One request; every `abortEvery`-th one is abandoned as soon as its headers arrive (a shopper
 * who navigates away mid-page), the rest are read to the end and must be 2xx.
 */
function requestOne(agent: http.Agent, base: URL, r: SoakRequest, abort: boolean, allow503: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(r.path, base), { agent, headers: { accept: 'text/html,application/json', ...r.headers } }, (res) => {
      const status = res.statusCode ?? 0;
      if (abort) {
        req.destroy();
        return resolve(status);
      }
      if (status >= 300 && !(allow503 && status === 503)) reject(new Error(`soak ${r.path}: status ${status}`));
      res.resume();
      res.on('end', () => resolve(status));
      res.on('error', reject);
    });
    req.on('error', (error) => (abort ? resolve(0) : reject(error)));
  });
}

export interface DriveOptions {
  total: number;
  connections: number;
  abortShare: number;
  /** A 503 (the shop shedding load: its API deadline passed) counted instead of failing the run. */
  allow503?: boolean;
  /** Called with the number of requests finished, after every `every`-th one. */
  progress?: { every: number; onProgress(done: number): void };
}

/** `total` requests of the mix over `connections` keep-alive sockets; resolves with how many were aborted and how many answered 503. */
export async function drive(baseUrl: string, mix: SoakRequest[], o: DriveOptions): Promise<{ aborted: number; shed: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections });
  const base = new URL(baseUrl);
  const abortEvery = o.abortShare > 0 ? Math.round(1 / o.abortShare) : 0;
  let next = 0;
  let finished = 0;
  let aborted = 0;
  let shed = 0;
  const worker = async (): Promise<void> => {
    while (next < o.total) {
      const i = next++;
      const abort = abortEvery > 0 && i % abortEvery === abortEvery - 1;
      if (abort) aborted++;
      if ((await requestOne(agent, base, mix[i % mix.length] ?? { path: '/' }, abort, o.allow503 === true)) === 503) shed++;
      finished++;
      if (o.progress && finished % o.progress.every === 0) o.progress.onProgress(finished);
    }
  };
  try {
    await Promise.all(Array.from({ length: o.connections }, worker));
  } finally {
    agent.destroy();
  }
  return { aborted, shed };
}

export const settle = (): Promise<void> => new Promise((r) => setTimeout(r, SETTLE_MS));

/**
 * Requests before the starting figure: after 2,000, V8 had not yet grown its heap to its working
 * size, so the soak read 1.44× where the process stayed flat over 300k (issue 35).
 */
export const SOAK_WARMUP_REQUESTS = 10_000;

/**
 * The RSS of each process (the web one first) after a warm-up, sampled every `total / 120`
 * requests under load (read from /proc without pausing the load), and after `total` requests
 * of the mix with client aborts.
 */
export async function soakRss(processes: ShopProcess[], mix: SoakRequest[], total: number, connections: number, abortShare: number): Promise<SoakResult> {
  const web = processes[0];
  if (!web) throw new Error('soakRss: no process to soak');
  const warmup = Math.min(SOAK_WARMUP_REQUESTS, total);
  const sampleEvery = Math.max(100, Math.round(total / SAMPLES));
  console.log(`\nRSS soak (${processes.map((p) => p.role).join(' + ')}): warm-up ${warmup} requests, then ${total} at ${connections} connections, ${abortShare * 100} % aborted, RSS every ${sampleEvery}`);
  await drive(web.url, mix, { total: warmup, connections, abortShare: 0 });
  await settle();
  const afterWarmup = await Promise.all(processes.map((p) => memoryBreakdown(p.pid)));
  const samples: RssSample[][] = processes.map(() => []);
  const reads: Promise<void>[] = [];
  const started = performance.now();
  const printEvery = Math.max(sampleEvery, Math.round(total / 10 / sampleEvery) * sampleEvery);
  const onProgress = (done: number): void => {
    reads.push(
      Promise.all(processes.map((p) => p.rssBytes())).then((rss) => {
        rss.forEach((bytes, i) => samples[i]!.push({ requests: done, rss: bytes }));
        if (done % printEvery === 0) console.log(`  … ${done} requests, ${Math.round((performance.now() - started) / 1000)} s, RSS ${rss.map((b, i) => `${processes[i]!.role} ${mib(b)}`).join(', ')} MiB`);
      }),
    );
  };
  const { aborted } = await drive(web.url, mix, { total, connections, abortShare, progress: { every: sampleEvery, onProgress } });
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(reads);
  await settle();
  const after = await Promise.all(processes.map((p) => memoryBreakdown(p.pid)));
  const result: ProcessSoak[] = processes.map((p, i) => ({
    role: p.role,
    rssAfterWarmup: afterWarmup[i]!.rss,
    rssAfter: after[i]!.rss,
    samples: samples[i]!.sort((a, b) => a.requests - b.requests),
    breakdownAfterWarmup: afterWarmup[i]!,
    breakdownAfter: after[i]!,
  }));
  for (const p of result) console.log(`  ${p.role} RSS ${(p.rssAfterWarmup / 2 ** 20).toFixed(1)} → ${(p.rssAfter / 2 ** 20).toFixed(1)} MiB in ${seconds.toFixed(0)} s`);
  return { requests: total, aborted, connections, seconds, sampleEvery, processes: result };
}
