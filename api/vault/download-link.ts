import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DOWNLOAD_LINK_TTL_MS } from '../../shared/vault.ts';
import type { Db } from '../db/schema.ts';

/**
 * The vault's download links (issue 33): `<user>.<item>.<expiry ms>.<HMAC-SHA256>` in base64url,
 * signed with a key every API copy shares (the `vault_keys` row, made by the first copy that needs
 * it), so a link made by one copy opens on another. The link names its fan: the download also
 * asks for that fan's session, so a link passed on opens for nobody else.
 */
const keys = new WeakMap<object, Promise<Buffer>>();

export function vaultKeyOf(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

async function loadKey(db: Db): Promise<Buffer> {
  await db.insertInto('vault_keys').values({ id: 1, secret: randomBytes(32) }).onConflict((oc) => oc.column('id').doNothing()).execute();
  const row = await db.selectFrom('vault_keys').select('secret').where('id', '=', 1).executeTakeFirstOrThrow();
  return Buffer.from(row.secret);
}

const macOf = (key: Buffer, payload: string) => createHmac('sha256', key).update(`vault-download:${payload}`).digest('base64url');

export function signDownload(key: Buffer, userId: number, bonusId: number, now: Date): { token: string; expiresAt: Date } {
  const expiresAt = new Date(now.getTime() + DOWNLOAD_LINK_TTL_MS);
  const payload = `${userId}.${bonusId}.${expiresAt.getTime()}`;
  return { token: `${payload}.${macOf(key, payload)}`, expiresAt };
}

export type LinkCheck = { ok: true; userId: number; bonusId: number } | { ok: false; reason: 'forged' | 'expired' };

/** The signature first (constant time), then the expiry: an altered expiry is a forgery, not an expired link. */
export function checkDownload(key: Buffer, token: string, now: Date): LinkCheck {
  const match = /^(\d{1,10})\.(\d{1,10})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'forged' };
  const [, user, bonus, expiry, mac] = match as unknown as [string, string, string, string, string];
  const expected = Buffer.from(macOf(key, `${user}.${bonus}.${expiry}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'forged' };
  if (Number(expiry) <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, userId: Number(user), bonusId: Number(bonus) };
}
