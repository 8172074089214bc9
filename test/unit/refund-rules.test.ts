import { describe, expect, it } from 'vitest';
import { netTaxBreakdown, receiptRefusal } from '../../shared/receipt.ts';
import {
  checkRefundRequest, fullRefundAmount, netPaid, refundCap, refundedTotal, refundFlagOf, REFUND_MESSAGES,
} from '../../shared/refund-rules.ts';

/** shared/refund-rules.ts (issue 30): the cap, the box question, and what was paid net of refunds. */
const charge = (fullRefundStatus: string | null, ...partials: [number, 'pending' | 'refunded' | 'failed'][]) =>
  ({ total: 3960, fullRefundStatus, partials: partials.map(([amount, status]) => ({ amount, status })) });

describe('refundCap and the amounts', () => {
  it('is what was charged less every refund done or under way; a failed one returned nothing', () => {
    expect(refundCap(charge(null))).toBe(3960);
    expect(refundCap(charge(null, [1000, 'refunded'], [500, 'pending'], [300, 'failed']))).toBe(2460);
    expect(refundCap(charge('failed', [1000, 'refunded']))).toBe(2960);
    expect(refundCap(charge('pending'))).toBe(0);
    expect(refundCap(charge('refunded', [1000, 'refunded']))).toBe(0);
  });

  it('a full refund returns the rest; net paid is what is left', () => {
    expect(fullRefundAmount(charge(null, [1000, 'refunded']))).toBe(2960);
    expect(refundedTotal(charge(null, [1000, 'refunded']))).toBe(1000);
    expect(netPaid(charge(null, [1000, 'refunded']))).toBe(2960);
    expect(netPaid(charge('refunded', [1000, 'refunded']))).toBe(0);
  });
});

describe('checkRefundRequest', () => {
  it('before shipment a full refund must say whether the box ships', () => {
    expect(checkRefundRequest({}, 'WAITING', 3960)).toEqual({ ok: false, field: 'box', error: REFUND_MESSAGES.boxRequired });
    expect(checkRefundRequest({ box: 'stop' }, 'SUCCESS', 3960)).toEqual({ ok: true, amount: 3960, full: true, box: 'stop' });
    expect(checkRefundRequest({ amount: 3960, box: 'ship' }, 'WAITING', 3960)).toEqual({ ok: true, amount: 3960, full: true, box: 'ship' });
  });

  it('a partial refund leaves the box shipping; after shipment nothing can be stopped', () => {
    expect(checkRefundRequest({ amount: 1000 }, 'WAITING', 3960)).toEqual({ ok: true, amount: 1000, full: false, box: 'ship' });
    expect(checkRefundRequest({ amount: 1000, box: 'stop' }, 'WAITING', 3960)).toMatchObject({ ok: false, field: 'box' });
    expect(checkRefundRequest({ box: 'stop' }, 'DELIVERED', 3960)).toMatchObject({ ok: false, field: 'box', error: REFUND_MESSAGES.boxLeft });
    expect(checkRefundRequest({}, 'DELIVERED', 3960)).toEqual({ ok: true, amount: 3960, full: true, box: null });
  });

  it('refuses more than the cap, naming amount and the cap in both languages', () => {
    expect(checkRefundRequest({ amount: 2961 }, 'WAITING', 2960)).toEqual({ ok: false, field: 'amount', error: REFUND_MESSAGES.overCap(2960) });
    expect(REFUND_MESSAGES.overCap(2960).en).toContain('¥2,960 (tax incl.)');
  });
});

describe('receipt and flags', () => {
  it('a receipt is for the net amount, the tax within the refund (rounded down) taken off', () => {
    const parts = { total: 3960, preTaxPrice: 3000, preTaxShipFee: 600, preTaxFee: 0 };
    expect(netTaxBreakdown(parts, 0)).toEqual({ ratePercent: 10, taxableAmount: 3960, tax: 360 });
    expect(netTaxBreakdown(parts, 1000)).toEqual({ ratePercent: 10, taxableAmount: 2960, tax: 270 });
  });

  it('a charge refunded in full has no receipt, whatever its status', () => {
    expect(receiptRefusal('CARD', 'WAITING', { total: 3960, refunded: 3960 })).toBe('refunded');
    expect(receiptRefusal('CARD', 'WAITING', { total: 3960, refunded: 1000 })).toBeNull();
    expect(receiptRefusal('CARD', 'CANCEL')).toBe('status');
  });

  it('flags a box refunded in full or in part', () => {
    expect(refundFlagOf('refunded', false)).toBe('full');
    expect(refundFlagOf('pending', true)).toBe('full');
    expect(refundFlagOf('failed', true)).toBe('part');
    expect(refundFlagOf(null, false)).toBeNull();
  });
});
