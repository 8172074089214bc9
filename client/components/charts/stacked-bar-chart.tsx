import { useLang } from '../../lang.tsx';
import { largestOf } from './bar-chart.tsx';
import { plotHeight, plotWidth, VerticalPlot, WIDE_PLOT, xCentre, yOf, type PlotLayout } from './chart-axes.tsx';
import { ChartFrame, formatWith, type ChartProps } from './chart-frame.tsx';
import { colourOf, lengthOf, round, valueScale, type ValueScale } from './chart-scale.ts';
import { labelIn, summaryOf, type Label } from './chart-text.ts';

export interface StackSeries {
  name: Label;
  /** One per category, never negative; stacked from the axis up in the order of the series. */
  values: number[];
}

interface Segment { series: number; value: number; y: number; height: number }

/** Each category's segments from the bottom up: a segment starts where the one below it ends. */
export function stackSegments(series: StackSeries[], index: number, scale: ValueScale, layout: PlotLayout = WIDE_PLOT): Segment[] {
  let below = 0;
  const extent = plotHeight(layout);
  return series.flatMap((s, n) => {
    const value = Math.max(s.values[index] ?? 0, 0);
    const segment = { series: n, value, y: yOf(below + value, scale, layout), height: round(lengthOf(below + value, scale, extent) - lengthOf(below, scale, extent)) };
    below += value;
    return value > 0 ? [segment] : [];
  });
}

/** Parts of a whole per category (a round's net revenue and its refunds): the bar is the whole. */
export function StackedBarChart(props: ChartProps & { categories: Label[]; series: StackSeries[] }) {
  const { english } = useLang();
  const { categories, series } = props;
  const totals = categories.map((label, i) => ({ label, value: series.reduce((sum, s) => sum + Math.max(s.values[i] ?? 0, 0), 0) }));
  const scale = valueScale(totals.map((t) => t.value));
  const top = largestOf(totals);
  const summary = summaryOf(categories.length, top && { label: labelIn(top.label, english), value: formatWith(props.format, top.value) }, english);
  const table = {
    columns: series.map((s) => s.name),
    rows: categories.map((label, i) => ({ label, cells: series.map((s) => formatWith(props.format, s.values[i] ?? 0)) })),
  };
  const barWidth = (layout: PlotLayout) => round(Math.min((plotWidth(layout) / Math.max(categories.length, 1)) * 0.6, 56));
  return (
    <ChartFrame title={props.title} categoryName={props.categoryName} empty={categories.length === 0} table={table} legend={series.map((s) => s.name)}>
      <VerticalPlot {...props} scale={scale} categories={categories} summary={summary}>
        {(layout) => categories.map((label, i) => (
          <g key={i}>
            {stackSegments(series, i, scale, layout).map((seg) => (
              <rect key={seg.series} className="chart-bar" x={round(xCentre(i, categories.length, layout) - barWidth(layout) / 2)} y={seg.y} width={barWidth(layout)}
                height={seg.height} fill={colourOf(seg.series)}>
                <title>{`${labelIn(label, english)} ${labelIn(series[seg.series]!.name, english)}: ${formatWith(props.format, seg.value)}`}</title>
              </rect>
            ))}
          </g>
        ))}
      </VerticalPlot>
    </ChartFrame>
  );
}
