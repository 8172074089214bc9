import type { BurstSoakResult } from './burst-soak.ts';
import type { Figure } from './figures.ts';
import { describeBreakdown, mib, type MemoryBreakdown } from './process-memory.ts';
import { SOAK_WARMUP_REQUESTS, type ProcessSoak, type RssSample, type SoakResult } from './rss-soak.ts';

/** Issue 35: RSS after the soak at most this many times its figure after the 10k warm-up. */
export const SOAK_RATIO_GOAL = 1.1;
/**
 * Flat: the least-squares trend over the last third raises RSS by at most this share of the
 * warm-up figure per 100k requests. One-sided: a falling trend is no leak, and a process whose
 * GC sawtooth is wide (the API's swung 175–276 MiB) reads a steep trend of either sign from
 * where the sawtooth stands at the end.
 */
export const FLAT_SHARE_PER_100K = 0.02;
/**
 * Role `all` on PGlite under bursts (decision 0095): the process's ceiling. What it holds: the
 * WASM linear memory (Postgres: shared_buffers and its caches; it grows and never shrinks) and the
 * JS side (V8 heap of the web, API and console tiers, sockets, compiled code).
 */
export const PGLITE_PEAK_CEILING_MIB = 576;

/** Three decimals: 1.1005× shown as 1.10× read as a miss of a goal it seemed to meet. */
const x = (ratio: number): string => `${ratio.toFixed(3)}×`;
const HUNDRED_K = 100_000;
/** A trend per 100k read off a shorter soak (--quick's 5,000) is an extrapolation, not judged. */
const MIN_TREND_REQUESTS = HUNDRED_K;

/** Least-squares slope of RSS against requests, in bytes per 100k requests. */
export function slopePer100k(samples: RssSample[]): number {
  const n = samples.length;
  if (n < 2) return 0;
  const mx = samples.reduce((s, p) => s + p.requests, 0) / n;
  const my = samples.reduce((s, p) => s + p.rss, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const p of samples) {
    sxy += (p.requests - mx) * (p.rss - my);
    sxx += (p.requests - mx) ** 2;
  }
  return sxx === 0 ? 0 : (sxy / sxx) * HUNDRED_K;
}

/** The samples taken after two thirds of the soak's requests. */
export const lastThird = (samples: RssSample[], total: number): RssSample[] => samples.filter((s) => s.requests > (total * 2) / 3);

/** What grew between two readings of one process, largest first. */
function growthOf(before: MemoryBreakdown, after: MemoryBreakdown): string {
  const parts = [
    ['WASM linear memory', after.wasm - before.wasm],
    ['other anonymous memory (JS heap, malloc, code)', after.anon - before.anon],
    ['mapped files', after.file - before.file],
  ] as const;
  return [...parts]
    .filter(([, d]) => d !== 0)
    .sort((a, b) => b[1] - a[1])
    .map(([label, d]) => `${label} ${d >= 0 ? '+' : ''}${mib(d)} MiB`)
    .join(', ');
}

const titleOf = (role: string): string => (role === 'web' ? 'Web' : role === 'api' ? 'API' : `Role ${role}`);

function processFigures(s: SoakResult, p: ProcessSoak): Figure[] {
  const who = titleOf(p.role);
  const ratio = p.rssAfter / p.rssAfterWarmup;
  const third = lastThird(p.samples, s.requests);
  const slope = slopePer100k(third);
  const share = slope / p.rssAfterWarmup;
  const flatGoal = `trend ≤ +${(FLAT_SHARE_PER_100K * 100).toFixed(0)} % of the warm-up figure per 100k requests (least-squares over the ${third.length} samples of the last third, one every ${s.sampleEvery.toLocaleString('en')})`;
  const range = third.length ? `${mib(Math.min(...third.map((t) => t.rss)))}–${mib(Math.max(...third.map((t) => t.rss)))} MiB` : 'no samples';
  return [
    {
      no: 7,
      name: `${who} RSS after ${s.requests.toLocaleString('en')} requests (${s.aborted.toLocaleString('en')} aborted) vs after the ${(Math.min(SOAK_WARMUP_REQUESTS, s.requests) / 1000).toFixed(0)}k warm-up`,
      value: `${x(ratio)} (${mib(p.rssAfterWarmup)} → ${mib(p.rssAfter)} MiB)`,
      goal: `≤ ${SOAK_RATIO_GOAL.toFixed(2)}×`,
      pass: ratio <= SOAK_RATIO_GOAL,
      cause: `${p.role} grew: ${growthOf(p.breakdownAfterWarmup, p.breakdownAfter)} (after: ${describeBreakdown(p.breakdownAfter)})`,
    },
    {
      no: 7,
      name: `${who} RSS flat over the last third of the soak`,
      value: third.length < 10 || s.requests < MIN_TREND_REQUESTS ? `${third.length} samples over ${s.requests.toLocaleString('en')} requests: too short to judge` : `${slope >= 0 ? '+' : ''}${(slope / 2 ** 20).toFixed(1)} MiB per 100k (${(share * 100).toFixed(1)} %), range ${range}`,
      goal: flatGoal,
      pass: third.length < 10 || s.requests < MIN_TREND_REQUESTS ? null : share <= FLAT_SHARE_PER_100K,
      cause: `${p.role} still growing over the last third (${range}); after: ${describeBreakdown(p.breakdownAfter)}`,
    },
  ];
}

function burstFigure(b: BurstSoakResult | undefined): Figure {
  const name = 'Role all on PGlite: peak RSS under bursts of 50–100 new connections';
  const goal = `≤ ${PGLITE_PEAK_CEILING_MIB} MiB (decision 0095)`;
  if (!b) return { no: 7, name, value: 'not measured (npm run bench:soak-rss)', goal, pass: null };
  const last = b.afterBurst.slice(-3).map(mib).join(', ');
  return {
    no: 7,
    name: `${name} (${b.bursts} bursts, ${b.requests.toLocaleString('en')} requests, ${b.shed.toLocaleString('en')} answered 503)`,
    value: `${mib(b.peakRss)} MiB peak (${mib(b.rssStart)} fresh; last bursts ${last}; at the highest burst ${describeBreakdown(b.breakdownAtPeak)})`,
    goal,
    pass: b.peakRss <= PGLITE_PEAK_CEILING_MIB * 2 ** 20,
    cause: `at the highest burst: ${describeBreakdown(b.breakdownAtPeak)}; since fresh ${growthOf(b.breakdownStart, b.breakdownAtPeak)}`,
  };
}

/** Issue 35's memory rows (figure 7): web and API after the soak and over its last third, and role `all` on PGlite under bursts. */
export function memoryFigures(soak: SoakResult | undefined, bursts: BurstSoakResult | undefined): Figure[] {
  const soakRows = soak
    ? soak.processes.flatMap((p) => processFigures(soak, p))
    : [{ no: 7, name: 'Web and API RSS after the soak vs after the 10k warm-up', value: 'not measured (npm run bench:soak-rss)', goal: `≤ ${SOAK_RATIO_GOAL.toFixed(2)}×`, pass: null }];
  return [...soakRows, burstFigure(bursts)];
}
