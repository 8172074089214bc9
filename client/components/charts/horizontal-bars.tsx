import { useLang, useT } from '../../lang.tsx';
import type { BarDatum } from './bar-chart.tsx';
import { formatWith, type ChartProps } from './chart-frame.tsx';
import { colourOf, lengthOf, round, type ValueScale } from './chart-scale.ts';
import { labelIn } from './chart-text.ts';

/** Wide (a desktop's column) and narrow (a phone's) drawings, as the vertical charts (chart-axes.tsx). */
interface BarsLayout { kind: 'wide' | 'narrow'; width: number; top: number; bottom: number; left: number; right: number; fontSize: number; lineChars: number }
const BARS_LAYOUTS: readonly BarsLayout[] = [
  { kind: 'wide', width: 640, top: 8, bottom: 44, left: 168, right: 72, fontSize: 12, lineChars: 12 },
  { kind: 'narrow', width: 360, top: 8, bottom: 44, left: 132, right: 44, fontSize: 14, lineChars: 8 },
];
const MIN_ROW = 28;
const BAR = 18;
const MAX_LINES = 3;

/** A word longer than a line in even pieces (「スタンダー」「ドプラン」, not 「スタンダードプラ」「ン」). */
function piecesOf(word: string, lineChars: number): string[] {
  const chars = [...word];
  if (chars.length <= lineChars) return [word];
  const size = Math.ceil(chars.length / Math.ceil(chars.length / lineChars));
  return Array.from({ length: Math.ceil(chars.length / size) }, (_, i) => chars.slice(i * size, (i + 1) * size).join(''));
}

/**
 * A name in lines that fit the label column, broken at spaces, a longer word in even pieces
 * (Japanese has no spaces); beyond three lines the last ends in 「…」, the full name being in the
 * tooltip and the table.
 */
export function wrapLabel(name: string, lineChars: number): string[] {
  const lines: string[] = [];
  for (const word of name.trim().split(/\s+/).flatMap((w) => piecesOf(w, lineChars))) {
    const last = lines.at(-1);
    if (last !== undefined && [...last].length + 1 + [...word].length <= lineChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length <= MAX_LINES) return lines;
  const last = [...lines[MAX_LINES - 1]!];
  return [...lines.slice(0, MAX_LINES - 1), `${last.slice(0, lineChars - 1).join('')}…`];
}

/** Bars along the value axis, one row per category, the chart as tall as its rows (a row as tall as its name's lines). */
export function HorizontalBars(props: ChartProps & { data: BarDatum[]; scale: ValueScale; summary: string }) {
  return <>{BARS_LAYOUTS.map((layout) => <BarsSvg key={layout.kind} {...props} layout={layout} />)}</>;
}

function BarsSvg(props: ChartProps & { data: BarDatum[]; scale: ValueScale; summary: string; layout: BarsLayout }) {
  const t = useT();
  const { english } = useLang();
  const { layout } = props;
  const lineHeight = layout.fontSize + 2;
  const names = props.data.map((d) => wrapLabel(labelIn(d.label, english), layout.lineChars));
  const row = Math.max(MIN_ROW, Math.max(1, ...names.map((n) => n.length)) * lineHeight + 10);
  const plotWidth = layout.width - layout.left - layout.right;
  const axisY = layout.top + props.data.length * row;
  const height = axisY + layout.bottom;
  const name = `${t(props.title)}: ${props.summary}`;
  return (
    <svg className={`chart-svg chart-svg-${layout.kind}`} role="img" aria-label={name} viewBox={`0 0 ${layout.width} ${height}`} width="100%" fontSize={layout.fontSize} fill="#595959">
      <title>{name}</title>
      {props.scale.ticks.map((tick) => {
        const x = round(layout.left + lengthOf(tick, props.scale, plotWidth));
        return (
          <g key={tick}>
            <line x1={x} x2={x} y1={layout.top} y2={axisY} stroke="#d9d9d9" />
            <text x={x} y={axisY + layout.fontSize + 4} textAnchor="middle">{formatWith(props.format, tick)}</text>
          </g>
        );
      })}
      {props.data.map((d, i) => {
        const y = layout.top + i * row;
        const width = lengthOf(d.value, props.scale, plotWidth);
        const lines = names[i]!;
        const firstLine = round(y + row / 2 + 4 - ((lines.length - 1) * lineHeight) / 2);
        const barY = round(y + (row - BAR) / 2);
        return (
          <g key={i}>
            <text x={layout.left - 8} y={firstLine} textAnchor="end">
              {lines.map((line, n) => <tspan key={n} x={layout.left - 8} dy={n === 0 ? 0 : lineHeight}>{line}</tspan>)}
            </text>
            <rect className="chart-bar" x={layout.left} y={barY} width={width} height={BAR} fill={colourOf(0)}>
              <title>{`${labelIn(d.label, english)}: ${formatWith(props.format, d.value)}`}</title>
            </rect>
            <text x={layout.left + width + 6} y={barY + BAR / 2 + 4}>{formatWith(props.format, d.value)}</text>
          </g>
        );
      })}
      <line x1={layout.left} x2={layout.left} y1={layout.top} y2={axisY} stroke="#595959" />
      <text className="chart-axis-name" x={layout.left + plotWidth / 2} y={height - 6} textAnchor="middle">{t(props.valueName)}</text>
    </svg>
  );
}
