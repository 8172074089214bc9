import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db, UsersTable } from '../db/schema.ts';

/** All SQL about users. Only live users (deleted_at is null) are found; addresses compare lower-cased. */
export async function findLiveUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'lang'])
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function findLiveUserById(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash', 'lang'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export async function insertUser(db: Db, user: Insertable<UsersTable>): Promise<number> {
  return (await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow()).id;
}

/** The account's delivery details, read under a row lock (the boxes copy them in the same transaction). */
export async function findShipTo(db: Db, id: number) {
  return db.selectFrom('users').select(['zip', 'address', 'address2', 'name', 'tel']).where('id', '=', id)
    .where('deleted_at', 'is', null).forUpdate().executeTakeFirst();
}

export async function updateUser(db: Db, id: number, changes: Updateable<UsersTable>): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).where('deleted_at', 'is', null).execute();
}

/** Unique-index violation: another request took the address between our check and our write. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}
