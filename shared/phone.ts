import { toHalfWidthDigits } from './digits.ts';

/** Every kind of dash people type between the groups of a number, the long-vowel mark included. */
const SEPARATORS = /[-‐‑‒–—―−－ーｰ\s　()（）]/g;

/**
 * What people type for a Japanese phone number, made into the digits alone that the shop stores
 * and the rule in shared/account-rules.ts checks: full-width digits (０９０) become half-width;
 * hyphens of any width, the long-vowel mark, spaces and brackets (03(1234)5678) are dropped; an
 * international +81 becomes the leading 0. Anything else is left for the rule to refuse, as
 * normalizeZip in shared/postal-code.ts does for postal codes.
 */
export function normalizeTel(value: string): string {
  const digits = toHalfWidthDigits(value).replace(/＋/g, '+').replace(SEPARATORS, '');
  return digits.startsWith('+81') ? `0${digits.slice(3).replace(/^0/, '')}` : digits;
}
