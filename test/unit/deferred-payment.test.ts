import { describe, expect, it } from 'vitest';
import { ageOn, deferredConditions, exceedsDeferredLimit, isMinor } from '../../shared/deferred-payment.ts';
import { DEFERRED_PAYMENT_FEE, deferredPaymentFeeAt } from '../../shared/money.ts';

describe('deferred payment rules', () => {
  it('counts age in Asia/Tokyo: the 18th birthday starts at midnight JST', () => {
    const justBefore = new Date('2026-11-21T14:59:59Z'); // 23:59:59 JST on the 21st
    const midnight = new Date('2026-11-21T15:00:00Z'); // 00:00 JST on the 22nd
    expect(ageOn('2008-11-22', justBefore)).toBe(17);
    expect(ageOn('2008-11-22', midnight)).toBe(18);
    expect(isMinor('2008-11-22', justBefore)).toBe(true);
    expect(isMinor('2008-11-22', midnight)).toBe(false);
    expect(isMinor('', midnight)).toBe(true);
  });

  it('the cumulative limit is 55,000 yen inclusive', () => {
    expect(exceedsDeferredLimit(50_000, 5_000)).toBe(false);
    expect(exceedsDeferredLimit(50_000, 5_001)).toBe(true);
  });

  it('the fee comes from commissionAt by date', () => {
    expect(deferredPaymentFeeAt(new Date('2021-01-01T00:00:00Z'))).toEqual({ preTax: 200, taxIncluded: 200 });
    expect(DEFERRED_PAYMENT_FEE).toEqual({ preTax: 300, taxIncluded: 330 });
    expect(deferredConditions(new Date('2026-11-22T00:00:00Z'))[0]?.ja).toContain('330円');
    expect(deferredConditions(new Date('2026-11-22T00:00:00Z')).map((c) => c.ja).join()).toContain('891円');
  });
});
