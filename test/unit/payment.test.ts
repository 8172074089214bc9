import { describe, expect, it } from 'vitest';
import {
  PAYMENT_STATUSES,
  PaymentMoveError,
  SHIP_TO_FOLLOWS_ACCOUNT,
  UnknownPaymentMethodError,
  assertPaymentMove,
  canMovePaymentStatus,
  paymentStatusesInto,
  parsePaymentMethod,
  paymentStatusLabel,
  type PaymentStatus,
} from '../../shared/payment.ts';

/** docs/spec.md §4, written out so that a changed label fails here. */
const LABELS: Record<PaymentStatus, [ja: string, en: string]> = {
  BEFORE: ['決済処理中', 'Payment in progress'],
  CANCEL: ['決済キャンセル', 'Payment cancelled'],
  ERROR: ['決済失敗', 'Payment failed'],
  SUCCESS: ['決済完了・商品制作中', 'Payment confirmed, product being produced'],
  WAITING: ['決済完了・発送準備中', 'Payment confirmed, preparing shipment'],
  SHIPSTART: ['決済完了・発送済み', 'Payment confirmed, shipped'],
  COMPLETEMAIL: ['決済完了・発送済み', 'Payment confirmed, shipped'],
  DELIVERED: ['決済完了・配達完了', 'Payment confirmed, delivery complete'],
};

describe('paymentStatusLabel', () => {
  it('knows exactly the eight statuses of docs/spec.md §3', () => {
    expect([...PAYMENT_STATUSES].sort()).toEqual(Object.keys(LABELS).sort());
  });

  it.each(Object.entries(LABELS))('labels %s in Japanese and English', (status, [ja, en]) => {
    expect(paymentStatusLabel(status)).toBe(ja);
    expect(paymentStatusLabel(status, false)).toBe(ja);
    expect(paymentStatusLabel(status, true)).toBe(en);
  });

  it('shows an empty label for an unknown status', () => {
    expect(paymentStatusLabel('REFUNDED')).toBe('');
    expect(paymentStatusLabel('REFUNDED', true)).toBe('');
    expect(paymentStatusLabel('')).toBe('');
    expect(paymentStatusLabel('before')).toBe('');
  });

  // Regression: the lookup reads inherited Object.prototype keys, so these give undefined, not ''.
  it.each(['toString', 'constructor', '__proto__'])('shows an empty label for the inherited key %s', (status) => {
    expect(paymentStatusLabel(status)).toBe('');
  });
});

describe('parsePaymentMethod', () => {
  it.each(['NONE', 'CARD', 'GMOAB'])('accepts %s', (method) => {
    expect(parsePaymentMethod(method)).toBe(method);
  });

  it('raises UnknownPaymentMethodError for a method that does not exist', () => {
    expect(() => parsePaymentMethod('BITCOIN')).toThrow(UnknownPaymentMethodError);
    expect(() => parsePaymentMethod('BITCOIN')).toThrow(/BITCOIN/);
    expect(() => parsePaymentMethod('card')).toThrow(UnknownPaymentMethodError);
  });

  it('names the error in Japanese and English', () => {
    const error = new UnknownPaymentMethodError('BITCOIN');
    expect(error.name).toBe('UnknownPaymentMethodError');
    expect(error.message).toContain('支払い方法が存在しません');
    expect(error.message).toContain('does not exist');
  });
});

