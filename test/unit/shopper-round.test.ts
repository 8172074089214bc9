import { describe, expect, it } from 'vitest';
import { parseShopperPayOutcome, pausesAfterLapses, shopperRoundActionText, SHOPPER_ROUND_STATUS_TEXTS } from '../../shared/shopper-round.ts';

describe('shared/shopper-round.ts', () => {
  it('pauses at the configured number of lapses in a row; 0 never pauses', () => {
    expect([pausesAfterLapses(1, 2), pausesAfterLapses(2, 2), pausesAfterLapses(3, 2)]).toEqual([false, true, true]);
    expect(pausesAfterLapses(50, 0)).toBe(false);
  });

  it('says the round, the amount, the last minute to pay and the method on my page', () => {
    const text = shopperRoundActionText({ ja: '1月号', en: 'Jan 2027 box' }, '推しテスト', 3960, '2026-12-31T15:00:00.000Z', 'konbini');
    expect(text.ja).toBe('1月号（推しテスト）のお支払い ¥3,960（税込）を、2026/12/31 23:59までにコンビニでお願いします。お支払いがない場合、この回はお届けせず、料金もかかりません。');
    expect(text.en).toContain('at a convenience store by 2026/12/31 23:59 (JST)');
  });

  it('names each state of a round as my plans shows it', () => {
    expect([SHOPPER_ROUND_STATUS_TEXTS.requested.ja, SHOPPER_ROUND_STATUS_TEXTS.paid.ja, SHOPPER_ROUND_STATUS_TEXTS.lapsed.ja]).toEqual(['お支払い待ち', 'お支払い済み', 'お支払いがなく見送り']);
  });

  it('reads only known outcomes from the return query', () => {
    expect([parseShopperPayOutcome('paid'), parseShopperPayOutcome('<script>'), parseShopperPayOutcome(null)]).toEqual(['paid', null, null]);
  });
});
