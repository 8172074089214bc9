import { describe, expect, it } from 'vitest';
import {
  DEFERRED_PAYMENT,
  DEFERRED_PAYMENT_FEE,
  SHIPPING_FEE,
  commissionAt,
  lateFeeTotal,
  legacyCommission,
  withTax,
} from '../../shared/money.ts';

describe('withTax', () => {
  it.each([
    [3000, 3300],
    [5000, 5500],
    [1, 1],
    [9, 9],
    [10, 11],
    [999, 1098],
    [0, 0],
  ])('%i yen before tax is %i yen with tax (rounded down)', (preTax, taxIncluded) => {
    expect(withTax(preTax)).toBe(taxIncluded);
  });
});

describe('fee constants (docs/spec.md §9)', () => {
  it('ships for 600 yen before tax, 660 with tax', () => {
    expect(SHIPPING_FEE).toEqual({ preTax: 600, taxIncluded: 660 });
    expect(withTax(SHIPPING_FEE.preTax)).toBe(SHIPPING_FEE.taxIncluded);
  });

  it('charges 300 yen before tax, 330 with tax, per deferred-payment application', () => {
    expect(DEFERRED_PAYMENT_FEE).toEqual({ preTax: 300, taxIncluded: 330 });
    expect(withTax(DEFERRED_PAYMENT_FEE.preTax)).toBe(DEFERRED_PAYMENT_FEE.taxIncluded);
  });

  it('keeps the deferred-payment terms', () => {
    expect(DEFERRED_PAYMENT).toEqual({
      dueDays: 14,
      lateFeeTaxIncluded: 297,
      maxLateFees: 3,
      cumulativeLimitTaxIncluded: 55_000,
    });
  });
});

describe('commissionAt (boundaries in Japan time)', () => {
  const cases: [string, boolean, number][] = [
    ['2019-01-01T12:00:00+09:00', false, 182],
    ['2019-01-01T12:00:00+09:00', true, 200],
    ['2020-03-10T23:59:59+09:00', false, 182],
    ['2020-03-10T23:59:59+09:00', true, 200],
    ['2020-03-11T00:00:00+09:00', false, 200],
    ['2020-03-11T00:00:00+09:00', true, 200],
    ['2022-06-10T23:59:59+09:00', false, 200],
    ['2022-06-10T23:59:59+09:00', true, 200],
    ['2022-06-11T00:00:00+09:00', false, 300],
    ['2022-06-11T00:00:00+09:00', true, 330],
    ['2030-01-01T00:00:00+09:00', false, 300],
    ['2030-01-01T00:00:00+09:00', true, 330],
  ];

  it.each(cases)('at %s with flag %s the commission is %i', (iso, flag, expected) => {
    expect(commissionAt(new Date(iso), flag)).toBe(expected);
  });

  it('switches at midnight in Tokyo, not at midnight UTC', () => {
    // 2020-03-10T20:00Z is already 2020-03-11 05:00 in Tokyo.
    expect(commissionAt(new Date('2020-03-10T20:00:00Z'), false)).toBe(200);
    // 2022-06-10T14:59Z is still 2022-06-10 23:59 in Tokyo.
    expect(commissionAt(new Date('2022-06-10T14:59:59Z'), true)).toBe(200);
    expect(commissionAt(new Date('2022-06-10T15:00:00Z'), true)).toBe(330);
  });
});

describe('legacyCommission', () => {
  it('is 200 yen', () => {
    expect(legacyCommission()).toBe(200);
  });
});

describe('lateFeeTotal', () => {
  it.each([
    [0, 0],
    [1, 297],
    [2, 594],
    [3, 891],
    [4, 891],
    [100, 891],
    [-1, 0],
  ])('after %i reminders the late fees total %i yen', (count, total) => {
    expect(lateFeeTotal(count)).toBe(total);
  });
});
