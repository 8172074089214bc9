import { useLang, useT } from '../../lang.tsx';
import type { BarDatum } from './bar-chart.tsx';
import { formatWith, type ChartProps } from './chart-frame.tsx';
import { colourOf, lengthOf, round, type ValueScale } from './chart-scale.ts';
import { labelIn } from './chart-text.ts';

const ROW = 28;
const LAYOUT = { width: 640, top: 8, bottom: 44, left: 168, right: 72 } as const;
const LABEL_CHARS = 12;

/** A long name cut to fit the label column; the full one is in the bar's tooltip and the table. */
function clipped(name: string): string {
  const chars = [...name];
  return chars.length > LABEL_CHARS ? `${chars.slice(0, LABEL_CHARS - 1).join('')}…` : name;
}

/** Bars along the value axis, one row per category, the chart as tall as it has rows. */
export function HorizontalBars(props: ChartProps & { data: BarDatum[]; scale: ValueScale; summary: string }) {
  const t = useT();
  const { english } = useLang();
  const plotWidth = LAYOUT.width - LAYOUT.left - LAYOUT.right;
  const height = LAYOUT.top + props.data.length * ROW + LAYOUT.bottom;
  const axisY = LAYOUT.top + props.data.length * ROW;
  const name = `${t(props.title)}: ${props.summary}`;
  return (
    <svg className="chart-svg" role="img" aria-label={name} viewBox={`0 0 ${LAYOUT.width} ${height}`} width="100%" fontSize="12" fill="#595959">
      <title>{name}</title>
      {props.scale.ticks.map((tick) => {
        const x = round(LAYOUT.left + lengthOf(tick, props.scale, plotWidth));
        return (
          <g key={tick}>
            <line x1={x} x2={x} y1={LAYOUT.top} y2={axisY} stroke="#d9d9d9" />
            <text x={x} y={axisY + 16} textAnchor="middle">{formatWith(props.format, tick)}</text>
          </g>
        );
      })}
      {props.data.map((d, i) => {
        const label = labelIn(d.label, english);
        const y = LAYOUT.top + i * ROW;
        const width = lengthOf(d.value, props.scale, plotWidth);
        return (
          <g key={i}>
            <text x={LAYOUT.left - 8} y={y + ROW / 2 + 4} textAnchor="end">{clipped(label)}</text>
            <rect className="chart-bar" x={LAYOUT.left} y={y + 5} width={width} height={ROW - 10} fill={colourOf(0)}>
              <title>{`${label}: ${formatWith(props.format, d.value)}`}</title>
            </rect>
            <text x={LAYOUT.left + width + 6} y={y + ROW / 2 + 4}>{formatWith(props.format, d.value)}</text>
          </g>
        );
      })}
      <line x1={LAYOUT.left} x2={LAYOUT.left} y1={LAYOUT.top} y2={axisY} stroke="#595959" />
      <text className="chart-axis-name" x={LAYOUT.left + plotWidth / 2} y={height - 6} textAnchor="middle">{t(props.valueName)}</text>
    </svg>
  );
}
