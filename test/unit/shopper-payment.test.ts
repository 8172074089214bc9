import { describe, expect, it } from 'vitest';
import {
  canRequestShopperPayment, endOfJstDayAfter, isRefundableByProvider, isShopperPaymentMethod, KONBINI_MIN_VOUCHER_MS, konbiniVoucherExpiry,
  reminderAtOf, requestAtOf, SHOPPER_PAYMENT_METHOD_TEXTS, shopperRoundStage,
} from '../../shared/shopper-payment.ts';

// A round whose order deadline is 2026-12-06 23:59 JST.
const DEADLINE = new Date('2026-12-06T14:59:00Z');
const at = (iso: string) => new Date(iso);

describe('when a round paid by the shopper is requested, reminded and lapses', () => {
  it('sends the request seven days and the reminder two days before the deadline', () => {
    expect(requestAtOf(DEADLINE).toISOString()).toBe('2026-11-29T14:59:00.000Z');
    expect(reminderAtOf(DEADLINE).toISOString()).toBe('2026-12-04T14:59:00.000Z');
  });

  it('moves from not yet to requested to remind to lapsed at those instants', () => {
    expect(shopperRoundStage(DEADLINE, at('2026-11-29T14:58:59Z'))).toBe('not_yet');
    expect(shopperRoundStage(DEADLINE, at('2026-11-29T14:59:00Z'))).toBe('requested');
    expect(shopperRoundStage(DEADLINE, at('2026-12-04T14:59:00Z'))).toBe('remind');
    expect(shopperRoundStage(DEADLINE, at('2026-12-06T14:58:59Z'))).toBe('remind');
    expect(shopperRoundStage(DEADLINE, DEADLINE)).toBe('lapsed');
  });
});

describe('a konbini voucher\'s expiry', () => {
  it('ends at 23:59:59 JST three days on, as Stripe\'s default, when the deadline is further', () => {
    // 2026-11-20 10:00 JST → 2026-11-23 23:59:59 JST.
    expect(konbiniVoucherExpiry(at('2026-11-20T01:00:00Z'), DEADLINE)?.toISOString()).toBe('2026-11-23T14:59:59.000Z');
  });

  it('counts days in Tokyo: just after midnight JST is already the next day', () => {
    expect(endOfJstDayAfter(at('2026-11-19T15:30:00Z'), 0).toISOString()).toBe('2026-11-20T14:59:59.000Z');
    expect(endOfJstDayAfter(at('2026-11-19T14:30:00Z'), 0).toISOString()).toBe('2026-11-19T14:59:59.000Z');
  });

  it('is never after the round\'s deadline', () => {
    const now = at('2026-12-05T01:00:00Z');
    expect(konbiniVoucherExpiry(now, DEADLINE)?.toISOString()).toBe('2026-12-06T14:59:00.000Z');
    const oddSeconds = new Date(DEADLINE.getTime() + 500);
    expect(konbiniVoucherExpiry(now, oddSeconds)!.getTime()).toBeLessThanOrEqual(oddSeconds.getTime());
  });

  it('is not issued when less than an hour is left, and a PayPay payment only before the deadline', () => {
    const late = new Date(DEADLINE.getTime() - KONBINI_MIN_VOUCHER_MS + 1);
    expect(konbiniVoucherExpiry(late, DEADLINE)).toBeNull();
    expect(canRequestShopperPayment('konbini', late, DEADLINE)).toBe(false);
    expect(canRequestShopperPayment('paypay', late, DEADLINE)).toBe(true);
    expect(canRequestShopperPayment('paypay', DEADLINE, DEADLINE)).toBe(false);
  });
});

describe('the methods', () => {
  it('are named as the payment page names them, and only PayPay refunds through the provider', () => {
    expect(SHOPPER_PAYMENT_METHOD_TEXTS.konbini.label.ja).toBe('毎回コンビニで支払う');
    expect(SHOPPER_PAYMENT_METHOD_TEXTS.paypay.label.ja).toBe('毎回PayPayで支払う');
    for (const text of Object.values(SHOPPER_PAYMENT_METHOD_TEXTS)) expect(text.means.ja).toContain('自動で請求されることはありません');
    expect(isRefundableByProvider('paypay')).toBe(true);
    expect(isRefundableByProvider('konbini')).toBe(false);
    expect(isShopperPaymentMethod('konbini')).toBe(true);
    expect(isShopperPaymentMethod('card')).toBe(false);
  });
});
