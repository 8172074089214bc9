import type { ReactNode } from 'react';
import { useLang, useT } from '../../lang.tsx';
import type { ChartProps } from './chart-frame.tsx';
import { formatWith } from './chart-frame.tsx';
import { lengthOf, round, type ValueScale } from './chart-scale.ts';
import { labelIn, type Label } from './chart-text.ts';

/**
 * A vertical chart's drawing area in viewBox units; the SVG scales to its container. Each chart is
 * drawn twice, wide (a desktop's column) and narrow (a phone's: fewer units, so its text is not
 * scaled down to a few pixels), and the stylesheet shows the one that fits (client/styles/charts.css).
 */
export interface PlotLayout {
  kind: 'wide' | 'narrow';
  width: number;
  height: number;
  top: number;
  right: number;
  bottom: number;
  left: number;
  fontSize: number;
}

export const WIDE_PLOT: PlotLayout = { kind: 'wide', width: 640, height: 320, top: 16, right: 16, bottom: 56, left: 80, fontSize: 12 };
/** The value axis's name stands above the plot (there is no room beside it), hence the taller top; the right margin takes half of the last month's label. */
export const NARROW_PLOT: PlotLayout = { kind: 'narrow', width: 360, height: 300, top: 36, right: 28, bottom: 52, left: 40, fontSize: 14 };
export const PLOT_LAYOUTS = [WIDE_PLOT, NARROW_PLOT] as const;

export const plotWidth = (layout: PlotLayout) => layout.width - layout.left - layout.right;
export const plotHeight = (layout: PlotLayout) => layout.height - layout.top - layout.bottom;
const AXIS_COLOUR = '#595959';
const GRID_COLOUR = '#d9d9d9';
/** An upper estimate of a character's width in ems (digits, ¥ and CJK are narrower or equal). */
const CHAR_EM = 0.62;

/**
 * The layout with a left margin wide enough for the widest value label (¥1,200,000 needs more
 * than 12), plus the rotated axis name beside it on the wide drawing: no label runs off the edge.
 */
export function fitLeft(layout: PlotLayout, tickLabels: readonly string[]): PlotLayout {
  const widest = Math.max(0, ...tickLabels.map((l) => [...l].length)) * layout.fontSize * CHAR_EM;
  const need = Math.ceil(widest) + 6 + (layout.kind === 'wide' ? 22 : 4);
  return need > layout.left ? { ...layout, left: need } : layout;
}

/** The y of a value on the vertical axis. */
export function yOf(value: number, scale: ValueScale, layout: PlotLayout = WIDE_PLOT): number {
  return round(layout.top + plotHeight(layout) - lengthOf(value, scale, plotHeight(layout)));
}

/**
 * Every how many categories a label fits under the axis (12 months of 「2026年12月」 do not fit
 * side by side): an estimate at one font size a character, wide enough for CJK.
 */
export function labelStep(labels: string[], layout: PlotLayout = WIDE_PLOT): number {
  const widest = Math.max(0, ...labels.map((l) => [...l].length)) * layout.fontSize + 8;
  return Math.max(1, Math.ceil(widest / (plotWidth(layout) / Math.max(labels.length, 1))));
}

/** The centre of category `index` of `count` along the horizontal axis. */
export function xCentre(index: number, count: number, layout: PlotLayout = WIDE_PLOT): number {
  return round(layout.left + (plotWidth(layout) / count) * (index + 0.5));
}

type PlotProps = ChartProps & { scale: ValueScale; categories: Label[]; summary: string; children: (layout: PlotLayout) => ReactNode };

/**
 * The `<svg role="img">`s with their accessible name (aria-label and `<title>`), the value axis
 * with grid lines, the categories beneath and both axis names, wide and narrow (only the one
 * shown is in the accessibility tree). Only presentation attributes (fill, stroke, font-size): a
 * CSP without 'unsafe-inline' for styles refuses style attributes.
 */
export function VerticalPlot(props: PlotProps) {
  const ticks = props.scale.ticks.map((tick) => formatWith(props.format, tick));
  return <>{PLOT_LAYOUTS.map((base) => <PlotSvg key={base.kind} {...props} layout={fitLeft(base, ticks)} />)}</>;
}

function PlotSvg(props: PlotProps & { layout: PlotLayout }) {
  const t = useT();
  const { english } = useLang();
  const { layout } = props;
  const name = `${t(props.title)}: ${props.summary}`;
  const count = props.categories.length;
  const labels = props.categories.map((label) => labelIn(label, english));
  const step = labelStep(labels, layout);
  const bottom = layout.top + plotHeight(layout);
  const middle = layout.top + plotHeight(layout) / 2;
  return (
    <svg className={`chart-svg chart-svg-${layout.kind}`} role="img" aria-label={name} viewBox={`0 0 ${layout.width} ${layout.height}`} width="100%"
      fontSize={layout.fontSize} fill={AXIS_COLOUR}>
      <title>{name}</title>
      {props.scale.ticks.map((tick) => (
        <g key={tick}>
          <line x1={layout.left} x2={layout.width - layout.right} y1={yOf(tick, props.scale, layout)} y2={yOf(tick, props.scale, layout)} stroke={GRID_COLOUR} />
          <text x={layout.left - 6} y={yOf(tick, props.scale, layout) + 4} textAnchor="end">{formatWith(props.format, tick)}</text>
        </g>
      ))}
      <line x1={layout.left} x2={layout.width - layout.right} y1={bottom} y2={bottom} stroke={AXIS_COLOUR} />
      {labels.map((label, i) => ((count - 1 - i) % step === 0 ? (
        <text key={i} x={xCentre(i, count, layout)} y={bottom + layout.fontSize + 6} textAnchor="middle">{label}</text>
      ) : null))}
      <text className="chart-axis-name" x={layout.left + plotWidth(layout) / 2} y={layout.height - 8} textAnchor="middle">{t(props.categoryName)}</text>
      {layout.kind === 'wide'
        ? <text className="chart-axis-name" x={14} y={middle} textAnchor="middle" transform={`rotate(-90 14 ${middle})`}>{t(props.valueName)}</text>
        : <text className="chart-axis-name" x={0} y={layout.fontSize + 2} textAnchor="start">{t(props.valueName)}</text>}
      {props.children(layout)}
    </svg>
  );
}
