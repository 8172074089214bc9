import Stripe from 'stripe';

export interface StripeClientOptions {
  secretKey: string;
  /** `https://api.stripe.com`, or the local Stripe-compatible server's `http://127.0.0.1:…`. */
  apiBase: string;
  /** Each HTTP request's timeout; the provider also bounds the whole call by it (stripe-deadline.ts). */
  timeoutMs: number;
}

/**
 * The official library pointed at `apiBase`. Two network retries: the library sends its own
 * Idempotency-Key with a retried POST (and ours where we give one), so a retry never charges twice.
 * https://github.com/stripe/stripe-node#network-retries
 */
export function createStripeClient({ secretKey, apiBase, timeoutMs }: StripeClientOptions): Stripe {
  const base = new URL(apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: base.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: timeoutMs,
    maxNetworkRetries: 2,
    telemetry: false,
  });
}
