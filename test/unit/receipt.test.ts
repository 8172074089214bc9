import { describe, expect, it } from 'vitest';
import { withTax } from '../../shared/money.ts';
import { checkAddressee, RECEIPT_ADDRESSEE_MAX, receiptDescription, receiptRefusal, taxBreakdown } from '../../shared/receipt.ts';

describe('taxBreakdown', () => {
  it('a card order: 3,300 × 2 + shipping 660 → 税率10%対象 ¥7,260 / 内消費税 ¥660', () => {
    expect(taxBreakdown({ total: 7260, preTaxPrice: 6000, preTaxShipFee: 600, preTaxFee: 0 }))
      .toEqual({ ratePercent: 10, taxableAmount: 7260, tax: 660 });
  });

  it('a GMOAB order counts the fee: 3,300 + 660 + 330 → tax 390', () => {
    expect(taxBreakdown({ total: 4290, preTaxPrice: 3000, preTaxShipFee: 600, preTaxFee: 300 }).tax).toBe(390);
  });

  it('takes the rounding of each part as charged: total − pre-tax parts, never recomputed from the total', () => {
    // 1,999 pre-tax is 2,198 with tax (rounded down); 10/110 of the total would say 200, not 199.
    const price = withTax(1999);
    const result = taxBreakdown({ total: price, preTaxPrice: 1999, preTaxShipFee: 0, preTaxFee: 0 });
    expect(result).toEqual({ ratePercent: 10, taxableAmount: 2198, tax: 199 });
  });

  it('never answers a negative tax', () => {
    expect(taxBreakdown({ total: 0, preTaxPrice: 100, preTaxShipFee: 0, preTaxFee: 0 }).tax).toBe(0);
  });
});

describe('checkAddressee', () => {
  it('trims and accepts up to 100 characters (counted as characters, not UTF-16 units)', () => {
    expect(checkAddressee('  推野 花子 ')).toEqual({ ok: true, value: '推野 花子' });
    expect(checkAddressee('𠮷'.repeat(RECEIPT_ADDRESSEE_MAX)).ok).toBe(true);
  });

  it('refuses empty, too long and control characters with a Japanese and English message', () => {
    for (const bad of ['', '   ', 'あ'.repeat(101), 'a\u0007b']) {
      const result = checkAddressee(bad);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.ja).toMatch(/宛名/);
        expect(result.error.en).toMatch(/addressee|receipt/i);
      }
    }
  });
});

describe('receiptRefusal', () => {
  it('issues for a paid card order only', () => {
    for (const status of ['SUCCESS', 'WAITING', 'SHIPSTART', 'COMPLETEMAIL', 'DELIVERED']) expect(receiptRefusal('CARD', status)).toBeNull();
    for (const status of ['BEFORE', 'ERROR', 'CANCEL', 'UNKNOWN']) expect(receiptRefusal('CARD', status)).toBe('status');
    expect(receiptRefusal('GMOAB', 'SUCCESS')).toBe('deferred');
    // Issue 34: a round paid at a konbini or with PayPay was paid to the shop: it has its receipt.
    expect(receiptRefusal('KONBINI', 'SUCCESS')).toBeNull();
    expect(receiptRefusal('PAYPAY', 'WAITING')).toBeNull();
    expect(receiptRefusal('KONBINI', 'BEFORE')).toBe('status');
    expect(receiptRefusal('GMOAB', 'CANCEL')).toBe('status');
  });
});

it('但し書き names the brand, artist, tier and round', () => {
  const description = receiptDescription('OshiBox', '星野ミライ', { ja: 'ライトプラン', en: 'Light plan' }, { ja: '12月号', en: 'Dec 2026 box' });
  expect(description.ja).toBe('OshiBox 星野ミライ ライトプラン 12月号 代として');
  expect(description.en).toBe('OshiBox 星野ミライ Light plan, Dec 2026 box');
});
