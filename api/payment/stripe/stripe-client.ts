import Stripe from 'stripe';
import type { StripePacer } from './stripe-pacer.ts';
import { pacedHttpClient } from './stripe-pacing.ts';

export interface StripeClientOptions {
  secretKey: string;
  /** `https://api.stripe.com`, or the local Stripe-compatible server's `http://127.0.0.1:…`. */
  apiBase: string;
  /** Each HTTP request's timeout; the provider also bounds the whole call by it (stripe-deadline.ts). */
  timeoutMs: number;
  /** The process's pace for this account (stripe-pacer.ts): every request of the client waits for it. */
  pacer: StripePacer;
}

/**
 * The official library pointed at `apiBase`, its HTTP client paced (stripe-pacing.ts). Two network
 * retries: the library sends its own Idempotency-Key with a retried POST (and ours where we give
 * one), so a retry never charges twice. https://github.com/stripe/stripe-node#network-retries
 */
export function createStripeClient({ secretKey, apiBase, timeoutMs, pacer }: StripeClientOptions): Stripe {
  const base = new URL(apiBase);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    host: base.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    timeout: timeoutMs,
    maxNetworkRetries: 2,
    telemetry: false,
    httpClient: pacedHttpClient(Stripe.createNodeHttpClient(), pacer),
  });
}
