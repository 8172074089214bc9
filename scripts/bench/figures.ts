import { billingFigures, type BillingMeasurement } from './billing-figures.ts';
import type { BundleSizes } from './bundle.ts';
import { HYDRATION_SHARE_GOAL, shareOf, type HydrationShare } from './hydration-share.ts';
import { throughputRatio, type ComparisonResult } from './compare.ts';
import { BUSY_LOAD, lighthouseGoal, lighthousePasses, QUIET_LOAD, type LighthouseResult } from './lighthouse-audit.ts';
import type { BurstSoakResult } from './burst-soak.ts';
import { memoryFigures } from './memory-figures.ts';
import type { SoakResult } from './rss-soak.ts';
import { ANONYMOUS_PAGES, SIGNED_IN_PAGES } from './scenarios.ts';
import { costliestLayer, ratioToBare, type StackLayerResult } from './stack-layers.ts';
import type { TtfbResult } from './ttfb.ts';

/** One line of the goal table (issues 11, 21, 35): what was measured, the goal, and whether it met it. */
export interface Figure {
  no: number;
  name: string;
  value: string;
  goal: string;
  /** null: not measured in this run (or informational). */
  pass: boolean | null;
  /** Why a missed figure missed, as measured in the same run. */
  cause?: string;
}

export interface Measurements {
  /** Comparison results by setup name. */
  comparisons: ComparisonResult[];
  bundles?: BundleSizes;
  /** /lineup's hydration data against its HTML (hydration-share.ts). */
  hydrationShare?: HydrationShare;
  ttfb?: TtfbResult;
  soak?: SoakResult;
  /** Role `all` on PGlite under bursts of connections (burst-soak.ts). */
  pgliteBursts?: BurstSoakResult;
  lighthouse?: LighthouseResult[];
  /** Why Lighthouse gave no figures in this run, when it broke. */
  lighthouseError?: string;
  /** The web stack layer by layer on /robots.txt (stack-layers.ts). */
  stack?: StackLayerResult;
  /** Issue 35's billing goals, run as child processes (billing-figures.ts). */
  billing?: BillingMeasurement;
  /** Where the API-queries-per-page figure is counted instead. */
  queriesTest: string;
}

export const x = (ratio: number): string => `${ratio.toFixed(2)}×`;

/** The ratio A / baseline at each connection count, passing when every one meets `atLeast`. */
function ratioFigure(m: Measurements, no: number, id: string, baseline: string, atLeast: number, name: string, causeOf?: (results: ComparisonResult[]) => string): Figure[] {
  const bySetup = new Map<string, ComparisonResult[]>();
  for (const r of m.comparisons.filter((c) => c.comparison.id === id)) {
    bySetup.set(r.comparison.setup, [...(bySetup.get(r.comparison.setup) ?? []), r]);
  }
  return [...bySetup].map(([setup, results]) => {
    const ratios = results.map((r) => ({ c: r.connections, q: throughputRatio(r, baseline) }));
    return {
      no,
      name: `${name} — ${setup}`,
      value: ratios.map((r) => `${x(r.q)} (${r.c} conn.)`).join(', '),
      goal: `≥ ${atLeast.toFixed(2)}×`,
      pass: ratios.every((r) => r.q >= atLeast),
      ...(causeOf ? { cause: causeOf(results) } : {}),
    };
  });
}

function lighthouseFigures(results: LighthouseResult[] | undefined, error?: string): Figure[] {
  const goalText = `performance 100 at load < ${QUIET_LOAD}, ≥ 95 at load ≤ ${BUSY_LOAD}; CLS 0, LCP ≤ 2.0 s`;
  if (!results) return [{ no: 8, name: 'Lighthouse 12.8 mobile', value: error ? `not measured: ${error.slice(0, 200)}` : 'not run (npm run bench:lighthouse)', goal: goalText, pass: null }];
  return results.map((r) => {
    const goal = lighthouseGoal(r);
    return {
      no: 8,
      name: `Lighthouse 12.8 mobile ${r.name} (${r.path})`,
      value: `${r.performance} (runs ${r.runs.join(' / ')}; load ${r.load1.toFixed(1)}), CLS ${r.cls.toFixed(3)}, TBT ${r.tbtMs.toFixed(0)} ms, LCP ${(r.lcpMs / 1000).toFixed(2)} s`,
      goal: goal ? `performance ≥ ${goal.performance} (load ${r.load1.toFixed(1)}), CLS 0, LCP ≤ 2.0 s` : `${goalText} (load ${r.load1.toFixed(1)}: above both, not judged)`,
      pass: lighthousePasses(r),
      cause: [
        r.cls > 0 ? `layout shift ${r.cls.toFixed(3)} (CLS must be 0)` : '',
        r.lcpMs > 2000 ? `LCP ${(r.lcpMs / 1000).toFixed(2)} s` : '',
        goal && r.performance < goal.performance ? `total blocking time ${r.tbtMs.toFixed(0)} ms (hydration's main-thread work; npm run bench:hydration-trace names the longest tasks)` : '',
      ].filter(Boolean).join('; '),
    };
  });
}

