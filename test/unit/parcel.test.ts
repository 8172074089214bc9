import { describe, expect, it } from 'vitest';
import { describeCharge, roundPriceText } from '../../shared/price-display.ts';
import { roundCharge } from '../../shared/money.ts';
import { freeShippingBoxes, parcelFeeDecision, parcelKey, refundedShipFee, withParcelShipping } from '../../shared/parcel.ts';

/** 同梱 (issue 33): the rule of shared/parcel.ts, pure. */
describe('parcel key', () => {
  it('the ship date itself by default; a week from Monday with window 7', () => {
    expect(parcelKey('2027-01-25T01:00:00Z')).toBe('2027-01-25');
    expect(parcelKey('2027-01-28T01:00:00Z')).toBe('2027-01-28');
    expect(parcelKey('2027-01-28T01:00:00Z', 7)).toBe('2027-01-25');
    expect(parcelKey('2027-02-01T01:00:00Z', 7)).toBe('2027-02-01');
    // Tokyo's calendar: 2027-01-31 16:00 UTC is already Monday 1 February in Japan.
    expect(parcelKey('2027-01-31T16:00:00Z', 7)).toBe('2027-02-01');
  });
});

describe('the claim and refunds', () => {
  it('paid carrier: free; in flight: wait; none: this box carries it', () => {
    expect([parcelFeeDecision('paid'), parcelFeeDecision('in-flight'), parcelFeeDecision('none')]).toEqual(['free', 'wait', 'fee']);
  });
  it('a refund gives the fee back only from the last paid box of the parcel', () => {
    expect(refundedShipFee({ shipFee: 660 }, 1)).toBe(0);
    expect(refundedShipFee({ shipFee: 660 }, 0)).toBe(660);
  });
  it('a box without shipping: the total less ¥660, stated with the saving', () => {
    const money = withParcelShipping(roundCharge({ price: 3300, preTaxPrice: 3000 }, 2, false, new Date('2026-12-01T00:00:00Z')), false);
    expect(money).toMatchObject({ price: 6600, shipFee: 0, preTaxShipFee: 0, total: 6600 });
    const text = roundPriceText(describeCharge(money, { count: 2, period: 1 }));
    expect(text.ja).toContain('¥6,600（税込・送料込）');
    expect(text.ja).toContain('同梱で送料 ¥660 お得');
    const carrier = describeCharge(withParcelShipping(money, true), { count: 2, period: 1 });
    expect(carrier.total).toBe(7260);
    expect(carrier.saving).toBeNull();
  });
});

describe('the forecast', () => {
  const box = (id: number, parcelKey: string, chargeAt: string, carriesFee = false) => ({ id, parcelKey, chargeAt, carriesFee });
  it('of each parcel the box charged first carries the fee (earlier deadline, then lower id)', () => {
    expect([...freeShippingBoxes([box(2, 'p', '2027-01-01'), box(1, 'p', '2027-01-01'), box(3, 'p', '2026-12-20')])].sort()).toEqual([1, 2]);
  });
  it('a box already holding the fee carries it, whatever its date', () => {
    expect([...freeShippingBoxes([box(1, 'p', '2026-12-01'), box(2, 'p', '2027-01-01', true)])]).toEqual([1]);
  });
  it('boxes of different parcels each pay; a lone box pays', () => {
    expect([...freeShippingBoxes([box(1, 'p', '2027-01-01'), box(2, 'q', '2027-01-01')])]).toEqual([]);
  });
});
