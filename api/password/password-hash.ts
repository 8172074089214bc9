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

/**
 * Four hashes at once (the thread pool's size), up to 64 waiting for at most 5 s; one client
 * (`client`: its address, api/throttle/client-address.ts) runs one and has at most 3 admitted.
 */
export const HASH_LIMITER: HashLimiter = createHashLimiter({ concurrency: 4, queue: 64, waitMs: 5_000, perKey: { running: 1, inFlight: 3 } });

function derive(client: string, password: string, salt: Buffer, options: ScryptOptions, length: number): Promise<Buffer> {
  return HASH_LIMITER.run(
    client,
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, length, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(client: string, password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(client, password, salt, PARAMS, KEY_LENGTH);
  return `scrypt$N=${PARAMS.N},r=${PARAMS.r},p=${PARAMS.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Constant-time comparison; a malformed or foreign hash is simply a mismatch. */
export async function verifyPassword(client: string, password: string, stored: string): Promise<boolean> {
  const parts = FORMAT.exec(stored);
  if (!parts) return verifyDummy(client, password);
  const [N, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (N > 2 ** 17 || r > 16 || p > 16 || 128 * N * r > MAX_MEMORY) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (expected.length < 16) return false;
  const key = await derive(client, password, salt, { N, r, p }, expected.length);
  return timingSafeEqual(key, expected);
}

/**
 * Spends the same work as a real check (same parameters, a random salt), for an unknown e-mail
 * at login, so the answer's timing does not tell which addresses have accounts. Always false.
 */
export async function verifyDummy(client: string, password: string): Promise<false> {
  await derive(client, password, randomBytes(SALT_LENGTH), PARAMS, KEY_LENGTH);
  return false;
}
