import type { BundleSizes } from './bundle.ts';
import { throughputRatio, type ComparisonResult } from './compare.ts';
import { lighthouseGoal, lighthousePasses, type LighthouseResult } from './lighthouse-audit.ts';
import type { SoakResult } from './rss-soak.ts';
import { ANONYMOUS_PAGES } from './scenarios.ts';
import type { TtfbResult } from './ttfb.ts';

/** One line of issue 11's goal table: what was measured, the goal, and whether it met it. */
export interface Figure {
  no: number;
  name: string;
  value: string;
  goal: string;
  /** null: not measured in this run (or informational). */
  pass: boolean | null;
}

export interface Measurements {
  /** Comparison results by setup name. */
  comparisons: ComparisonResult[];
  bundles?: BundleSizes;
  ttfb?: TtfbResult;
  soak?: SoakResult;
  lighthouse?: LighthouseResult[];
  /** Where the API-queries-per-page figure is counted instead. */
  queriesTest: string;
}

export const x = (ratio: number): string => `${ratio.toFixed(2)}×`;

/** The ratio A / baseline at each connection count, passing when every one meets `atLeast`. */
function ratioFigure(m: Measurements, no: number, id: string, baseline: string, atLeast: number, name: string): Figure[] {
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
    };
  });
}

function lighthouseFigures(results: LighthouseResult[] | undefined): Figure[] {
  const goalOf = (r: Pick<LighthouseResult, 'signedIn'>): string => {
    const g = lighthouseGoal(r);
    return `performance ≥ ${g.performance}, CLS 0, TBT ≤ ${g.tbtMs} ms, LCP ≤ 2.0 s`;
  };
  if (!results) return [{ no: 8, name: 'Lighthouse 12.8 mobile', value: 'not run (npm run bench:lighthouse)', goal: goalOf({ signedIn: false }), pass: null }];
  return results.map((r) => ({
    no: 8,
    name: `Lighthouse 12.8 mobile ${r.name} (${r.path})`,
    value: `${r.performance} (runs ${r.runs.join(" / ")}), CLS ${r.cls.toFixed(3)}, TBT ${r.tbtMs.toFixed(0)} ms, LCP ${(r.lcpMs / 1000).toFixed(2)} s`,
    goal: goalOf(r),
    pass: lighthousePasses(r),
  }));
}

export function figuresOf(m: Measurements): Figure[] {
  const b = m.bundles;
  const t = m.ttfb;
  const s = m.soak;
  const kb = (n: number): string => (n / 1024).toFixed(1);
  return [
    ...ratioFigure(m, 1, 'trivial', 'bare Express 5', 0.85, '/robots.txt through the web stack vs bare Express 5'),
    ...ratioFigure(m, 2, 'lineup', 'same-markup reference', 0.9, 'SSR /lineup vs same-markup reference'),
    ...ratioFigure(m, 2, 'artist', 'same-markup reference', 0.9, 'SSR artist page vs same-markup reference'),
    ...ANONYMOUS_PAGES.flatMap((p) => ratioFigure(m, 10, p.id, 'static floor', 0.5, `Anonymous ${p.name} (page cache) vs its bytes from memory`)),
    ...ratioFigure(m, 3, 'mypage', 'same-markup reference', 0.9, 'SSR /mypage/plan (signed in, never cached) vs same-markup reference'),
    ...ratioFigure(m, 4, 'proxy', 'API direct', 0.85, '/api/artist/{slug} via proxy vs API direct'),
    ...ratioFigure(m, 4, 'proxy', 'bare http-proxy-middleware', 0.95, '/api/artist/{slug} via proxy vs bare http-proxy-middleware'),
    b
      ? { no: 5, name: `Entry JS as sent (${b.encoding}) vs react + react-dom + react-router alone`, value: `${x(b.shopWire / b.frameworkWire)} (${kb(b.shopWire)} vs ${kb(b.frameworkWire)} KB)`, goal: '≤ 1.05×', pass: b.shopWire / b.frameworkWire <= 1.05 }
      : { no: 5, name: 'Entry JS as sent vs framework alone', value: 'not measured', goal: '≤ 1.05×', pass: null },
    t
      ? { no: 6, name: `TTFB p50 vs full response p50, ${t.path}`, value: `${x(t.firstByteP50 / t.fullP50)} (${t.firstByteP50.toFixed(1)} vs ${t.fullP50.toFixed(1)} ms)`, goal: '≤ 0.30×', pass: t.firstByteP50 / t.fullP50 <= 0.3 }
      : { no: 6, name: 'TTFB vs full response', value: 'not measured', goal: '≤ 0.30×', pass: null },
    s
      ? { no: 7, name: `Web RSS after ${s.requests.toLocaleString('en')} requests (${s.aborted} aborted) vs after warm-up`, value: `${x(s.rssAfter / s.rssAfterWarmup)} (${(s.rssAfterWarmup / 2 ** 20).toFixed(0)} → ${(s.rssAfter / 2 ** 20).toFixed(0)} MiB)`, goal: '≤ 1.10×', pass: s.rssAfter / s.rssAfterWarmup <= 1.1 }
      : { no: 7, name: 'Web RSS after the soak vs after warm-up', value: 'not measured (npm run bench:soak-rss)', goal: '≤ 1.10×', pass: null },
    ...lighthouseFigures(m.lighthouse),
    { no: 9, name: 'API queries per page', value: `counted in a test: ${m.queriesTest}`, goal: 'no N+1', pass: null },
  ].map((f) => (f.name.startsWith('(floor)') ? { ...f, goal: 'for reading', pass: null } : f));
}

export const mark = (pass: boolean | null): string => (pass === null ? '—' : pass ? 'PASS' : 'FAIL');

export function printFigures(figures: Figure[]): string {
  const lines = ['Figures (issue 11 goals)', '------------------------'];
  for (const f of figures) lines.push(`${String(f.no).padStart(2)}. ${mark(f.pass).padEnd(4)} ${f.name}: ${f.value}  [goal ${f.goal}]`);
  return lines.join('\n');
}
