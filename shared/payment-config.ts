import { isLoopbackName } from './allowed-hosts.ts';

/**
 * The Stripe settings' rules that span several keys (issue 20), checked at start with the rest of
 * the configuration (shared/config.ts parseConfig). Messages never repeat a key's value.
 */
export interface PaymentSettings {
  PAYMENT_PROVIDER: 'sandbox' | 'stripe';
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_BASE: string;
}

export const STRIPE_API_ORIGIN = 'https://api.stripe.com';


export const isStripeTestKey = (key: string): boolean => /^(sk|rk)_test_/.test(key);

/** Every problem of the payment settings, one line each, the key first. */
export function paymentProblems(c: PaymentSettings): string[] {
  const problems: string[] = [];
  const base = new URL(c.STRIPE_API_BASE);
  if (base.protocol === 'http:' && !isLoopbackName(base.hostname)) {
    problems.push('STRIPE_API_BASE: http is only for a local server (127.0.0.1, localhost or [::1]); use https');
  }
  if (base.pathname !== '/' || base.search || base.hash || base.username) {
    problems.push('STRIPE_API_BASE: an origin only, like https://api.stripe.com or http://127.0.0.1:12111');
  }
  if (c.PAYMENT_PROVIDER !== 'stripe') return problems;
  if (!c.STRIPE_SECRET_KEY) problems.push('STRIPE_SECRET_KEY: required with PAYMENT_PROVIDER=stripe (a secret or restricted key, sk_… or rk_…)');
  if (!c.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: required with PAYMENT_PROVIDER=stripe (the endpoint\'s signing secret, whsec_…)');
  if (c.STRIPE_SECRET_KEY && !isStripeTestKey(c.STRIPE_SECRET_KEY) && base.origin !== STRIPE_API_ORIGIN) {
    problems.push(`STRIPE_API_BASE: a live key is only ever sent to ${STRIPE_API_ORIGIN}`);
  }
  return problems;
}

/** The 「テストモード」 bar: the sandbox, or Stripe with a test-mode key. */
export const isPaymentTestMode = (c: PaymentSettings): boolean =>
  c.PAYMENT_PROVIDER === 'sandbox' || !c.STRIPE_SECRET_KEY || isStripeTestKey(c.STRIPE_SECRET_KEY);

/**
 * Where the shop's own forms may lead the browser beyond itself (CSP form-action): with Stripe,
 * its hosted pages (Checkout, 3-D Secure) under stripe.com, and a local Stripe-compatible server
 * (http on loopback, tools/stripe-local/). The card and 「本人認証に進む」 buttons are plain forms
 * whose answer is a 303 to the gateway, and Chromium applies form-action to that redirect too.
 */
export function paymentFormTargets(c: PaymentSettings): string[] {
  if (c.PAYMENT_PROVIDER !== 'stripe') return [];
  const base = new URL(c.STRIPE_API_BASE);
  return base.protocol === 'http:' && isLoopbackName(base.hostname) ? ['https://*.stripe.com', base.origin] : ['https://*.stripe.com'];
}
