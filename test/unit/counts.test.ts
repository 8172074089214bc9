import { describe, expect, it } from 'vitest';
import { BOXES, countText, ITEMS } from '../../shared/counts.ts';
import { describeCharge, roundLabel } from '../../shared/price-display.ts';
import { roundCharge } from '../../shared/money.ts';

/** Issue 31: counts read naturally in English ("1 box", "2 boxes"), never "box(es)". */
describe('counts in both languages', () => {
  it.each([[1, '1箱', '1 box'], [2, '2箱', '2 boxes'], [0, '0箱', '0 boxes']])('%i box(es) reads %s / %s', (n, _ja, en) => {
    expect(countText(n, BOXES)).toEqual({ ja: `${n}箱`, en });
  });

  it('goods in a box: 1 item, 5 items', () => {
    expect(countText(1, ITEMS)).toEqual({ ja: '1点', en: '1 item' });
    expect(countText(5, ITEMS).en).toBe('5 items');
  });

  it('the headline of two boxes every three months, and the amount with tax and shipping', () => {
    const charge = roundCharge({ price: 3300, preTaxPrice: 3000 }, 2, false, new Date('2026-12-01T00:00:00Z'));
    const price = describeCharge(charge, { count: 2, period: 3 });
    expect(roundLabel(price)).toEqual({ ja: '1回のお届け（3か月ごと・2箱）', en: 'Per delivery (every 3 months, 2 boxes)' });
  });
});
