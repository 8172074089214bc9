import { describe, expect, it } from 'vitest';
import type { ApiContext } from '../../api/context.ts';
import { withTestClock } from '../../api/ops/ops-commands.ts';
import type { PaymentProvider } from '../../api/payment/provider.ts';

/** `npm run ops -- billing --now …` (api/ops/ops-commands.ts): the test clock and the gateway it charges through. */
const NOW = '2026-12-01T00:00:00+09:00';
const gateway = (testMode: boolean) => ({ name: 'stripe', testMode }) as PaymentProvider;
const context = (paymentProvider?: PaymentProvider) => ({ now: () => new Date('2026-11-24T00:00:00Z'), paymentProvider }) as unknown as ApiContext;

describe('the operator test clock', () => {
  it('keeps a Stripe test-mode gateway: the rehearsal charges Stripe, never the sandbox', () => {
    const provider = gateway(true);
    const clocked = withTestClock(context(provider), NOW);
    expect(clocked.paymentProvider).toBe(provider);
    expect(clocked.now().toISOString()).toBe('2026-11-30T15:00:00.000Z');
  });

  it('the sandbox gets a new one on the test clock', () => {
    expect(withTestClock(context(), NOW).paymentProvider).toBeUndefined();
  });

  it('is refused with a live gateway', () => {
    expect(() => withTestClock(context(gateway(false)), NOW)).toThrow();
  });
});
