import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An id with Stripe's prefix (`cus_`, `pi_`, `cs_test_`…) and 24 random base62 characters. */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}${out}`;
}

/** Ids come from the URL: anything longer than Stripe's own (≤ 255) or with odd characters is unknown. */
export function isPlausibleId(id: string): boolean {
  return id.length <= 255 && /^[A-Za-z0-9_]+$/.test(id);
}

/** A Map that forgets its oldest entries past `limit`, so a long-running server stays bounded. */
export class BoundedMap<V> extends Map<string, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: string, value: V): this {
    if (!this.has(key) && this.size >= this.limit) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}
