import { useLang } from '../../lang.tsx';
import { largestOf } from './bar-chart.tsx';
import { VerticalPlot, WIDE_PLOT, xCentre, yOf, type PlotLayout } from './chart-axes.tsx';
import { ChartFrame, formatWith, type ChartProps } from './chart-frame.tsx';
import { colourOf, valueScale, type ValueScale } from './chart-scale.ts';
import { labelIn, summaryOf, type Label } from './chart-text.ts';

export interface LineSeries {
  name: Label;
  /** One per category; null where the figure is undefined (churn with nobody active): the line breaks. */
  values: (number | null)[];
}

/** The path of one series: a move after every gap, so an undefined month is never drawn as zero. */
export function linePath(values: (number | null)[], scale: ValueScale, layout: PlotLayout = WIDE_PLOT): string {
  let gap = true;
  const steps: string[] = [];
  values.forEach((value, i) => {
    if (value === null) {
      gap = true;
      return;
    }
    steps.push(`${gap ? 'M' : 'L'}${xCentre(i, values.length, layout)} ${yOf(value, scale, layout)}`);
    gap = false;
  });
  return steps.join(' ');
}

/** Values over ordered categories (months), one line per series, each point marked and titled. */
export function LineChart(props: ChartProps & { categories: Label[]; series: LineSeries[] }) {
  const { english } = useLang();
  const { categories, series } = props;
  const all = series.flatMap((s) => s.values).filter((v): v is number => v !== null);
  const scale = valueScale(all);
  const first = series[0]?.values.flatMap((value, i) => (value === null ? [] : [{ label: categories[i] ?? '', value }])) ?? [];
  const top = largestOf(first);
  const summary = summaryOf(categories.length, top && { label: labelIn(top.label, english), value: formatWith(props.format, top.value) }, english);
  const table = {
    columns: series.map((s) => s.name),
    rows: categories.map((label, i) => ({ label, cells: series.map((s) => (s.values[i] == null ? null : formatWith(props.format, s.values[i]!))) })),
  };
  return (
    <ChartFrame title={props.title} categoryName={props.categoryName} empty={categories.length === 0 || all.length === 0} table={table} legend={series.map((s) => s.name)}>
      <VerticalPlot {...props} scale={scale} categories={categories} summary={summary}>
        {(layout) => series.map((s, n) => (
          <g key={n} className="chart-series">
            <path d={linePath(s.values, scale, layout)} fill="none" stroke={colourOf(n)} strokeWidth="2" />
            {s.values.map((value, i) => (value === null ? null : (
              <circle key={i} cx={xCentre(i, categories.length, layout)} cy={yOf(value, scale, layout)} r="3.5" fill={colourOf(n)}>
                <title>{`${labelIn(s.name, english)} ${labelIn(categories[i] ?? '', english)}: ${formatWith(props.format, value)}`}</title>
              </circle>
            )))}
          </g>
        ))}
      </VerticalPlot>
    </ChartFrame>
  );
}
