import { describe, expect, it } from 'vitest';
import { CHECKOUT_AUTHENTICATION_MS, checkoutAuthenticationOpen, checkoutWaitEndsAt } from '../../shared/charge-authentication.ts';
import { checkoutPayBy, formatPayBy } from '../../shared/shopper-checkout.ts';

/** Issue 34: how long a held checkout waits, one rule for the bank's page, a voucher and PayPay. */
const HELD = new Date('2026-11-22T03:00:00.000Z'); // 11/22 12:00 JST
const DEADLINE = new Date('2026-11-30T15:00:00.000Z'); // 12/01 00:00 JST

describe('checkoutWaitEndsAt', () => {
  it('waits 30 minutes for a card\'s bank page', () => {
    expect(checkoutWaitEndsAt({ method: 'CARD', heldAt: HELD, deadline: DEADLINE })).toEqual(new Date(HELD.getTime() + CHECKOUT_AUTHENTICATION_MS));
  });
  it('waits for a konbini voucher until its expiry (three days, 23:59:59 JST), never past the deadline', () => {
    expect(checkoutWaitEndsAt({ method: 'KONBINI', heldAt: HELD, deadline: DEADLINE })).toEqual(new Date('2026-11-25T14:59:59.000Z'));
    const close = new Date('2026-11-29T03:00:00.000Z');
    expect(checkoutWaitEndsAt({ method: 'KONBINI', heldAt: close, deadline: DEADLINE })).toEqual(DEADLINE);
  });
  it('waits for PayPay until the round\'s deadline', () => {
    expect(checkoutWaitEndsAt({ method: 'PAYPAY', heldAt: HELD, deadline: DEADLINE })).toEqual(DEADLINE);
    expect(checkoutAuthenticationOpen({ method: 'PAYPAY', heldAt: HELD, deadline: DEADLINE }, new Date(DEADLINE.getTime() - 1))).toBe(true);
    expect(checkoutAuthenticationOpen({ method: 'PAYPAY', heldAt: HELD, deadline: DEADLINE }, DEADLINE)).toBe(false);
  });
});

describe('checkoutPayBy and formatPayBy', () => {
  it('states the pay-by date as the statutory confirmation shows it (the last minute accepted, JST)', () => {
    expect(formatPayBy(checkoutPayBy('konbini', HELD, DEADLINE)!)).toBe('2026年11月25日 23:59');
    expect(formatPayBy(checkoutPayBy('paypay', HELD, DEADLINE)!)).toBe('2026年11月30日 23:59');
  });
  it('is null when too late to pay with the method', () => {
    expect(checkoutPayBy('konbini', new Date(DEADLINE.getTime() - 30 * 60_000), DEADLINE)).toBeNull();
    expect(checkoutPayBy('paypay', DEADLINE, DEADLINE)).toBeNull();
  });
});
