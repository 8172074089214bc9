/**
 * The arithmetic of the server-drawn charts: a value axis that ends on a round number, and
 * lengths in the SVG's own units (the viewBox), rounded to 0.1 so the markup is stable.
 */
export interface ValueScale {
  max: number;
  ticks: number[];
}

/**
 * Tick steps of 1, 2 or 5 × 10ⁿ, at most `ticks` of them above zero; an empty axis still has 0–1.
 * Whole-number data (counts, yen) never gets a tick of 0.5.
 */
export function valueScale(values: number[], ticks = 4): ValueScale {
  const largest = Math.max(0, ...values);
  if (!(largest > 0)) return { max: 1, ticks: [0, 1] };
  const rough = Math.max(largest / ticks, values.every(Number.isInteger) ? 1 : 0);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const max = Math.ceil(largest / step) * step;
  return { max, ticks: Array.from({ length: Math.round(max / step) + 1 }, (_, i) => round(i * step)) };
}

/** `value` of `scale.max` as a length of `extent` units. */
export function lengthOf(value: number, scale: ValueScale, extent: number): number {
  return round((Math.max(value, 0) / scale.max) * extent);
}

export function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** Series colours with at least 3:1 contrast on white (WCAG 1.4.11), as presentation attributes. */
export const SERIES_COLOURS = ['#1f5fa8', '#c2410c', '#15803d', '#7e22ce', '#a16207', '#be185d'] as const;

export function colourOf(index: number): string {
  return SERIES_COLOURS[index % SERIES_COLOURS.length]!;
}
