import { describe, expect, it } from 'vitest';
import { canAuthenticateCharge, isAuthenticationTooLate, isProviderRedirect, parseAuthOutcome } from '../../shared/charge-authentication.ts';

describe('isProviderRedirect', () => {
  it.each([
    '/api/sandbox/card/reg_1',
    'https://hooks.stripe.com/3d_secure_2/hosted?merchant=acct_1',
    'https://checkout.stripe.com/c/pay/cs_test_1',
    'http://127.0.0.1:12111/authenticate/pi_1',
    'http://localhost:12111/x',
  ])('allows %s', (url) => expect(isProviderRedirect(url)).toBe(true));

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    'https://evil.example/stripe.com',
    'https://stripe.com.evil.example/',
    'http://hooks.stripe.com/x',
    'https://user:pw@hooks.stripe.com/x',
    'javascript:alert(1)',
    'http://10.0.0.1/x',
    'not a url',
  ])('refuses %s', (url) => expect(isProviderRedirect(url)).toBe(false));
});

describe('canAuthenticateCharge', () => {
  const now = new Date('2027-01-10T00:00:00Z');
  const ship = new Date('2027-01-25T01:00:00Z');
  it('is a declined round waiting for authentication before its ship date', () => {
    expect(canAuthenticateCharge({ paymentStatus: 'ERROR', actionRequiredAt: now, shipDate: ship }, now)).toBe(true);
  });
  it('is not a plain decline, a paid round, or one whose ship date has come', () => {
    expect(canAuthenticateCharge({ paymentStatus: 'ERROR', actionRequiredAt: null, shipDate: ship }, now)).toBe(false);
    expect(canAuthenticateCharge({ paymentStatus: 'SUCCESS', actionRequiredAt: now, shipDate: ship }, now)).toBe(false);
    expect(canAuthenticateCharge({ paymentStatus: 'ERROR', actionRequiredAt: now, shipDate: ship }, ship)).toBe(false);
  });
});

describe('isAuthenticationTooLate', () => {
  const ship = new Date('2027-01-25T01:00:00Z');
  it('is a payment learned at or after the ship date, the complement of the button', () => {
    const before = new Date(ship.getTime() - 1);
    expect([before, ship, new Date(ship.getTime() + 60_000)].map((now) => isAuthenticationTooLate({ shipDate: ship }, now))).toEqual([false, true, true]);
    expect(canAuthenticateCharge({ paymentStatus: 'ERROR', actionRequiredAt: before, shipDate: ship }, before)).toBe(true);
  });
});

describe('parseAuthOutcome', () => {
  it('knows paid, pending, failed and late only', () => {
    expect(['paid', 'pending', 'failed', 'late', 'ok', null].map(parseAuthOutcome)).toEqual(['paid', 'pending', 'failed', 'late', null, null]);
  });
});
