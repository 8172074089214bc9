import type { Text } from '../../../shared/text.ts';

/** The charts' own words; titles, axis names and labels come from the caller. */
export const CHART_TEXT = {
  noData: { ja: 'まだデータがありません。', en: 'No data yet.' },
  showTable: { ja: '表で見る', en: 'Show as a table' },
} as const satisfies Record<string, Text>;

/** A category: translated text, or a name that is the same in both languages (an artist's). */
export type Label = Text | string;

export function labelIn(label: Label, english: boolean): string {
  return typeof label === 'string' ? label : english ? label.en : label.ja;
}

/** The sentence after a chart's title in its accessible name: how many, and the largest. */
export function summaryOf(count: number, largest: { label: string; value: string } | null, english: boolean): string {
  if (!largest) return english ? `${count} items` : `${count}件`;
  return english ? `${count} items, highest ${largest.value} (${largest.label})` : `${count}件、最大 ${largest.value}（${largest.label}）`;
}
