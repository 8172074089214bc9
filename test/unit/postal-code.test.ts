import { describe, expect, it } from 'vitest';
import { addressFromZip, isCompleteZip, normalizeZip } from '../../shared/postal-code.ts';

describe('normalizeZip', () => {
  it('turns full-width digits half-width and drops hyphens, spaces and the 〒 mark', () => {
    expect(normalizeZip('１５０－０００２')).toBe('1500002');
    expect(normalizeZip('150-0002')).toBe('1500002');
    expect(normalizeZip('〒150ー0002')).toBe('1500002');
    expect(normalizeZip(' 150 0002 ')).toBe('1500002');
    expect(normalizeZip('150−0002')).toBe('1500002');
  });

  it('leaves other characters for the rule to refuse', () => {
    expect(normalizeZip('15O-0002')).toBe('15O0002');
    expect(isCompleteZip(normalizeZip('15O-0002'))).toBe(false);
  });
});

describe('isCompleteZip / addressFromZip', () => {
  it('accepts exactly seven half-width digits', () => {
    expect(isCompleteZip('1500002')).toBe(true);
    expect(isCompleteZip('150002')).toBe(false);
    expect(isCompleteZip('15000021')).toBe(false);
  });

  it('joins prefecture, city and town', () => {
    expect(addressFromZip({ prefecture: '東京都', city: '渋谷区', town: '渋谷' })).toBe('東京都渋谷区渋谷');
  });
});
