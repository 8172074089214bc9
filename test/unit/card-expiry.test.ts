import { describe, expect, it } from 'vitest';
import { cardExpiresAt, isCardExpiring } from '../../shared/card-expiry.ts';

/** My page warns of a card that will not last (shared/card-expiry.ts). */
describe('cardExpiresAt', () => {
  it('a card works through the last day of its month, Tokyo time', () => {
    expect(cardExpiresAt('12/26')?.toISOString()).toBe('2026-12-31T15:00:00.000Z');
    expect(cardExpiresAt('02/28')?.toISOString()).toBe('2028-02-29T15:00:00.000Z');
  });

  it('an expiry it cannot read is not guessed at', () => {
    for (const bad of ['13/26', '1/26', '12/2026', '']) expect(cardExpiresAt(bad)).toBeNull();
    expect(isCardExpiring('garbage', null, new Date('2026-11-22T00:00:00Z'))).toBe(false);
  });
});

describe('isCardExpiring', () => {
  const now = new Date('2026-11-22T03:00:00Z');

  it('when the card stops at or before the next charge', () => {
    expect(isCardExpiring('12/26', new Date('2026-12-31T15:00:00Z'), now)).toBe(true);
    expect(isCardExpiring('12/26', new Date('2026-12-31T14:59:59Z'), now)).toBe(false);
  });

  it('within about a month even with no charge scheduled, and not beyond', () => {
    expect(isCardExpiring('11/26', null, now)).toBe(true);
    expect(isCardExpiring('12/26', null, now)).toBe(false);
    expect(isCardExpiring('12/30', new Date('2027-01-01T00:00:00Z'), now)).toBe(false);
  });
});
