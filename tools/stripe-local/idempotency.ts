/**
 * Stripe's idempotent requests (https://docs.stripe.com/api/idempotent_requests): the first answer
 * for a key is replayed for 24 hours; the same key with other parameters is an `idempotency_error`;
 * the same key while the first request still runs is a 409. Keys are per API key.
 */
import { BoundedMap } from './ids.ts';
import type { Answer } from './errors.ts';

const LIFETIME_SECONDS = 24 * 60 * 60;

type Entry = { fingerprint: string; expiresAt: number } & ({ state: 'running' } | { state: 'done'; answer: Answer });

export type IdempotencyCheck =
  | { kind: 'fresh' }
  | { kind: 'replay'; answer: Answer }
  | { kind: 'in_use' }
  | { kind: 'mismatch' };

export class IdempotencyStore {
  private entries = new BoundedMap<Entry>(50_000);
  /** Requests holding a key right now (for tests that wait until one is under way). */
  running = 0;

  begin(scopedKey: string, fingerprint: string, nowSeconds: number): IdempotencyCheck {
    const entry = this.entries.get(scopedKey);
    if (entry && entry.expiresAt > nowSeconds) {
      if (entry.fingerprint !== fingerprint) return { kind: 'mismatch' };
      return entry.state === 'running' ? { kind: 'in_use' } : { kind: 'replay', answer: entry.answer };
    }
    this.entries.set(scopedKey, { fingerprint, expiresAt: nowSeconds + LIFETIME_SECONDS, state: 'running' });
    this.running += 1;
    return { kind: 'fresh' };
  }

  /** Keeps the answer, or forgets the key when Stripe would not have saved it (bad parameters, a failure before the work). */
  finish(scopedKey: string, answer: Answer): void {
    const entry = this.entries.get(scopedKey);
    this.running = Math.max(0, this.running - 1);
    if (!entry) return;
    if (answer.saved === false) this.entries.delete(scopedKey);
    else this.entries.set(scopedKey, { fingerprint: entry.fingerprint, expiresAt: entry.expiresAt, state: 'done', answer });
  }

  clear(): void {
    this.entries.clear();
    this.running = 0;
  }
}
