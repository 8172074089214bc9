import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { createHashLimiter, type HashLimiter } from './hash-limiter.ts';

/**
 * Passwords are hashed with scrypt at OWASP's parameters (N=2^14, r=8, p=5: 16 MiB;
 * https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#scrypt).
 * The parameters are stored in the hash string, so they can be raised later without breaking
 * stored hashes: `scrypt$N=16384,r=8,p=5$<salt>$<key>` (base64url).
 */
const PARAMS = { N: 2 ** 14, r: 8, p: 5 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Above the 128·N·r bytes scrypt needs at the largest parameters we accept. */
const MAX_MEMORY = 64 * 1024 * 1024;
const FORMAT = /^scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/;

/** Four hashes at once (the thread pool's size), up to 64 waiting for at most 5 s. */
export const HASH_LIMITER: HashLimiter = createHashLimiter({ concurrency: 4, queue: 64, waitMs: 5_000 });

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return HASH_LIMITER.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, length, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, PARAMS, KEY_LENGTH);
  return `scrypt$N=${PARAMS.N},r=${PARAMS.r},p=${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Constant-time comparison; a malformed or foreign hash is simply a mismatch. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = FORMAT.exec(stored);
  if (!parts) return verifyDummy(password);
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (N > 2 ** 17 || r > 16 || p > 16 || 128 * N * r > MAX_MEMORY) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (expected.length < 16) return false;
  const key = await derive(password, salt, { N, r, p }, expected.length);
  return timingSafeEqual(key, expected);
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the same work as a real check, for an unknown e-mail at login, so the answer's timing
 * does not tell which addresses have accounts. Always false.
 */
export async function verifyDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(12).toString('base64url'));
  const stored = await dummyHash;
  const parts = FORMAT.exec(stored);
  if (parts) await derive(password, Buffer.from(parts[4] ?? '', 'base64url'), PARAMS, KEY_LENGTH);
  return false;
}
