/** The pure rules of tools/stripe-local/: idempotency keys, the card form's checks, the search query. */
import { describe, expect, it } from 'vitest';
import { findTestCard, isExpired, parseExpiry, passesLuhn } from '../../tools/stripe-local/cards.ts';
import { IdempotencyStore } from '../../tools/stripe-local/idempotency.ts';
import { parseMetadataQuery } from '../../tools/stripe-local/search-query.ts';

describe('IdempotencyStore', () => {
  const answer = { status: 200, body: { id: 'pi_1' } };

  it('replays the first answer for 24 hours, then forgets it', () => {
    const store = new IdempotencyStore();
    expect(store.begin('k', 'a', 1_000)).toEqual({ kind: 'fresh' });
    store.finish('k', answer);
    expect(store.begin('k', 'a', 1_000 + 86_399)).toEqual({ kind: 'replay', answer });
    expect(store.begin('k', 'a', 1_000 + 86_400)).toEqual({ kind: 'fresh' });
  });

  it('refuses other parameters, and the key while its first request runs', () => {
    const store = new IdempotencyStore();
    store.begin('k', 'a', 0);
    expect(store.begin('k', 'a', 1)).toEqual({ kind: 'in_use' });
    expect(store.begin('k', 'b', 1)).toEqual({ kind: 'mismatch' });
  });

  it('does not keep an answer Stripe would not save (bad parameters, failure before the work)', () => {
    const store = new IdempotencyStore();
    store.begin('k', 'a', 0);
    store.finish('k', { status: 400, body: {}, saved: false });
    expect(store.begin('k', 'b', 1)).toEqual({ kind: 'fresh' });
  });
});

describe('the card form', () => {
  it.each(['4242424242424242', '5555555555554444', '3566002020360505', '378282246310005', '36227206271667', '4000000000000002', '4000000000000341', '4000002500003155', '4000002760003184'])(
    'knows test card %s and it passes Luhn',
    (number) => {
      expect(passesLuhn(number)).toBe(true);
      expect(findTestCard(number)).not.toBeNull();
    },
  );

  it('rejects a wrong check digit and non-digits', () => {
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('4242-4242-4242-4242')).toBe(false);
  });

  it('reads MM / YY and tells a past month', () => {
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('1/30')).toEqual({ month: 1, year: 2030 });
    expect(parseExpiry('13 / 30')).toBeNull();
    const now = new Date('2026-11-24T00:00:00Z');
    expect(isExpired({ month: 11, year: 2026 }, now)).toBe(false);
    expect(isExpired({ month: 10, year: 2026 }, now)).toBe(true);
  });
});

describe('parseMetadataQuery', () => {
  it('reads metadata equality clauses joined by AND, in either quote', () => {
    expect(parseMetadataQuery(`metadata['order_key']:'uph-1-2' AND metadata["user_id"]:"7"`)).toEqual([
      { key: 'order_key', value: 'uph-1-2' },
      { key: 'user_id', value: '7' },
    ]);
  });

  it('refuses anything else with a 400', () => {
    expect(() => parseMetadataQuery(`status:'succeeded'`)).toThrow(/metadata/);
    expect(() => parseMetadataQuery(`metadata['a']:'b' OR metadata['c']:'d'`)).toThrow();
  });
});
