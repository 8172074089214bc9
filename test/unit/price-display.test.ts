import { describe, expect, it } from 'vitest';
import { roundCharge } from '../../shared/money.ts';
import {
  amountText, breakdownText, deadlineChargeText, deferredNoteText, describeCharge, fromPriceText, perMonthText, planRoundPrice, roundLabel, roundPriceText,
} from '../../shared/price-display.ts';

/** Issue 18: the headline is what one round costs with tax and shipping; the breakdown beneath it. */
const AT = new Date('2026-11-22T03:00:00Z');
const LIGHT = { price: 3300, preTaxPrice: 3000, period: 1 };
const STANDARD = { price: 5500, preTaxPrice: 5000, period: 1 };
const PREMIUM = { price: 11000, preTaxPrice: 10000, period: 1 };
const QUARTER = { price: 16500, preTaxPrice: 15000, period: 3 };

describe('planRoundPrice', () => {
  it.each([
    [LIGHT, 3960],
    [STANDARD, 6160],
    [PREMIUM, 11660],
  ])('a monthly tier (case %#) costs its price plus ¥660 shipping per round', (plan, total) => {
    const price = planRoundPrice(plan, { at: AT });
    expect(price.total).toBe(total);
    expect(price.perMonth).toBeNull();
    expect(roundLabel(price)).toEqual({ ja: '1回のお届け', en: 'Per delivery' });
    expect(amountText(price.total).ja).toBe(`¥${total.toLocaleString('ja-JP')}（税込・送料込）`);
  });

  it('breaks the round down into goods and shipping, with the goods\' pre-tax amount', () => {
    const price = planRoundPrice(LIGHT, { at: AT });
    expect(price.lines).toEqual([
      { label: { ja: '商品', en: 'Box' }, amount: 3300, preTax: 3000 },
      { label: { ja: '送料（1回分）', en: 'Shipping (per round)' }, amount: 660 },
    ]);
    expect(breakdownText(price)).toEqual({ ja: '商品 ¥3,300 ＋ 送料（1回分） ¥660', en: 'Box ¥3,300 + Shipping (per round) ¥660' });
  });

  it('ships several boxes of a round together: one shipping fee, the count in the label', () => {
    const price = planRoundPrice(LIGHT, { count: 3, at: AT });
    expect(price.total).toBe(3300 * 3 + 660);
    expect(roundLabel(price).ja).toBe('1回のお届け（3箱）');
    expect(breakdownText(price).ja).toBe('商品（¥3,300 × 3箱） ¥9,900 ＋ 送料（1回分） ¥660');
  });

  it('for a card shopper notes what paying later would add; paying later puts the fee in the total', () => {
    const card = planRoundPrice(LIGHT, { at: AT });
    expect(card.deferredFee).toBe(330);
    expect(deferredNoteText(card)?.ja).toBe('GMO後払いの場合は手数料 ¥330 が加わり、1回 ¥4,290（税込・送料込）です');
    const later = planRoundPrice(LIGHT, { deferred: true, at: AT });
    expect(later.total).toBe(4290);
    expect(later.deferredFee).toBe(0);
    expect(deferredNoteText(later)).toBeNull();
    expect(breakdownText(later).ja).toBe('商品 ¥3,300 ＋ 送料（1回分） ¥660 ＋ 後払い手数料 ¥330');
  });

  it('uses the deferred-payment fee in force at the time (docs/spec.md §9 commission by date)', () => {
    expect(planRoundPrice(LIGHT, { deferred: true, at: new Date('2021-01-01T00:00:00Z') }).total).toBe(3300 + 660 + 200);
  });

  it('states a plan of several months per round and per month', () => {
    const price = planRoundPrice(QUARTER, { at: AT });
    expect(price.total).toBe(17160);
    expect(price.perMonth).toBe(5720);
    expect(roundLabel(price)).toEqual({ ja: '1回のお届け（3か月ごと）', en: 'Per delivery (every 3 months)' });
    expect(perMonthText(price)).toEqual({ ja: '1か月あたり ¥5,720', en: '¥5,720 a month' });
    const two = planRoundPrice(QUARTER, { count: 2, deferred: true, at: AT });
    expect(roundLabel(two).ja).toBe('1回のお届け（3か月ごと・2箱）');
    expect(two.total).toBe(16500 * 2 + 660 + 330);
    // 33,990 / 3 = 11,330 exactly; an uneven split is rounded up and said to be approximate.
    expect(perMonthText(two)?.ja).toBe('1か月あたり ¥11,330');
    expect(perMonthText(planRoundPrice({ price: 10000, preTaxPrice: 9091, period: 3 }, { at: AT }))?.ja).toBe('1か月あたり約 ¥3,554');
  });
});

describe('describeCharge', () => {
  it('states a recorded charge exactly as it was taken', () => {
    const charge = roundCharge(STANDARD, 2, true, AT);
    const price = describeCharge(charge, { count: 2, period: 1 });
    expect(price.total).toBe(charge.total);
    expect(roundPriceText(price).ja).toBe('1回のお届け（2箱） ¥11,990（税込・送料込）（内訳: 商品（¥5,500 × 2箱） ¥11,000 ＋ 送料（1回分） ¥660 ＋ 後払い手数料 ¥330）');
    expect(roundPriceText(describeCharge(roundCharge(QUARTER, 1, false, AT), { count: 1, period: 3 })).en)
      .toBe('Per delivery (every 3 months) ¥17,160 (tax and shipping incl.), ¥5,720 a month (Box ¥16,500 + Shipping (per round) ¥660)');
  });
});

describe('fromPriceText (a card\'s lowest price)', () => {
  it('is the lowest round total with shipping, for one delivery, never 「月額」 (issue 30)', () => {
    expect(fromPriceText(LIGHT, AT)).toEqual({ ja: '1回のお届け ¥3,960〜', en: 'Per delivery from ¥3,960' });
    expect(fromPriceText(QUARTER, AT)).toEqual({ ja: '1回のお届け（3か月ごと） ¥17,160〜', en: 'Per delivery (every 3 months) from ¥17,160' });
  });
});

describe('deadlineChargeText (a plan change on a round not paid yet)', () => {
  it('says how much, by which method, for which round and when, in both languages; a 00:00 deadline reads as the minute before', () => {
    // 2月号 (ships in February), deadline 2027-01-07 00:00 JST: the last minute that counts is 01/06 23:59.
    const round = { shipDate: '2027-02-05T01:00:00Z', endDate: '2027-01-06T15:00:00Z' };
    expect(deadlineChargeText({ total: 11_660, method: 'CARD' }, round)).toEqual({
      ja: '今回の決済・返金はありません。新しい料金 ¥11,660（クレジットカード）は、2月号の申込締切（2027/01/06 23:59）に決済します。',
      en: 'Nothing is charged or refunded now. The new price, ¥11,660 (Credit card), is charged at the deadline of the Feb 2027 box (2027/01/06 23:59 JST).',
    });
  });
});
