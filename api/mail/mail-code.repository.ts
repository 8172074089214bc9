import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

/** All SQL about mailed codes. Addresses are compared lower-cased, like the users' unique index. */
export interface NewCode {
  email: string;
  purpose: string;
  codeHash: string;
  userId: number | null;
  lang: string;
  createdAt: Date;
  expiresAt: Date;
}

/** A new code replaces every earlier one for the same address and purpose. */
export async function replaceCode(db: Db, code: NewCode): Promise<void> {
  await db
    .deleteFrom('mail_codes')
    .where(sql`lower(email)`, '=', code.email.toLowerCase())
    .where('purpose', '=', code.purpose)
    .execute();
  await db
    .insertInto('mail_codes')
    .values({
      email: code.email,
      purpose: code.purpose,
      code_hash: code.codeHash,
      user_id: code.userId,
      lang: code.lang,
      created_at: code.createdAt,
      expires_at: code.expiresAt,
    })
    .execute();
}

/**
 * Takes one try of the newest live code for an address and purpose, and returns the code; none
 * when there is no live code or its tries are used up. One statement counts and decides, so N
 * parallel checks never take more than `maxTries` (the row lock orders them on PostgreSQL).
 */
export async function takeCodeTry(db: Db, email: string, purpose: string, now: Date, maxTries: number) {
  return db
    .updateTable('mail_codes')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom('mail_codes')
        .select('id')
        .where(sql`lower(email)`, '=', email.toLowerCase())
        .where('purpose', '=', purpose)
        .orderBy('id', 'desc')
        .limit(1),
    )
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .where('failed_attempts', '<', maxTries)
    .returning(['id', 'code_hash', 'user_id', 'lang'])
    .executeTakeFirst();
}

/** A right code gives its try back; `consumedAt` also uses the code up. */
export async function settleRightCode(db: Db, id: number, consumedAt: Date | null): Promise<void> {
  await db
    .updateTable('mail_codes')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '-', 1), ...(consumedAt ? { consumed_at: consumedAt } : {}) }))
    .where('id', '=', id)
    .execute();
}

export async function deleteStaleCodes(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('mail_codes').where('expires_at', '<', before).execute();
}

export async function deleteUserCodes(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('mail_codes').where('user_id', '=', userId).execute();
}
