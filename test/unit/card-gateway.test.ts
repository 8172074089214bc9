import { describe, expect, it } from 'vitest';
import { isCardOfGateway } from '../../shared/card-gateway.ts';

describe('isCardOfGateway', () => {
  it('charges a card only at the gateway that saved it', () => {
    expect(isCardOfGateway('sandbox', 'sandbox')).toBe(true);
    expect(isCardOfGateway('stripe', 'stripe')).toBe(true);
    expect(isCardOfGateway('sandbox', 'stripe')).toBe(false);
    expect(isCardOfGateway('stripe', 'sandbox')).toBe(false);
  });
});
