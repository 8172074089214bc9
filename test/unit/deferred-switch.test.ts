import { describe, expect, it } from 'vitest';
import { choiceNeeds, choosableMethods, deferredPaymentOffered, mustLeaveDeferred } from '../../shared/deferred-switch.ts';
import { faqContent } from '../../client/content/faq.ts';
import { parseConfig, toPublicConfig } from '../../shared/config.ts';

describe('the deferred-payment switch (DEFERRED_PAYMENT)', () => {
  it('is on unless turned off', () => {
    expect([undefined, true, false].map(deferredPaymentOffered)).toEqual([true, true, false]);
  });
  it('offers GMO後払い only while on', () => {
    expect(choosableMethods(true)).toEqual(['CARD', 'GMOAB', 'KONBINI', 'PAYPAY']);
    expect(choosableMethods(false)).toEqual(['CARD', 'KONBINI', 'PAYPAY']);
  });
  it('asks nothing first of paying each round at a konbini or with PayPay (issue 34)', () => {
    expect(['CARD', 'GMOAB', 'KONBINI', 'PAYPAY'].map((m) => choiceNeeds(m as 'CARD'))).toEqual(['card', 'deferredChecks', 'nothing', 'nothing']);
  });
  it('asks a GMOAB shopper to choose a card only while off', () => {
    expect(mustLeaveDeferred('GMOAB', false)).toBe(true);
    expect(mustLeaveDeferred('GMOAB', true)).toBe(false);
    expect(mustLeaveDeferred('CARD', false)).toBe(false);
    expect(mustLeaveDeferred('NONE', false)).toBe(false);
  });
});

describe('the FAQ with deferred payment off', () => {
  const parsed = parseConfig({ DEFERRED_PAYMENT: 'off' });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  const order = (on: boolean) => {
    const content = faqContent({ ...toPublicConfig(parsed.config), deferredPayment: on });
    return JSON.stringify(content.sections.find((s) => s.id === 'order'));
  };
  it('speaks of GMO後払い in the order questions only while it is offered', () => {
    expect(order(true)).toContain('GMO後払い');
    expect(order(true)).toContain('faq-deferred');
    expect(order(false)).not.toContain('後払い');
    expect(order(false)).not.toContain('faq-deferred');
  });
});
