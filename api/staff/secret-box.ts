import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../../shared/config.ts';
import { staffSecretKeyProblem } from '../../shared/startup-config.ts';
import { StartupError } from '../../shared/startup-error.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { DomainError } from '../http/errors.ts';
import { ensureOpsTokenFile } from '../ops/ops-token-file.ts';

/**
 * Staff TOTP secrets at rest (issue 19; docs/decisions/0035-totp-secrets-at-rest.md): sealed with
 * AES-256-GCM under STAFF_SECRET_KEY, bound to the member's id (the additional data), so a
 * database dump alone yields no second factor and a sealed secret copied onto another row does
 * not open. Stored as `v1.<iv>.<ciphertext>.<tag>` (base64url); a value without the prefix is a
 * plain base32 secret of before this change, which the API seals at its next start.
 */
export class SecretKeyMismatchError extends Error {}

export interface SecretBox {
  /** Always under the current key. */
  seal(staffId: number, secret: string): string;
  /** Under the current key, else the previous one (STAFF_SECRET_KEY_PREVIOUS) while a rotation runs. */
  open(staffId: number, stored: string): string;
  /** True when only the previous key opens `stored`: `ops staff rotate-key` seals it again. */
  sealedWithPrevious(staffId: number, stored: string): boolean;
}

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;

export function isSealed(stored: string): boolean {
  return stored.startsWith(`${VERSION}.`);
}

/**
 * `previous`: the key being rotated out (docs/decisions/0074-staff-secret-key-rotation.md). A
 * secret it sealed still opens, so every process can be given the new key first and the secrets
 * sealed again afterwards, online, with nobody locked out in between.
 */
