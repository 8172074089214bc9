import type { ReactNode } from 'react';
import type { Text } from '../../../shared/text.ts';
import { useLang, useT } from '../../lang.tsx';
import { colourOf } from './chart-scale.ts';
import { CHART_TEXT, labelIn, type Label } from './chart-text.ts';

/** What every chart says about itself: its title, the names of its axes and how a value reads. */
export interface ChartProps {
  title: Text;
  categoryName: Text;
  valueName: Text;
  /** A value as shown (axis, table, tooltips): e.g. `¥12,345` or `14.3%`; plain digits by default. */
  format?: (value: number) => string;
}

/** The same figures as a table, for screen readers, keyboard users and anyone who wants numbers. */
export interface TableData {
  columns: Label[];
  rows: { label: Label; cells: (string | null)[] }[];
}

function ChartTable({ title, categoryName, table }: { title: Text; categoryName: Text; table: TableData }) {
  const { english } = useLang();
  const t = useT();
  return (
    <details className="chart-table">
      <summary>{t(CHART_TEXT.showTable)}</summary>
      <table>
        <caption>{t(title)}</caption>
        <thead>
          <tr><th scope="col">{t(categoryName)}</th>{table.columns.map((c, i) => <th scope="col" key={i}>{labelIn(c, english)}</th>)}</tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            <tr key={i}><th scope="row">{labelIn(row.label, english)}</th>{row.cells.map((cell, j) => <td key={j}>{cell ?? '—'}</td>)}</tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** A legend in HTML (it wraps on a phone); each swatch is a tiny SVG so no inline style is needed under a strict CSP. */
export function ChartLegend({ names }: { names: Label[] }) {
  const { english } = useLang();
  if (names.length < 2) return null;
  return (
    <ul className="chart-legend">
      {names.map((name, i) => (
        <li key={i}><svg width="12" height="12" aria-hidden="true" focusable="false"><rect width="12" height="12" fill={colourOf(i)} /></svg> {labelIn(name, english)}</li>
      ))}
    </ul>
  );
}

/**
 * A chart's figure: the caption, the drawing (or, with nothing to draw, a sentence saying so) and
 * the table. Drawn on the server: it shows without JavaScript.
 */
export function ChartFrame(props: { title: Text; categoryName: Text; empty: boolean; table: TableData; legend?: Label[]; children: ReactNode }) {
  const t = useT();
  return (
    <figure className="chart">
      <figcaption className="chart-title">{t(props.title)}</figcaption>
      {props.empty ? <p className="chart-empty">{t(CHART_TEXT.noData)}</p> : (
        <>
          {props.children}
          {props.legend ? <ChartLegend names={props.legend} /> : null}
          <ChartTable title={props.title} categoryName={props.categoryName} table={props.table} />
        </>
      )}
    </figure>
  );
}

export function formatWith(format: ((value: number) => string) | undefined, value: number): string {
  return format ? format(value) : String(value);
}