/** The web stack's own CPU a request over bare Express 5 (figure 1's table), for a gap's cause. */
function stackExtra(stack: StackLayerResult | undefined): string {
  const bare = stack?.rows[0]?.micros.median;
  const served = stack?.rows.find((r) => r.label === 'shop as served')?.micros.median;
  return bare !== undefined && served !== undefined ? `the web stack's own layers cost ${(served - bare).toFixed(0)} µs of CPU a request over bare Express 5 (figure 1)` : 'the web stack per layer: npm run bench:stack';
}

/**
 * A page's miss against a side that calls the same API: the time a request the shop spends over
 * that side at saturation (1/req/s, each connection count), against the web stack's own cost.
 */
function gapCause(baselineLabel: string, stack: StackLayerResult | undefined): (results: ComparisonResult[]) => string {
  return (results) => {
    const gaps = results.map((r) => {
      const shop = r.sides[0]!.reqPerSec.median;
      const base = r.sides.find((side) => side.label === baselineLabel)!.reqPerSec.median;
      return `${(1e6 / shop - 1e6 / base).toFixed(0)} µs (${r.connections} conn.)`;
    });
    return `the shop spends ${gaps.join(', ')} a request more than the ${baselineLabel} at saturation, which calls the same API; ${stackExtra(stack)}`;
  };
}

/** The proxy's miss, measured: how far bare http-proxy-middleware itself is from the API direct. */
function proxyCause(results: ComparisonResult[]): string {
  const bare = results.map((r) => `${x(r.sides.find((s) => s.label === 'bare http-proxy-middleware')!.reqPerSec.median / r.sides.find((s) => s.label === 'API direct')!.reqPerSec.median)} (${r.connections} conn.)`);
  return `bare http-proxy-middleware is ${bare.join(', ')} of the API direct, the floor of any proxy on Express 5 here`;
}

/** The web stack against bare Express 5 with the same headers, as server CPU per request (side by side, stack-layers.ts). */
function stackFigure(stack: StackLayerResult | undefined): Figure {
  const name = '/robots.txt: the web stack as served vs bare Express 5 with the same headers, by server CPU per request';
  if (!stack) return { no: 1, name, value: 'not measured (npm run bench:stack)', goal: '≥ 0.85×', pass: null };
  const served = stack.rows.find((r) => r.label === 'shop as served');
  const ratio = ratioToBare(stack, 'shop as served');
  const worst = costliestLayer(stack);
  return {
    no: 1,
    name,
    value: `${x(ratio)} (${stack.rows[0]?.micros.median.toFixed(1)} vs ${served?.micros.median.toFixed(1)} µs; load ${stack.loadAverage.start.toFixed(1)})`,
    goal: '≥ 0.85×',
    pass: ratio >= 0.85,
    cause: `the costliest layer is “${worst.label}”, +${worst.micros.toFixed(1)} µs a request (the run prints every layer's; npm run bench:stack)`,
  };
}

/** Issue 35: the hydration data of /lineup against its HTML, bytes as written (npm run bench:front-bytes prints more pages). */
function hydrationFigure(h: HydrationShare | undefined): Figure {
  const goal = `≤ ${(HYDRATION_SHARE_GOAL * 100).toFixed(0)} %`;
  if (!h) return { no: 5, name: 'Hydration data of /lineup vs its HTML', value: 'not measured', goal, pass: null };
  const kb = (n: number): string => (n / 1024).toFixed(1);
  return { no: 5, name: `Hydration data of ${h.path} vs its HTML (uncompressed)`, value: `${(shareOf(h) * 100).toFixed(1)} % (${kb(h.dataBytes)} of ${kb(h.htmlBytes)} KB)`, goal, pass: shareOf(h) <= HYDRATION_SHARE_GOAL };
}

