import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BarChart } from '../../client/components/charts/bar-chart.tsx';
import { valueScale } from '../../client/components/charts/chart-scale.ts';
import { wrapLabel } from '../../client/components/charts/horizontal-bars.tsx';
import { LineChart } from '../../client/components/charts/line-chart.tsx';
import { StackedBarChart } from '../../client/components/charts/stacked-bar-chart.tsx';
import { LangProvider } from '../../client/lang.tsx';

/**
 * The dashboard's charts as the server sends them (renderToString, no browser, no JavaScript):
 * the bars' lengths in viewBox units (the plot of the vertical charts is 248 high, the horizontal
 * bars' 400 wide), the accessible names and the table beside each drawing.
 */
function render(chart: ReactElement, english = false): string {
  return renderToString(<LangProvider value={{ english, toggle: () => {} }}>{chart}</LangProvider>);
}

/** One of the two drawings of each chart: wide (a desktop's column) or narrow (a phone's). */
function drawing(html: string, kind: 'wide' | 'narrow'): string {
  return [...html.matchAll(new RegExp(`<svg class="chart-svg chart-svg-${kind}".*?</svg>`, 'gs'))].map((m) => m[0]).join('');
}

function barAttribute(html: string, name: 'height' | 'width'): number[] {
  return [...html.matchAll(/<rect class="chart-bar"[^>]*>/g)].map((m) => Number(new RegExp(` ${name}="([\\d.]+)"`).exec(m[0])![1]));
}

const AXES = { categoryName: { ja: '号', en: 'Issue' }, valueName: { ja: '売上（円）', en: 'Revenue (yen)' } };
const yen = (v: number) => `¥${v.toLocaleString('ja-JP')}`;
const MONTHS = [{ ja: '10月号', en: 'Oct' }, { ja: '11月号', en: 'Nov' }, { ja: '12月号', en: 'Dec' }];

describe('value axis', () => {
  it('ends on a round step of 1, 2 or 5 × 10ⁿ, and an empty axis still spans 0–1', () => {
    expect(valueScale([10, 40])).toEqual({ max: 40, ticks: [0, 10, 20, 30, 40] });
    expect(valueScale([19_580]).max).toBe(20_000);
    expect(valueScale([1, 2]).ticks).toEqual([0, 1, 2]);
    expect(valueScale([0.4, 0.2]).ticks).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
    expect(valueScale([])).toEqual({ max: 1, ticks: [0, 1] });
  });
});

describe('BarChart', () => {
  const data = MONTHS.map((label, i) => ({ label, value: [10, 20, 40][i]! }));

  it('draws each bar as tall as its value on an axis ending at 40, named for the reader', () => {
    const html = render(<BarChart title={{ ja: '号別の売上', en: 'Revenue per issue' }} {...AXES} data={data} format={yen} />);
    expect(barAttribute(drawing(html, 'wide'), 'height')).toEqual([62, 124, 248]);
    // The phone's drawing: a plot 212 units high in a 360-unit-wide view, its text larger for that.
    expect(barAttribute(drawing(html, 'narrow'), 'height')).toEqual([53, 106, 212]);
    expect(drawing(html, 'narrow')).toContain('viewBox="0 0 360 300"');
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="号別の売上: 3件、最大 ¥40（12月号）"');
    expect(html).toContain('<title>号別の売上: 3件、最大 ¥40（12月号）</title>');
    expect(html).toContain('<title>11月号: ¥20</title>');
    // Axis names, and the same figures as a table for whoever cannot see the drawing.
    expect(html).toContain('売上（円）');
    expect(html).toMatch(/<details class="chart-table"><summary>表で見る<\/summary><table><caption>号別の売上<\/caption>/);
    expect(html).toContain('<th scope="row">12月号</th><td>¥40</td>');
  });

  it('speaks English under the English switch', () => {
    const html = render(<BarChart title={{ ja: '号別の売上', en: 'Revenue per issue' }} {...AXES} data={data} />, true);
    expect(html).toContain('aria-label="Revenue per issue: 3 items, highest 40 (Dec)"');
    expect(html).toContain('<summary>Show as a table</summary>');
  });

  it('lays many long names out as horizontal bars, each as long as its value', () => {
    const artists = [{ label: '星野ミライ・オフィシャルファンクラブ', value: 5 }, { label: 'ダッシュB', value: 10 }];
    const html = render(<BarChart title={{ ja: 'アーティスト別', en: 'By artist' }} {...AXES} data={artists} orientation="horizontal" />);
    expect(barAttribute(drawing(html, 'wide'), 'width')).toEqual([200, 400]);
    // The name wraps in its column rather than being cut off; the full name is in the tooltip and the table too.
    expect(drawing(html, 'wide')).toContain('>星野ミライ・オフィ</tspan><tspan x="160" dy="14">シャルファンクラブ</tspan>');
    expect(drawing(html, 'narrow')).toMatch(/>星野ミライ・<\/tspan><tspan[^>]*>オフィシャル<\/tspan><tspan[^>]*>ファンクラブ<\/tspan>/);
    expect(html).toContain('<title>星野ミライ・オフィシャルファンクラブ: 5</title>');
  });

  it('with no data says so instead of drawing an empty axis', () => {
    const html = render(<BarChart title={{ ja: '号別の売上', en: 'Revenue per issue' }} {...AXES} data={[]} />);
    expect(html).toContain('<figcaption class="chart-title">号別の売上</figcaption>');
    expect(html).toContain('まだデータがありません。');
    expect(html).not.toContain('<svg');
    expect(html).not.toContain('<table');
  });
});

