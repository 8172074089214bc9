import type { CSSProperties } from 'react';

/**
 * The artist's backgroundColor tints its hero and cards. The colour is data, so it is checked:
 * only a #rrggbb colour light enough for the shop's dark ink, soft ink and deep-pink labels to
 * keep a 4.5:1 contrast (WCAG 1.4.3) is used; anything else falls back to the shop's own pastel.
 */
export const FALLBACK_ARTIST_BG = '#fff0f5';

/** The darkest text colours drawn on the tint (base.css --ink-soft and --pink-deep). */
const TEXT_ON_TINT = ['#5c5366', '#c2185b'] as const;
const MIN_CONTRAST = 4.5;

function channel(hex: string, at: number): number {
  const value = parseInt(hex.slice(at, at + 2), 16) / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The tint to use for an artist: its own colour when readable, otherwise the fallback. */
export function readableTint(color: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(color)) return FALLBACK_ARTIST_BG;
  return TEXT_ON_TINT.every((ink) => contrastRatio(color, ink) >= MIN_CONTRAST) ? color : FALLBACK_ARTIST_BG;
}

type TintStyle = CSSProperties & Record<'--artist-bg', string>;

/** Inline style carrying the tint as `--artist-bg` for the stylesheet to use. */
export function artistTintStyle(color: string): TintStyle {
  return { '--artist-bg': readableTint(color) };
}
