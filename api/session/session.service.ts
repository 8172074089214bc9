import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { CurrentUser, Gender } from '../../shared/api/types.ts';
import { parsePaymentMethod } from '../../shared/payment.ts';
import type { Db } from '../db/schema.ts';

/** The session cookie holds a random token; the database keeps only its hash. */
export const SESSION_COOKIE = 'oshibox_sid';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** The signed-in user of a session token, or null when the session is missing or expired. */
export async function findSessionUser(db: Db, token: string | undefined, now: Date): Promise<CurrentUser | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'users.id', 'users.email', 'users.name', 'users.zip', 'users.address', 'users.address2',
      'users.gender', 'users.tel', 'users.payment_method', 'sessions.secure_until',
      sql<string | null>`to_char(users.birthday, 'YYYY-MM-DD')`.as('birthday'),
    ])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.expires_at', '>', now)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
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