describe('LineChart', () => {
  it('breaks the line where a value is undefined and marks every defined point', () => {
    const html = render(<LineChart title={{ ja: '解約率', en: 'Churn' }} {...AXES} categories={[...MONTHS, { ja: '1月号', en: 'Jan' }]}
      series={[{ name: { ja: '解約率', en: 'Churn' }, values: [null, 20, 40, 10] }]} format={(v) => `${v}%`} />);
    const path = /<path d="([^"]+)"/.exec(drawing(html, 'wide'))![1]!;
    // Four categories over 544 units: centres at 148, 284, 420, 556; 20 % on an axis to 40 % is halfway up.
    expect(path).toBe('M284 140 L420 16 L556 202');
    expect(drawing(html, 'wide').match(/<circle/g)).toHaveLength(3);
    expect(drawing(html, 'narrow').match(/<circle/g)).toHaveLength(3);
    expect(html).toContain('<th scope="row">10月号</th><td>—</td>');
    expect(html).toContain('aria-label="解約率: 4件、最大 40%（12月号）"');
  });

  it('labels every third of twelve months under the axis, the latest always, and keeps all twelve in the table', () => {
    const months = Array.from({ length: 12 }, (_, i) => ({ ja: `2026年${i + 1}月`, en: `${i + 1}/2026` }));
    const html = render(<LineChart title={{ ja: '新規', en: 'New' }} {...AXES} categories={months} series={[{ name: 'x', values: months.map((_, i) => i) }]} />);
    const axisLabels = (svg: string) => [...svg.matchAll(/<text[^>]*text-anchor="middle">(2026年\d+月)<\/text>/g)].map((m) => m[1]);
    expect(axisLabels(drawing(html, 'wide'))).toEqual(['2026年3月', '2026年6月', '2026年9月', '2026年12月']);
    // On a phone fewer fit, the latest still labelled.
    expect(axisLabels(drawing(html, 'narrow'))).toEqual(['2026年2月', '2026年7月', '2026年12月']);
    expect(html.match(/<th scope="row">2026年\d+月<\/th>/g)).toHaveLength(12);
  });

  it('with every value undefined says there is no data', () => {
    const html = render(<LineChart title={{ ja: '解約率', en: 'Churn' }} {...AXES} categories={MONTHS} series={[{ name: 'x', values: [null, null, null] }]} />);
    expect(html).toContain('まだデータがありません。');
  });
});

describe('StackedBarChart', () => {
  it('stacks each category from the axis up, the bar as tall as its whole, with a legend', () => {
    const series = [{ name: { ja: '純売上', en: 'Net' }, values: [100, 300] }, { name: { ja: '返金', en: 'Refunded' }, values: [100, 0] }];
    const html = render(<StackedBarChart title={{ ja: '号別の売上', en: 'Revenue' }} {...AXES} categories={MONTHS.slice(0, 2)} series={series} />);
    // Axis to 300 over 248 units: 100 → 82.7, 200 → 165.3 (the second segment the difference), 300 → 248; a zero draws nothing.
    expect(barAttribute(drawing(html, 'wide'), 'height')).toEqual([82.7, 82.6, 248]);
    expect(html).toContain('<title>10月号 返金: 100</title>');
    expect(html).toMatch(/<ul class="chart-legend">.*純売上.*返金.*<\/ul>/);
  });
});

describe('labels', () => {
  it('wraps a name at its spaces, a long word in even pieces, and ends a fourth line in …', () => {
    expect(wrapLabel('星乃ミライ スタンダードプラン', 8)).toEqual(['星乃ミライ', 'スタンダー', 'ドプラン']);
    expect(wrapLabel('ダッシュA ライト', 12)).toEqual(['ダッシュA ライト']);
    expect(wrapLabel('あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほ', 8)).toEqual(['あいうえおかきく', 'けこさしすせそた', 'ちつてとなにぬ…']);
  });


  it('widens the left margin for long values so none runs off the drawing', () => {
    const html = render(<BarChart title={{ ja: '売上', en: 'Revenue' }} {...AXES} data={[{ label: '12月号', value: 1_234_567 }]} format={yen} />);
    // ¥1,500,000: 10 characters at 12 units, an em of 0.62 each, plus the gap and the axis name.
    const wide = drawing(html, 'wide');
    const left = Number(/<text x="([\d.]+)" y="[\d.]+" text-anchor="end">¥1,500,000<\/text>/.exec(wide)![1]) + 6;
    expect(left).toBeGreaterThan(10 * 12 * 0.62 + 22);
  });
});

describe('every chart', () => {
  it('uses presentation attributes, never a style attribute a strict CSP would refuse', () => {
    const html = [
      render(<BarChart title={{ ja: 'a', en: 'a' }} {...AXES} data={[{ label: 'x', value: 1 }]} />),
      render(<BarChart title={{ ja: 'a', en: 'a' }} {...AXES} data={[{ label: 'x', value: 1 }]} orientation="horizontal" />),
      render(<LineChart title={{ ja: 'a', en: 'a' }} {...AXES} categories={['x']} series={[{ name: 'x', values: [1] }]} />),
      render(<StackedBarChart title={{ ja: 'a', en: 'a' }} {...AXES} categories={['x']} series={[{ name: 'x', values: [1] }, { name: 'y', values: [1] }]} />),
    ].join('');
    expect(html).not.toMatch(/\sstyle=/);
    expect(html).toContain('fill="#1f5fa8"');
  });
});
