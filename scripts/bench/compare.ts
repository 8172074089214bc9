import { runLoad, spreadOf, type Sample, type Spread, type Target } from './load.ts';
import type { Settings } from './settings.ts';

/** The shop's side (A) against one or more baselines, measured in turn: A B C A B C … */
export interface Comparison {
  id: string;
  title: string;
  setup: string;
  a: Target;
  baselines: Target[];
}

export interface SideResult {
  label: string;
  reqPerSec: Spread;
  p50: Spread;
  p99: Spread;
  bytesPerResponse: number;
}

export interface ComparisonResult {
  comparison: Comparison;
  connections: number;
  sides: SideResult[];
  /** Non-2xx answers met in the warm-up (the measured rounds allow none), for the report. */
  warmupNon2xx: string[];
}

async function measure(target: Target, connections: number, seconds: number, phase: string): Promise<Sample> {
  process.stdout.write(`  ${phase} ${target.label} c=${connections} (${seconds} s) … `);
  const sample = await runLoad(target, connections, seconds, phase === 'warm-up');
  console.log(`${sample.reqPerSec.toFixed(0)} req/s, p50 ${sample.p50} ms${sample.non2xx ? `; ${sample.non2xx}` : ''}`);
  return sample;
}

function sideOf(label: string, samples: Sample[]): SideResult {
  return {
    label,
    reqPerSec: spreadOf(samples.map((s) => s.reqPerSec)),
    p50: spreadOf(samples.map((s) => s.p50)),
    p99: spreadOf(samples.map((s) => s.p99)),
    bytesPerResponse: spreadOf(samples.map((s) => s.bytesPerResponse)).median,
  };
}

/**
 * Alternating rounds, so a neighbour's load on this shared machine hits every side alike. Each
 * side is warmed up first at the highest connection count (JIT, pools, keep-alive sockets).
 */
export async function runComparison(c: Comparison, s: Settings): Promise<ComparisonResult[]> {
  console.log(`\n${c.title} (${c.setup})`);
  const targets = [c.a, ...c.baselines];
  const warmupNon2xx: string[] = [];
  if (s.warmupSeconds > 0) {
    const connections = Math.max(...s.connections);
    for (const t of targets) {
      const { non2xx } = await measure(t, connections, s.warmupSeconds, 'warm-up');
      if (non2xx) warmupNon2xx.push(`${t.label}, ${connections} conn.: ${non2xx}`);
    }
  }
  const results: ComparisonResult[] = [];
  for (const connections of s.connections) {
    const samples: Sample[][] = targets.map(() => []);
    for (let round = 1; round <= s.rounds; round++) {
      for (const [i, t] of targets.entries()) samples[i]?.push(await measure(t, connections, s.seconds, `round ${round}`));
    }
    results.push({ comparison: c, connections, sides: targets.map((t, i) => sideOf(t.label, samples[i] ?? [])), warmupNon2xx });
  }
  return results;
}

/** Median req/s of side A over the median of the named baseline. */
export function throughputRatio(r: ComparisonResult, baselineLabel: string): number {
  const a = r.sides[0];
  const b = r.sides.find((side) => side.label === baselineLabel);
  if (!a || !b) throw new Error(`no side ${baselineLabel} in ${r.comparison.title}`);
  return a.reqPerSec.median / b.reqPerSec.median;
}
