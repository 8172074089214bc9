import { describe, expect, it } from 'vitest';
import { parseConfig, toPublicConfig } from '../../shared/config.ts';
import { paymentFormTargets } from '../../shared/payment-config.ts';

const KEY = 'sk_test_51AbCdEfGhIjKlMnOp';
const LIVE = 'sk_live_51AbCdEfGhIjKlMnOp';
const SECRET = 'whsec_abcdefghijklmnop';

function problemsOf(env: Record<string, string>): string[] {
  const result = parseConfig(env);
  return result.ok ? [] : result.problems;
}

describe('payment settings (issue 20)', () => {
  it('keeps the sandbox by default, in test mode, with Stripe\'s own API as the base', () => {
    const result = parseConfig({});
    if (!result.ok) throw new Error(result.problems.join('; '));
    expect(result.config.PAYMENT_PROVIDER).toBe('sandbox');
    expect(result.config.STRIPE_API_BASE).toBe('https://api.stripe.com');
    expect(result.config.STRIPE_TIMEOUT_MS).toBe(10_000);
    expect(toPublicConfig(result.config).paymentTestMode).toBe(true);
  });

  it('takes Stripe with a test key pointed at the local server, still in test mode', () => {
    const result = parseConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: KEY, STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: 'http://127.0.0.1:12111' });
    if (!result.ok) throw new Error(result.problems.join('; '));
    expect(toPublicConfig(result.config).paymentTestMode).toBe(true);
  });

  it('drops the test-mode bar for a live key on Stripe\'s API', () => {
    const result = parseConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: LIVE, STRIPE_WEBHOOK_SECRET: SECRET });
    if (!result.ok) throw new Error(result.problems.join('; '));
    expect(toPublicConfig(result.config).paymentTestMode).toBe(false);
  });

  it('names both missing keys when Stripe is chosen without them', () => {
    const problems = problemsOf({ PAYMENT_PROVIDER: 'stripe' });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']);
  });

  it('refuses a malformed key without repeating it', () => {
    const problems = problemsOf({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'pk_test_notasecretkey', STRIPE_WEBHOOK_SECRET: SECRET });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^STRIPE_SECRET_KEY: /);
    expect(problems[0]).not.toContain('notasecretkey');
  });

  it('refuses a webhook secret that is not whsec_', () => {
    expect(problemsOf({ STRIPE_WEBHOOK_SECRET: 'secret' })[0]).toMatch(/^STRIPE_WEBHOOK_SECRET: .*whsec_/);
  });

  it.each(['http://stripe.internal:12111', 'http://10.0.0.5:12111'])('refuses plain http to %s (only loopback)', (base) => {
    expect(problemsOf({ STRIPE_API_BASE: base })).toEqual([expect.stringMatching(/^STRIPE_API_BASE: http is only for a local server/)]);
  });

  it.each(['http://localhost:12111', 'http://[::1]:12111'])('takes plain http to %s', (base) => {
    expect(problemsOf({ STRIPE_API_BASE: base })).toEqual([]);
  });

  it('refuses a base with a path', () => {
    expect(problemsOf({ STRIPE_API_BASE: 'https://api.stripe.com/v1' })).toEqual([expect.stringMatching(/^STRIPE_API_BASE: an origin only/)]);
  });

  it('never sends a live key anywhere but Stripe', () => {
    const problems = problemsOf({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: LIVE, STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_BASE: 'http://127.0.0.1:12111' });
    expect(problems).toEqual([expect.stringMatching(/^STRIPE_API_BASE: a live key/)]);
  });

  it('bounds the timeout under the billing deadline', () => {
    expect(problemsOf({ STRIPE_TIMEOUT_MS: '20000' })[0]).toMatch(/^STRIPE_TIMEOUT_MS: .*1000 to 14000/);
  });

  it('lets the shop\'s forms lead to the gateway\'s pages only with Stripe (CSP form-action)', () => {
    expect(paymentFormTargets({ PAYMENT_PROVIDER: 'sandbox', STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toEqual([]);
    expect(paymentFormTargets({ PAYMENT_PROVIDER: 'stripe', STRIPE_API_BASE: 'https://api.stripe.com' })).toEqual(['https://*.stripe.com']);
    expect(paymentFormTargets({ PAYMENT_PROVIDER: 'stripe', STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toEqual(['https://*.stripe.com', 'http://127.0.0.1:12111']);
  });
});
