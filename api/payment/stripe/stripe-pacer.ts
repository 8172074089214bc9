/**
 * The shop's own pace for Stripe (docs/decisions/0094-stripe-pacing.md): Stripe's basic rate
 * limiter allows so many reads and so many writes a second per account
 * (https://docs.stripe.com/rate-limits: 100 + 100 live, 25 + 25 in test mode). Each kind is a
 * GCRA schedule: a request reserves the next slot, at most half a second's worth at once, so the
 * server's bucket keeps half a second of slack for network jitter. After a 429 the pace halves
 * (at most once a second, down to a sixteenth) and doubles back every few seconds without one.
 */
import { isStripeTestKey } from '../../../shared/payment-config.ts';

export type StripeRequestKind = 'read' | 'write';
export interface StripeRates {
  read: number;
  write: number;
}

/** Stripe's documented basic limits, requests a second (https://docs.stripe.com/rate-limits). */
export const STRIPE_LIVE_RATES: StripeRates = { read: 100, write: 100 };
export const STRIPE_TEST_RATES: StripeRates = { read: 25, write: 25 };

/** A configured rate of 0 (or none) takes Stripe's documented limit for the key's mode. */
export function stripeRatesFor(secretKey: string, configured: Partial<StripeRates> = {}): StripeRates {
  const documented = isStripeTestKey(secretKey) ? STRIPE_TEST_RATES : STRIPE_LIVE_RATES;
  return { read: configured.read || documented.read, write: configured.write || documented.write };
}

/** Stripe counts GET as a read and every other method as a write. */
export const kindOfMethod = (method: string): StripeRequestKind => (method.toUpperCase() === 'GET' ? 'read' : 'write');

const BURST_SECONDS = 0.5;
const MIN_FACTOR = 1 / 16;
const CUT_SPACING_MS = 1_000;
const RECOVER_MS = 5_000;

class Schedule {
  /** When the next request would be due at the full pace (GCRA's theoretical arrival time), ms. */
  private tat = 0;
  private factor = 1;
  private cutAt = -Infinity;
  private recoverAt = 0;

  constructor(private readonly rate: number) {}

  private interval(): number {
    return 1000 / (this.rate * this.factor);
  }

  private tolerance(): number {
    return (Math.max(1, Math.floor(this.rate * this.factor * BURST_SECONDS)) - 1) * this.interval();
  }

  /** Reserves the next slot and answers the wait for it, or null (nothing reserved) when it starts later than `latest`. */
  reserve(now: number, latest: number): number | null {
    while (this.factor < 1 && now >= this.recoverAt) {
      this.factor = Math.min(1, this.factor * 2);
      this.recoverAt += RECOVER_MS;
    }
    const due = Math.max(this.tat, now);
    const at = Math.max(now, due - this.tolerance());
    if (at > latest) return null;
    this.tat = due + this.interval();
    return at - now;
  }

  /** A 429: half the pace for a while, and the burst allowance spent. */
  slowDown(now: number): boolean {
    if (now - this.cutAt < CUT_SPACING_MS) return false;
    this.cutAt = now;
    this.factor = Math.max(MIN_FACTOR, this.factor / 2);
    this.recoverAt = now + RECOVER_MS;
    this.tat = Math.max(this.tat, now + this.tolerance() + this.interval());
    return true;
  }

  get perSecond(): number {
    return this.rate * this.factor;
  }
}

export interface StripePacer {
  readonly rates: StripeRates;
  /** Waits for a slot of this kind; false (having waited nothing) when none comes within `withinMs`. */
  wait(kind: StripeRequestKind, withinMs: number): Promise<boolean>;
  /** Stripe answered 429: this kind slows down. */
  slowDown(kind: StripeRequestKind): void;
  /** The pace now, requests a second (below `rates` for a while after a 429). */
  pace(kind: StripeRequestKind): number;
}

export function createStripePacer(rates: StripeRates, onSlowDown?: (kind: StripeRequestKind, perSecond: number) => void, clock = () => performance.now()): StripePacer {
  const schedules = { read: new Schedule(rates.read), write: new Schedule(rates.write) };
  return {
    rates,
    async wait(kind, withinMs) {
      const now = clock();
      const ms = schedules[kind].reserve(now, now + withinMs);
      if (ms === null) return false;
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
      return true;
    },
    slowDown(kind) {
      if (schedules[kind].slowDown(clock())) onSlowDown?.(kind, schedules[kind].perSecond);
    },
    pace: (kind) => schedules[kind].perSecond,
  };
}