export function figuresOf(m: Measurements): Figure[] {
  const b = m.bundles;
  const t = m.ttfb;
  const kb = (n: number): string => (n / 1024).toFixed(1);
  return [
    ...ratioFigure(m, 1, 'trivial', 'bare Express 5', 0.85, '/robots.txt through the web stack vs bare Express 5 with the same headers', () =>
      m.stack ? `costliest layer “${costliestLayer(m.stack).label}” (+${costliestLayer(m.stack).micros.toFixed(1)} µs a request, next row)` : 'per layer: npm run bench:stack',
    ),
    stackFigure(m.stack),
    ...ratioFigure(m, 2, 'lineup', 'same-markup reference', 0.9, 'SSR /lineup vs same-markup reference'),
    ...ratioFigure(m, 2, 'artist', 'same-markup reference', 0.9, 'SSR artist page vs same-markup reference'),
    // Compression's share of the gap (docs/performance.md attributes it there): both sides asked for br/gzip.
    ...ratioFigure(m, 2, 'lineup-encoded', 'same-markup reference', 0.9, 'SSR /lineup vs same-markup reference, with accept-encoding: br, gzip'),
    ...ratioFigure(m, 2, 'artist-encoded', 'same-markup reference', 0.9, 'SSR artist page vs same-markup reference, with accept-encoding: br, gzip'),
    ...ANONYMOUS_PAGES.flatMap((p) => ratioFigure(m, 10, p.id, 'static floor', 0.5, `Anonymous ${p.name} (page cache) vs its bytes from memory`)),
    ...SIGNED_IN_PAGES.flatMap((p) => ratioFigure(m, 3, p.id, 'same-markup reference', 1, `${p.name} (signed in, never cached) vs same-markup reference`, gapCause('same-markup reference', m.stack))),
    ...ratioFigure(m, 4, 'proxy', 'API direct', 0.9, '/api/artist/{slug} via proxy vs API direct', proxyCause),
    ...ratioFigure(m, 4, 'proxy', 'bare http-proxy-middleware', 0.95, '/api/artist/{slug} via proxy vs bare http-proxy-middleware', gapCause('bare http-proxy-middleware', m.stack)),
    b
      ? {
          no: 5,
          name: `Entry JS as sent (${b.encoding}) vs react + react-dom + react-router alone`,
          value: `${x(b.shopWire / b.frameworkWire)} (${kb(b.shopWire)} vs ${kb(b.frameworkWire)} KB)`,
          goal: '≤ 1.05×',
          pass: b.shopWire / b.frameworkWire <= 1.05,
          cause: `${kb(b.shopWire - b.frameworkWire)} KB beyond the framework (${kb(b.shopRaw - b.frameworkRaw)} KB raw in ${b.shopFiles} files), where 1.05× leaves ${kb(b.frameworkWire * 0.05)}: the shell (header, menu, footer) hydrates from the entry (docs/performance.md, "hydration and entry bytes")`,
        }
      : { no: 5, name: 'Entry JS as sent vs framework alone', value: 'not measured', goal: '≤ 1.05×', pass: null },
    hydrationFigure(m.hydrationShare),
    t
      ? { no: 6, name: `TTFB p50 vs full response p50, ${t.path}`, value: `${x(t.firstByteP50 / t.fullP50)} (${t.firstByteP50.toFixed(1)} vs ${t.fullP50.toFixed(1)} ms)`, goal: '≤ 0.30×', pass: t.firstByteP50 / t.fullP50 <= 0.3, cause: 'the page awaits its loaders before the status line (decisions 0002, 0014): the artist call is the 404 check, so the first byte waits for it and the rest follows in the same write' }
      : { no: 6, name: 'TTFB vs full response', value: 'not measured', goal: '≤ 0.30×', pass: null },
    ...memoryFigures(m.soak, m.pgliteBursts),
    ...lighthouseFigures(m.lighthouse, m.lighthouseError),
    { no: 9, name: 'API queries per page', value: `counted in a test: ${m.queriesTest}`, goal: 'no N+1', pass: null },
    ...billingFigures(m.billing),
  ].map((f) => (f.name.startsWith('(floor)') ? { ...f, goal: 'for reading', pass: null } : f));
}

export const mark = (pass: boolean | null): string => (pass === null ? '—' : pass ? 'met' : 'missed');

export function printFigures(figures: Figure[]): string {
  const lines = ['Figures (issues 11, 21, 35 goals)', '---------------------------------'];
  for (const f of figures) lines.push(`${String(f.no).padStart(2)}. ${mark(f.pass).padEnd(6)} ${f.name}: ${f.value}  [goal ${f.goal}]${f.pass === false && f.cause ? ` — ${f.cause}` : ''}`);
  return lines.join('\n');
}