export function createSecretBox(key: Buffer, previous?: Buffer): SecretBox {
  for (const k of previous ? [key, previous] : [key]) {
    if (k.length !== KEY_BYTES) throw new Error(`a staff secret key is ${KEY_BYTES} bytes, not ${k.length}`);
  }
  const aad = (staffId: number) => Buffer.from(`staff-totp:${staffId}`, 'utf8');
  const openWith = (k: Buffer, staffId: number, stored: string): string | null => {
    const [, iv = '', body = '', tag = ''] = stored.split('.');
    try {
      const decipher = createDecipheriv('aes-256-gcm', k, Buffer.from(iv, 'base64url')).setAAD(aad(staffId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  };
  return {
    seal(staffId, secret) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(staffId));
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(staffId, stored) {
      if (!isSealed(stored)) return stored;
      const opened = openWith(key, staffId, stored) ?? (previous ? openWith(previous, staffId, stored) : null);
      if (opened === null) {
        throw new SecretKeyMismatchError(`STAFF_SECRET_KEY${previous ? ' (or STAFF_SECRET_KEY_PREVIOUS)' : ''} does not open the staff TOTP secrets in this database (another key, or a changed row)`);
      }
      return opened;
    },
    sealedWithPrevious(staffId, stored) {
      return isSealed(stored) && previous !== undefined && openWith(key, staffId, stored) === null && openWith(previous, staffId, stored) !== null;
    },
  };
}

/** Where no key is configured and nothing is on disk (tests, DATA_DIR=memory://): one key per process. */
let processKey: Buffer | undefined;
export function processSecretBox(): SecretBox {
  processKey ??= randomBytes(KEY_BYTES);
  return createSecretBox(processKey);
}

/** The context's box (boot sets it from STAFF_SECRET_KEY), or this process's own. */
export function secretBoxOf(ctx: { staffSecrets?: SecretBox | undefined }): SecretBox {
  return ctx.staffSecrets ?? processSecretBox();
}

/**
 * The key at boot: STAFF_SECRET_KEY, else (never in production with DATABASE_URL, where the
 * database lives apart from the key's only other home) a key made once and kept in
 * STAFF_SECRET_KEY_FILE beside the embedded database, else a per-process key (memory://).
 */
export async function staffSecretBoxOf(config: Config, logger: Logger): Promise<SecretBox> {
  const previous = config.STAFF_SECRET_KEY_PREVIOUS ? Buffer.from(config.STAFF_SECRET_KEY_PREVIOUS, 'base64') : undefined;
  if (config.STAFF_SECRET_KEY) return createSecretBox(Buffer.from(config.STAFF_SECRET_KEY, 'base64'), previous);
  // main.ts refuses this before opening anything (shared/startup-config.ts); here for every other caller.
  const missing = staffSecretKeyProblem(config);
  if (missing) throw new StartupError(missing);
  if (!config.STAFF_SECRET_KEY_FILE) return processSecretBox();
  // The operator token's file format: 32 random bytes, base64url, mode 0600 (api/ops/ops-token-file.ts).
  const key = Buffer.from(await ensureOpsTokenFile(config.STAFF_SECRET_KEY_FILE), 'base64url');
  if (key.length < KEY_BYTES) throw new StartupError(`STAFF_SECRET_KEY_FILE: ${config.STAFF_SECRET_KEY_FILE} does not hold a 32-byte key; remove it or set STAFF_SECRET_KEY`);
  logger.info({ file: config.STAFF_SECRET_KEY_FILE }, 'staff secret key kept in this file (set STAFF_SECRET_KEY in production)');
  return createSecretBox(key.subarray(0, KEY_BYTES), previous);
}

/**
 * At boot: the key must open a sealed secret of this database (else the start fails with a line
 * naming the setting, instead of every staff sign-in failing), and plain secrets left from before
 * are sealed. Bounded: a page of rows at a time.
 */
export async function sealStaffSecrets(db: Db, box: SecretBox): Promise<number> {
  const sample = await db.selectFrom('staff').select(['id', 'totp_secret']).where('totp_secret', 'like', `${VERSION}.%`).limit(1).executeTakeFirst();
  if (sample?.totp_secret) {
    try {
      box.open(sample.id, sample.totp_secret);
    } catch (error) {
      throw new StartupError(`STAFF_SECRET_KEY: ${error instanceof Error ? error.message : 'wrong key'}; set the key these secrets were sealed with`);
    }
  }
  let sealed = 0;
  for (;;) {
    const rows = await db.selectFrom('staff').select(['id', 'totp_secret']).where('totp_secret', 'is not', null).where('totp_secret', 'not like', `${VERSION}.%`).limit(100).execute();
    for (const row of rows) {
      if (!row.totp_secret) continue;
      await db.updateTable('staff').set({ totp_secret: box.seal(row.id, row.totp_secret) }).where('id', '=', row.id).where('totp_secret', '=', row.totp_secret).execute();
    }
    sealed += rows.length;
    if (rows.length < 100) break;
  }
  for (;;) {
    const links = await db.selectFrom('staff_setup_tokens').select(['token_hash', 'staff_id', 'totp_secret']).where('totp_secret', 'not like', `${VERSION}.%`).limit(100).execute();
    for (const link of links) {
      await db.updateTable('staff_setup_tokens').set({ totp_secret: box.seal(link.staff_id, link.totp_secret) }).where('token_hash', '=', link.token_hash).execute();
    }
    sealed += links.length;
    if (links.length < 100) return sealed;
  }
}

const SECRET_UNREADABLE = {
  ja: '二段階認証の設定を読み取れません。システム管理者に連絡してください。',
  en: 'The second factor cannot be read. Contact the system administrator.',
};

/**
 * A sealed secret for sign-in or setup. One the configured key does not open (the key was
 * changed, or the row was) is refused with a 503, never taken as a wrong code nor a 500, and said once in the log with the setting to check. Boot checks the key
 * first (sealStaffSecrets), so this is a row changed since.
 */
export function openSecret(ctx: ApiContext, id: number, stored: string): string {
  try {
    return secretBoxOf(ctx).open(id, stored);
  } catch (error) {
    if (!(error instanceof SecretKeyMismatchError)) throw error;
    ctx.logger.error({ staffId: id }, 'STAFF_SECRET_KEY does not open this staff member\'s TOTP secret: check the key, or reset the member\'s second factor');
    throw new DomainError(503, 'INTERNAL', SECRET_UNREADABLE);
  }
}
