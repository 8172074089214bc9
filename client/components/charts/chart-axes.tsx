import type { ReactNode } from 'react';
import { useLang, useT } from '../../lang.tsx';
import type { ChartProps } from './chart-frame.tsx';
import { formatWith } from './chart-frame.tsx';
import { lengthOf, round, type ValueScale } from './chart-scale.ts';
import { labelIn, type Label } from './chart-text.ts';

/** The drawing area of the vertical charts, in viewBox units; the SVG scales to its container. */
export const PLOT = { width: 640, height: 320, top: 16, right: 16, bottom: 56, left: 80 } as const;
export const PLOT_WIDTH = PLOT.width - PLOT.left - PLOT.right;
export const PLOT_HEIGHT = PLOT.height - PLOT.top - PLOT.bottom;
const AXIS_COLOUR = '#595959';
const GRID_COLOUR = '#d9d9d9';

/** The y of a value on the vertical axis. */
export function yOf(value: number, scale: ValueScale): number {
  return round(PLOT.top + PLOT_HEIGHT - lengthOf(value, scale, PLOT_HEIGHT));
}

/**
 * Every how many categories a label fits under the axis (12 months of 「2026年12月」 do not fit
 * side by side): an estimate at 12 units a character, wide enough for CJK.
 */
export function labelStep(labels: string[]): number {
  const widest = Math.max(0, ...labels.map((l) => [...l].length)) * 12 + 8;
  return Math.max(1, Math.ceil(widest / (PLOT_WIDTH / Math.max(labels.length, 1))));
}

/** The centre of category `index` of `count` along the horizontal axis. */
export function xCentre(index: number, count: number): number {
  return round(PLOT.left + (PLOT_WIDTH / count) * (index + 0.5));
}

/**
 * The `<svg role="img">` with its accessible name (aria-label and `<title>`), the value axis
 * with grid lines, the categories beneath and both axis names. Only presentation attributes
 * (fill, stroke, font-size): a CSP without 'unsafe-inline' for styles refuses style attributes.
 */
export function VerticalPlot(props: ChartProps & { scale: ValueScale; categories: Label[]; summary: string; children: ReactNode }) {
  const t = useT();
  const { english } = useLang();
  const name = `${t(props.title)}: ${props.summary}`;
  const count = props.categories.length;
  const labels = props.categories.map((label) => labelIn(label, english));
  const step = labelStep(labels);
  return (
    <svg className="chart-svg" role="img" aria-label={name} viewBox={`0 0 ${PLOT.width} ${PLOT.height}`} width="100%" fontSize="12" fill={AXIS_COLOUR}>
      <title>{name}</title>
      {props.scale.ticks.map((tick) => (
        <g key={tick}>
          <line x1={PLOT.left} x2={PLOT.width - PLOT.right} y1={yOf(tick, props.scale)} y2={yOf(tick, props.scale)} stroke={GRID_COLOUR} />
          <text x={PLOT.left - 6} y={yOf(tick, props.scale) + 4} textAnchor="end">{formatWith(props.format, tick)}</text>
        </g>
      ))}
      <line x1={PLOT.left} x2={PLOT.width - PLOT.right} y1={PLOT.top + PLOT_HEIGHT} y2={PLOT.top + PLOT_HEIGHT} stroke={AXIS_COLOUR} />
      {labels.map((label, i) => ((count - 1 - i) % step === 0 ? (
        <text key={i} x={xCentre(i, count)} y={PLOT.top + PLOT_HEIGHT + 18} textAnchor="middle">{label}</text>
      ) : null))}
      <text className="chart-axis-name" x={PLOT.left + PLOT_WIDTH / 2} y={PLOT.height - 8} textAnchor="middle">{t(props.categoryName)}</text>
      <text className="chart-axis-name" x={14} y={PLOT.top + PLOT_HEIGHT / 2} textAnchor="middle" transform={`rotate(-90 14 ${PLOT.top + PLOT_HEIGHT / 2})`}>{t(props.valueName)}</text>
      {props.children}
    </svg>
  );
}
