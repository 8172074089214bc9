import { memoryBreakdown, mib, type MemoryBreakdown } from './process-memory.ts';
import { drive, settle, type SoakRequest } from './rss-soak.ts';
import type { ShopProcess } from './shop-process.ts';

/** Role `all` on PGlite under bursts of new connections (issue 35: it reached 1,065 MB so). */
export interface BurstSoakResult {
  bursts: number;
  requests: number;
  seconds: number;
  /** Requests answered 503 (the shop shedding load when its API deadline passed). */
  shed: number;
  /** Connections of the bursts, in turn. */
  connections: number[];
  /** Fresh, before the first request. */
  rssStart: number;
  breakdownStart: MemoryBreakdown;
  /** The highest VmRSS read, polled every 200 ms through the run. */
  peakRss: number;
  /** RSS after each burst, in order: whether it levels off. */
  afterBurst: number[];
  /** Where the memory was after the burst that left the most, and after the run settled. */
  breakdownAtPeak: MemoryBreakdown;
  breakdownAfter: MemoryBreakdown;
}

export interface BurstPlan {
  bursts: number;
  requestsPerBurst: number;
  abortShare: number;
}

/** Full run: 12 bursts of 1,500 requests (about 2.5 minutes at PGlite's ~125 requests/s on 2 cores); quick: 3 of 300. */
export function burstPlan(quick: boolean, abortShare: number): BurstPlan {
  return quick ? { bursts: 3, requestsPerBurst: 300, abortShare } : { bursts: 12, requestsPerBurst: 1_500, abortShare };
}

/** 50, 75, 100 connections in turn, each burst on new sockets, a second of quiet between. */
const connectionsOf = (burst: number): number => 50 + ((burst * 25) % 75);
const PAUSE_MS = 1_000;

export async function soakBursts(shop: ShopProcess, mix: SoakRequest[], plan: BurstPlan): Promise<BurstSoakResult> {
  console.log(`\nBurst soak (role ${shop.role}): ${plan.bursts} bursts of ${plan.requestsPerBurst} requests at 50/75/100 connections, ${plan.abortShare * 100} % aborted`);
  const breakdownStart = await memoryBreakdown(shop.pid);
  const rssStart = breakdownStart.rss;
  let peakRss = rssStart;
  const poll = setInterval(() => void shop.rssBytes().then((rss) => (peakRss = Math.max(peakRss, rss)), () => undefined), 200);
  const afterBurst: number[] = [];
  const connections: number[] = [];
  let shed = 0;
  let breakdownAtPeak = breakdownStart;
  const started = performance.now();
  try {
    for (let b = 0; b < plan.bursts; b++) {
      connections.push(connectionsOf(b));
      shed += (await drive(shop.url, mix, { total: plan.requestsPerBurst, connections: connectionsOf(b), abortShare: plan.abortShare, allow503: true })).shed;
      const now = await memoryBreakdown(shop.pid);
      afterBurst.push(now.rss);
      if (now.rss >= breakdownAtPeak.rss) breakdownAtPeak = now;
      console.log(`  burst ${b + 1} (${connectionsOf(b)} conn.): RSS ${mib(now.rss)} MiB (WASM ${mib(now.wasm)}, other anonymous ${mib(now.anon)}), peak so far ${mib(peakRss)}, ${shed} answered 503 so far`);
      await new Promise((r) => setTimeout(r, PAUSE_MS));
    }
  } finally {
    clearInterval(poll);
  }
  const seconds = (performance.now() - started) / 1000;
  await settle();
  const breakdownAfter = await memoryBreakdown(shop.pid);
  peakRss = Math.max(peakRss, ...afterBurst);
  console.log(`  RSS ${mib(rssStart)} MiB fresh, peak ${mib(peakRss)}, ${mib(breakdownAfter.rss)} settled, in ${seconds.toFixed(0)} s`);
  return { bursts: plan.bursts, requests: plan.bursts * plan.requestsPerBurst, seconds, shed, connections, rssStart, breakdownStart, peakRss, afterBurst, breakdownAtPeak, breakdownAfter };
}
