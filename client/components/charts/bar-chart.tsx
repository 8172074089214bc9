import { useLang } from '../../lang.tsx';
import { plotHeight, plotWidth, VerticalPlot, xCentre, yOf, type PlotLayout } from './chart-axes.tsx';
import { ChartFrame, formatWith, type ChartProps } from './chart-frame.tsx';
import { colourOf, lengthOf, round, valueScale } from './chart-scale.ts';
import { labelIn, summaryOf, type Label } from './chart-text.ts';
import { HorizontalBars } from './horizontal-bars.tsx';

export interface BarDatum {
  label: Label;
  value: number;
}

/** Largest first among ties the earliest: what the accessible name calls out. */
export function largestOf(data: BarDatum[]): BarDatum | null {
  return data.reduce<BarDatum | null>((best, d) => (!best || d.value > best.value ? d : best), null);
}

/**
 * One value per category as bars: vertical for a few (months, rounds), horizontal for many or
 * long names (artists, plans), which then stay readable on a phone.
 */
export function BarChart(props: ChartProps & { data: BarDatum[]; orientation?: 'vertical' | 'horizontal' }) {
  const { english } = useLang();
  const { data } = props;
  const scale = valueScale(data.map((d) => d.value));
  const top = largestOf(data);
  const summary = summaryOf(data.length, top && { label: labelIn(top.label, english), value: formatWith(props.format, top.value) }, english);
  const table = { columns: [props.valueName], rows: data.map((d) => ({ label: d.label, cells: [formatWith(props.format, d.value)] })) };
  const barWidth = (layout: PlotLayout) => round(Math.min((plotWidth(layout) / Math.max(data.length, 1)) * 0.6, 56));
  return (
    <ChartFrame title={props.title} categoryName={props.categoryName} empty={data.length === 0} table={table}>
      {props.orientation === 'horizontal' ? <HorizontalBars {...props} scale={scale} summary={summary} /> : (
        <VerticalPlot {...props} scale={scale} categories={data.map((d) => d.label)} summary={summary}>
          {(layout) => (
            <>
              {data.map((d, i) => (
                <rect key={i} className="chart-bar" x={round(xCentre(i, data.length, layout) - barWidth(layout) / 2)} y={yOf(d.value, scale, layout)}
                  width={barWidth(layout)} height={lengthOf(d.value, scale, plotHeight(layout))} fill={colourOf(0)}>
                  <title>{`${labelIn(d.label, english)}: ${formatWith(props.format, d.value)}`}</title>
                </rect>
              ))}
              <line x1={layout.left} x2={layout.left} y1={layout.top} y2={layout.top + plotHeight(layout)} stroke="#595959" />
            </>
          )}
        </VerticalPlot>
      )}
    </ChartFrame>
  );
}
