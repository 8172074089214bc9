import type { CardBrand } from '../../../shared/payment.ts';

/** Card number checks a real gateway makes before asking the issuer. */

/** ISO/IEC 7812 check digit. https://en.wikipedia.org/wiki/Luhn_algorithm */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Brands of docs/spec.md §9 by their IIN ranges; null for any other (UnionPay, Discover, Mir…). */
export function detectBrand(digits: string): CardBrand | null {
  const n2 = Number(digits.slice(0, 2));
  const n3 = Number(digits.slice(0, 3));
  const n4 = Number(digits.slice(0, 4));
  if (/^4/.test(digits) && [13, 16, 19].includes(digits.length)) return 'Visa';
  if (((n2 >= 51 && n2 <= 55) || (n4 >= 2221 && n4 <= 2720)) && digits.length === 16) return 'Mastercard';
  if (n4 >= 3528 && n4 <= 3589 && digits.length >= 16 && digits.length <= 19) return 'JCB';
  if ((n2 === 34 || n2 === 37) && digits.length === 15) return 'American Express';
  if (((n3 >= 300 && n3 <= 305) || n2 === 36 || n2 === 38 || n2 === 39 || n3 === 309) && digits.length >= 14 && digits.length <= 16) {
    return 'Diners Club';
  }
  return null;
}

/** Spaces and hyphens as people type them are fine; anything else is not a card number. */
export function normaliseCardNumber(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

/** MM/YY not yet past at the end of its month (cards are valid through the last day). */
export function parseExpiry(value: string, now: Date): { ok: true; expiry: string } | { ok: false; past: boolean } {
  const match = /^\s*(0[1-9]|1[0-2])\s*\/\s*(\d{2})\s*$/.exec(value);
  if (!match) return { ok: false, past: false };
  const [, mm, yy] = match as unknown as [string, string, string];
  const endOfMonth = Date.UTC(2000 + Number(yy), Number(mm), 1) - 9 * 3600_000; // first of next month, JST
  if (endOfMonth <= now.getTime()) return { ok: false, past: true };
  return { ok: true, expiry: `${mm}/${yy}` };
}
