import { toHalfWidthDigits } from './digits.ts';

/**
 * What people type for a Japanese postal code, made into the 7 half-width digits the rules of
 * docs/spec.md §5 accept: full-width digits (１５０) become half-width, and hyphens of any width, the
 * long-vowel mark people type for one, and spaces are dropped. Anything else is left for the
 * rule to refuse.
 */
export function normalizeZip(value: string): string {
  return toHalfWidthDigits(value)
    .replace(/[-‐‑‒–—―−－ーｰ\s　〒]/g, '');
}

/** A complete postal code, ready to look up. */
export function isCompleteZip(value: string): boolean {
  return /^[0-9]{7}$/.test(value);
}

/** The start of an address from a postal-code lookup: prefecture, city, town. */
export function addressFromZip(found: { prefecture: string; city: string; town: string }): string {
  return `${found.prefecture}${found.city}${found.town}`;
}
