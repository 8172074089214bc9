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

/**
 * Stored digits with hyphens, as the carriers' software prints them and a spreadsheet keeps them
 * as text (0312345678 typed into Excel loses its zero): mobile and IP numbers 3-4-4, Tokyo and
 * Osaka 2-4-4, 0120/0800 4-3-3(4), other landlines 3-3-4. The exact area-code split of other
 * landlines varies; the carriers read the digits, so only the printed grouping may differ.
 * Anything that is not a domestic number is returned as it is.
 */
export function hyphenatedTel(tel: string): string {
  const groups = (...sizes: number[]) => {
    let at = 0;
    return sizes.map((size) => tel.slice(at, (at += size))).join('-');
  };
  if (/^0[2-9]0\d{8}$/.test(tel)) return groups(3, 4, 4);
  if (/^0(120|800)\d{6,7}$/.test(tel)) return groups(4, 3, tel.length - 7);
  if (/^0[36]\d{8}$/.test(tel)) return groups(2, 4, 4);
  if (/^0[1-9]\d{8}$/.test(tel)) return groups(3, 3, 4);
  return tel;
}
