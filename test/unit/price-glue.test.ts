import { describe, expect, it } from 'vitest';
import { gluePrices } from '../../shared/price-glue.ts';

/** The text with each glued piece in brackets. */
const marked = (text: string) => gluePrices(text).map((p) => (p.glued ? `[${p.text}]` : p.text)).join('');

describe('gluePrices (issue 31: a price never stands alone on a line)', () => {
  it('keeps a price with the phrase before it, and a full-width note after it whole', () => {
    expect(marked('送料（1回分） ¥660')).toBe('[送料（1回分） ¥660]');
    expect(marked('GMO後払いの場合は手数料 ¥330 が加わり、1回 ¥4,290（税込・送料込）です'))
      .toBe('GMO後払いの場合は[手数料 ¥330] が加わり、[1回 ¥4,290][（税込・送料込）]です');
    expect(marked('Shipping (per round) ¥660')).toBe('Shipping (per [round) ¥660]');
  });

  it('keeps a price with what follows it when nothing fit comes before', () => {
    expect(marked('¥3,960（税込）')).toBe('[¥3,960（税込）]');
    expect(marked('¥3,960 (tax incl.)')).toBe('[¥3,960 (tax] incl.)');
    expect(marked('Refunded now: ¥1,234 (card)')).toBe('Refunded now: [¥1,234 (card])');
    expect(marked('¥660')).toBe('[¥660]');
  });

  it('never changes the words, and leaves a text without a price as it is', () => {
    for (const text of ['今回返金 ¥3,960（クレジットカードへ返金）', '商品（¥3,300 × 2箱） ¥6,600', 'Boxes (¥3,300 × 2) ¥6,600', '価格はありません']) {
      expect(gluePrices(text).map((p) => p.text).join('')).toBe(text);
    }
    expect(gluePrices('価格はありません')).toEqual([{ text: '価格はありません', glued: false }]);
  });
});