describe('canMovePaymentStatus', () => {
  it.each<[PaymentStatus, PaymentStatus]>([
    ['BEFORE', 'SUCCESS'],
    ['BEFORE', 'ERROR'],
    ['SUCCESS', 'WAITING'],
    ['WAITING', 'SHIPSTART'],
    ['SHIPSTART', 'COMPLETEMAIL'],
    ['COMPLETEMAIL', 'DELIVERED'],
    ['BEFORE', 'CANCEL'],
    ['SUCCESS', 'CANCEL'],
    ['WAITING', 'CANCEL'],
    ['ERROR', 'BEFORE'],
    ['ERROR', 'SUCCESS'],
  ])('allows %s → %s', (from, to) => {
    expect(canMovePaymentStatus(from, to)).toBe(true);
  });

  it.each<[PaymentStatus, PaymentStatus]>([
    ['SUCCESS', 'BEFORE'],
    ['SHIPSTART', 'CANCEL'],
    ['COMPLETEMAIL', 'CANCEL'],
    ['BEFORE', 'DELIVERED'],
    ['WAITING', 'SUCCESS'],
    ['CANCEL', 'BEFORE'],
    ['ERROR', 'CANCEL'],
    ['BEFORE', 'BEFORE'],
  ])('refuses %s → %s', (from, to) => {
    expect(canMovePaymentStatus(from, to)).toBe(false);
  });

  it('lets nothing leave DELIVERED', () => {
    for (const to of PAYMENT_STATUSES) expect(canMovePaymentStatus('DELIVERED', to)).toBe(false);
  });
});

describe('the moves table read by every UPDATE (paymentStatusesInto)', () => {
  it.each<[PaymentStatus, PaymentStatus[]]>([
    ['BEFORE', ['ERROR']],
    ['ERROR', ['BEFORE']],
    ['SUCCESS', ['BEFORE', 'ERROR']],
    ['WAITING', ['SUCCESS']],
    ['SHIPSTART', ['WAITING']],
    ['COMPLETEMAIL', ['SHIPSTART']],
    ['DELIVERED', ['COMPLETEMAIL']],
    ['CANCEL', ['BEFORE', 'SUCCESS', 'WAITING']],
  ])('moves into %s only from %j', (to, from) => {
    expect(paymentStatusesInto(to)).toEqual(from);
  });

  it('agrees with canMovePaymentStatus for every pair', () => {
    for (const to of PAYMENT_STATUSES) {
      for (const from of PAYMENT_STATUSES) expect(paymentStatusesInto(to).includes(from)).toBe(canMovePaymentStatus(from, to));
    }
  });

  it('does not ship a box the warehouse list has not taken: SUCCESS → SHIPSTART goes through WAITING', () => {
    expect(canMovePaymentStatus('SUCCESS', 'SHIPSTART')).toBe(false);
    expect(canMovePaymentStatus('SUCCESS', 'WAITING') && canMovePaymentStatus('WAITING', 'SHIPSTART')).toBe(true);
  });

  it('refuses any move from a status it does not know', () => {
    for (const to of PAYMENT_STATUSES) expect(canMovePaymentStatus('PAID', to)).toBe(false);
  });
});

describe('SHIP_TO_FOLLOWS_ACCOUNT', () => {
  it('is every status before the warehouse list (WAITING still ahead): BEFORE, SUCCESS and ERROR', () => {
    expect(SHIP_TO_FOLLOWS_ACCOUNT).toEqual(['BEFORE', 'ERROR', 'SUCCESS']);
  });
});

describe('assertPaymentMove', () => {
  it('passes an allowed move', () => {
    expect(() => assertPaymentMove('SUCCESS', 'CANCEL')).not.toThrow();
  });

  it('throws PaymentMoveError naming both statuses and the allowed ones', () => {
    const error = (() => {
      try {
        assertPaymentMove('ERROR', 'SHIPSTART');
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(PaymentMoveError);
    expect((error as PaymentMoveError).message).toBe('payment status ERROR cannot move to SHIPSTART (only from WAITING)');
  });

  it('tells a shopper in Japanese and English that a shipped box can no longer change', () => {
    for (const from of ['SHIPSTART', 'COMPLETEMAIL', 'DELIVERED'] as const) {
      const error = new PaymentMoveError(from, 'CANCEL');
      expect(error.text.ja).toContain('発送');
      expect(error.text.en).toContain('shipped');
    }
    expect(new PaymentMoveError('CANCEL', 'SUCCESS').text.en).toContain('reload');
  });
});
