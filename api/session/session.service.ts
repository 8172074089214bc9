import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { CurrentUser, Gender } from '../../shared/api/types.ts';
import { parsePaymentMethod } from '../../shared/payment.ts';
import type { Db } from '../db/schema.ts';

/** The session cookie (its name in shared/) holds a random token; the database keeps only its hash. */
export { SESSION_COOKIE } from '../../shared/session-cookie.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Signed out after a week without a visit (sliding), and a month after sign-in whatever happens. */
export const SESSION_IDLE_MS = 7 * DAY;
export const SESSION_ABSOLUTE_MS = 30 * DAY;
/** securitySafe: the session proved the password or a mail code this recently (docs/spec.md §6). */
export const SECURE_MS = 30 * MINUTE;
/** The idle clock is moved at most once an hour, so reading a session seldom writes. */
const TOUCH_AFTER_MS = 60 * MINUTE;
const TOKEN_MAX_LENGTH = 200;

export function isPlausibleToken(token: string | undefined): token is string {
  return typeof token === 'string' && token.length > 0 && token.length <= TOKEN_MAX_LENGTH;
}

/** A new session with a fresh random token (the caller sets it as the cookie; only its hash is kept). */
export async function startSession(db: Db, userId: number, now: Date, secure: boolean): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
      secure_until: secure ? new Date(now.getTime() + SECURE_MS) : null,
    })
    .execute();
  return token;
}

export async function endSession(db: Db, token: string | undefined): Promise<void> {
  if (!isPlausibleToken(token)) return;
  await db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

/** Ends every session of a user (password reset, deletion), but the one kept, if named. */
export async function endUserSessions(db: Db, userId: number, keepToken?: string): Promise<void> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepToken) query = query.where('token_hash', '<>', hashToken(keepToken));
  await query.execute();
}

/** The signed-in user of a session token, or null when the session is missing or expired. */
export async function findSessionUser(db: Db, token: string | undefined, now: Date): Promise<CurrentUser | null> {
  if (!isPlausibleToken(token)) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.id', 'users.email', 'users.name', 'users.name_kana', 'users.zip', 'users.address', 'users.address2',
      'users.gender', 'users.tel', 'users.payment_method', 'sessions.secure_until', 'sessions.last_seen_at',
      sql<string | null>`to_char(users.birthday, 'YYYY-MM-DD')`.as('birthday'),
    ])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.expires_at', '>', now)
    .where('sessions.last_seen_at', '>', new Date(now.getTime() - SESSION_IDLE_MS))
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  if (row.last_seen_at.getTime() < now.getTime() - TOUCH_AFTER_MS) {
    await db.updateTable('sessions').set({ last_seen_at: now }).where('token_hash', '=', hashToken(token)).execute();
  }
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    nameKana: row.name_kana,
    zip: row.zip,
    address: row.address,
    address2: row.address2,
    birthday: row.birthday ?? '',
    gender: row.gender as Gender,
    tel: row.tel,
    paymentMethod: parsePaymentMethod(row.payment_method),
    securitySafe: row.secure_until !== null && row.secure_until > now,
  };
}
