/**
 * Stripe's basic rate limiter, emulated (https://docs.stripe.com/rate-limits): so many read (GET)
 * and so many write (every other method) requests a second, each kind a token bucket holding one
 * second's worth. Over the limit the answer is Stripe's 429 (`invalid_request_error`, code
 * `rate_limit`, https://docs.stripe.com/error-codes#rate-limit) and no work is done. Off by default.
 */
import { StripeApiError } from './errors.ts';

export type RequestKind = 'read' | 'write';
export interface RateLimitSetting {
  /** Reads (GET) a second. */
  read: number;
  /** Writes (POST, DELETE) a second. */
  write: number;
}

export const kindOf = (method: string): RequestKind => (method === 'GET' ? 'read' : 'write');

/** Within Stripe's documented figures and far beyond them: a typo must not turn the server into a wall. */
const MAX_RATE = 100_000;

class Bucket {
  private tokens: number;
  private at: number;
  constructor(readonly rate: number, now: number) {
    this.tokens = rate;
    this.at = now;
  }

  take(now: number): boolean {
    this.tokens = Math.min(this.rate, this.tokens + ((now - this.at) / 1000) * this.rate);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

export class RateLimit {
  private buckets: Record<RequestKind, Bucket> | null = null;
  /** 429s answered, by kind, since the start or the last reset. */
  readonly limited: Record<RequestKind, number> = { read: 0, write: 0 };

  constructor(private readonly clock: () => number = () => performance.now()) {}

  /** Null turns the limiter off. */
  set(setting: RateLimitSetting | null): void {
    if (!setting) return void (this.buckets = null);
    const rate = (value: number) => Math.min(Math.max(value, 1), MAX_RATE);
    this.buckets = { read: new Bucket(rate(setting.read), this.clock()), write: new Bucket(rate(setting.write), this.clock()) };
  }

  get setting(): RateLimitSetting | null {
    return this.buckets ? { read: this.buckets.read.rate, write: this.buckets.write.rate } : null;
  }

  /** True when the request may go on; false (and counted) when it is answered 429. */
  admit(method: string): boolean {
    if (!this.buckets) return true;
    const kind = kindOf(method);
    if (this.buckets[kind].take(this.clock())) return true;
    this.limited[kind] += 1;
    return false;
  }

  clearCounts(): void {
    this.limited.read = 0;
    this.limited.write = 0;
  }
}

/** Stripe's answer to a request over the limit. */
export const rateLimited = (): StripeApiError => new StripeApiError(429, {
  type: 'invalid_request_error', code: 'rate_limit', doc_url: 'https://stripe.com/docs/error-codes/rate-limit',
  message: 'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
});

/** `STRIPE_LOCAL_RATE_LIMIT`: `25` (reads and writes a second each) or `100,25` (reads, writes); empty: off. */
export function parseRateLimit(raw: string | undefined): RateLimitSetting | null {
  if (!raw) return null;
  const parts = raw.split(',').map((p) => Number(p.trim()));
  if (parts.length > 2 || parts.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_RATE)) {
    throw new Error(`STRIPE_LOCAL_RATE_LIMIT must be a whole number of requests a second (1–${MAX_RATE}), or "reads,writes"`);
  }
  return { read: parts[0]!, write: parts[1] ?? parts[0]! };
}
