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

/** The live code for an address and purpose, locked for the check-then-write that follows. */
export async function findLiveCodeForUpdate(db: Db, email: string, purpose: string, now: Date, maxFailures: number) {
  return db
    .selectFrom('mail_codes')
    .select(['id', 'code_hash', 'user_id', 'lang', 'failed_attempts'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .where('failed_attempts', '<', maxFailures)
    .orderBy('id', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
}

export async function countFailure(db: Db, id: number): Promise<void> {
  await db.updateTable('mail_codes').set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) })).where('id', '=', id).execute();
}

export async function markConsumed(db: Db, id: number, now: Date): Promise<void> {
  await db.updateTable('mail_codes').set({ consumed_at: now }).where('id', '=', id).execute();
}

export async function deleteStaleCodes(db: Db, before: Date): Promise<void> {
  await db.deleteFrom('mail_codes').where('expires_at', '<', before).execute();
}

export async function deleteUserCodes(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('mail_codes').where('user_id', '=', userId).execute();
}
