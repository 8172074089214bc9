import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDeadline,
  formatNumber,
  formatPreTaxNote,
  formatPreTaxPrice,
  formatPrice,
} from '../../shared/format.ts';

describe('formatDate', () => {
  it('shows the date in Tokyo, which is already the next day after 15:00 UTC', () => {
    expect(formatDate('2026-11-21T15:30:00Z')).toBe('2026/11/22');
    expect(formatDate('2026-11-21T14:59:59Z')).toBe('2026/11/21');
  });

  it('accepts a Date and pads month and day', () => {
    expect(formatDate(new Date('2026-01-04T00:00:00+09:00'))).toBe('2026/01/04');
  });
});

describe('formatDateTime', () => {
  it('shows the date as formatDate does, then hour and minute, in Tokyo time', () => {
    expect(formatDateTime('2026-11-22T09:30:00Z')).toBe('2026/11/22 18:30');
  });

  it('uses the 24-hour clock and rolls the date over in Tokyo', () => {
    expect(formatDateTime('2026-12-31T15:05:00Z')).toBe('2027/01/01 00:05');
    expect(formatDateTime(new Date('2026-03-01T23:45:00+09:00'))).toBe('2026/03/01 23:45');
  });
});

describe('formatDeadline', () => {
  it('names the deadline once, with its time (issue 31: 「申込締切 2026/12/06 23:59」)', () => {
    expect(formatDeadline('2026-12-06T14:59:59Z')).toBe('申込締切 2026/12/06 23:59');
    expect(formatDeadline('2026-12-06T14:59:59Z', true)).toBe('Order by 2026/12/06 23:59 (JST)');
    // A midnight deadline: the last minute still accepted is 23:59 of the day before.
    expect(formatDeadline('2026-12-06T15:00:00Z')).toBe('申込締切 2026/12/06 23:59');
  });
});

describe('pre-tax notes', () => {
  it('keeps full-width brackets in Japanese and half-width ones in English', () => {
    expect(formatPreTaxNote(3000)).toBe('（税抜 ¥3,000）');
    expect(formatPreTaxNote(3000, true)).toBe('(¥3,000 before tax)');
  });
});

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [12345, '12,345'],
    [1234567, '1,234,567'],
  ])('%i is %s', (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });

  it('reads as Intl ja-JP does, for whole numbers of every length, signs and the rest', () => {
    const intl = new Intl.NumberFormat('ja-JP');
    const values = [-0, -1, -999, -1000, -1234567, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 53, 1e21, 1.5, -2.345678, 0.0001, NaN, Infinity, -Infinity];
    for (let digits = 1; digits <= 16; digits++) values.push(Number('9'.repeat(digits)), 10 ** (digits - 1), -Number('7'.repeat(digits)));
    for (const value of values) expect(formatNumber(value), String(value)).toBe(intl.format(value));
  });
});

// Issue 35: the module's top level built an Intl formatter, one of the longest tasks of a page's
// start-up; whole yen now never needs one.
describe('formatNumber at start-up', () => {
  it('builds no Intl formatter when the module loads or formats whole yen', async () => {
    const Original = Intl.NumberFormat;
    let made = 0;
    Intl.NumberFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        made++;
      }
    } as typeof Intl.NumberFormat;
    try {
      // A fresh copy of the module, evaluated now: Vite keys modules by URL, query included.
      const freshUrl = '../../shared/format.ts?startup';
      const fresh = (await import(/* @vite-ignore */ freshUrl)) as typeof import('../../shared/format.ts');
      expect(fresh.formatPrice(3960)).toBe('¥3,960（税込）');
      expect(made).toBe(0);
      expect(fresh.formatNumber(1.5)).toBe('1.5');
      expect(made).toBe(1);
    } finally {
      Intl.NumberFormat = Original;
    }
  });
});

describe('formatPrice', () => {
  it('shows the tax-included price with the Japanese tax note', () => {
    expect(formatPrice(1234)).toBe('¥1,234（税込）');
    expect(formatPrice(3300)).toBe('¥3,300（税込）');
  });

  it('has an English form', () => {
    expect(formatPrice(1234, true)).toBe('¥1,234 (tax incl.)');
  });

  it('formats the pre-tax price in both languages', () => {
    expect(formatPreTaxPrice(1122)).toBe('税抜 ¥1,122');
    expect(formatPreTaxPrice(1122, true)).toBe('¥1,122 before tax');
  });
});
