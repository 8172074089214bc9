import { describe, expect, it } from 'vitest';
import { normalizeTel } from '../../shared/phone.ts';

describe('normalizeTel', () => {
  it('turns full-width digits half-width and drops hyphens, the long-vowel mark, spaces and brackets', () => {
    expect(normalizeTel('090-1234-5678')).toBe('09012345678');
    expect(normalizeTel('０９０１２３４５６７８')).toBe('09012345678');
    expect(normalizeTel('０９０－１２３４－５６７８')).toBe('09012345678');
    expect(normalizeTel('090ー1234ー5678')).toBe('09012345678');
    expect(normalizeTel('090−1234−5678')).toBe('09012345678');
    expect(normalizeTel(' 03　1234 5678 ')).toBe('0312345678');
    expect(normalizeTel('03(1234)5678')).toBe('0312345678');
    expect(normalizeTel('（03）1234-5678')).toBe('0312345678');
  });

  it('makes an international +81 number national', () => {
    expect(normalizeTel('+81 90-1234-5678')).toBe('09012345678');
    expect(normalizeTel('＋８１ ９０ １２３４ ５６７８')).toBe('09012345678');
    expect(normalizeTel('+81 (0)3-1234-5678')).toBe('0312345678');
  });

  it('leaves other characters and the count of digits for the rule to refuse', () => {
    expect(normalizeTel('090-1234-567O')).toBe('0901234567O');
    expect(normalizeTel('03.1234.5678')).toBe('03.1234.5678');
    expect(normalizeTel('090-1234')).toBe('0901234');
  });
});
