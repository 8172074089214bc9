import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

/** All SQL of staff accounts, setup links and recovery codes (sessions: staff-session.ts). */
export function findStaffByEmail(db: Db, email: string) {
  return db.selectFrom('staff').selectAll().where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
}

export function findStaffById(db: Db, id: number, lock = false) {
  const query = db.selectFrom('staff').selectAll().where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export function listStaff(db: Db) {
  return db.selectFrom('staff').selectAll().orderBy('id').execute();
}

export async function insertStaff(db: Db, email: string, role: string, now: Date): Promise<number> {
  const row = await db.insertInto('staff').values({ email, role, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateStaff(db: Db, id: number, values: { role?: string; disabled_at?: Date | null }, now: Date): Promise<void> {
  await db.updateTable('staff').set({ ...values, updated_at: now }).where('id', '=', id).execute();
}

/** Owners who can still sign in, other than `exceptId`: the last one may not be demoted or disabled. */
export async function countOtherActiveOwners(db: Db, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('role', '=', 'owner')
    .where('disabled_at', 'is', null)
    .where('id', '<>', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A lost second factor: the member can sign in with nothing they had, and must enrol again. */
export async function dropCredentials(db: Db, id: number, now: Date): Promise<void> {
  await db
    .updateTable('staff')
    .set({ password_hash: null, totp_secret: null, totp_last_step: null, enrolled_at: null, updated_at: now })
    .where('id', '=', id)
    .execute();
  await db.deleteFrom('staff_recovery_codes').where('staff_id', '=', id).execute();
  await db.deleteFrom('staff_sessions').where('staff_id', '=', id).execute();
}

/** A new link replaces any unused one of the same member. */
export async function insertSetupToken(db: Db, row: { tokenHash: string; staffId: number; secret: string; now: Date; expiresAt: Date }): Promise<void> {
  await db.deleteFrom('staff_setup_tokens').where('staff_id', '=', row.staffId).where('used_at', 'is', null).execute();
  await db
    .insertInto('staff_setup_tokens')
    .values({ token_hash: row.tokenHash, staff_id: row.staffId, totp_secret: row.secret, created_at: row.now, expires_at: row.expiresAt })
    .execute();
}

/** A live link (unused, unexpired) with its member; `lock` for the enrolment that uses it up. */
export function findLiveSetup(db: Db, tokenHash: string, now: Date, lock = false) {
  const query = db
    .selectFrom('staff_setup_tokens')
    .innerJoin('staff', 'staff.id', 'staff_setup_tokens.staff_id')
    .select(['staff.id', 'staff.email', 'staff.role', 'staff.disabled_at', 'staff_setup_tokens.totp_secret', 'staff_setup_tokens.token_hash'])
    .where('staff_setup_tokens.token_hash', '=', tokenHash)
    .where('staff_setup_tokens.used_at', 'is', null)
    .where('staff_setup_tokens.expires_at', '>', now)
    .where('staff.disabled_at', 'is', null);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function useSetupToken(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.updateTable('staff_setup_tokens').set({ used_at: now }).where('token_hash', '=', tokenHash).execute();
}

export async function saveEnrolment(db: Db, id: number, values: { passwordHash: string; secret: string; step: number }, now: Date): Promise<void> {
  await db
    .updateTable('staff')
    .set({ password_hash: values.passwordHash, totp_secret: values.secret, totp_last_step: values.step, enrolled_at: now, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * Takes a TOTP step if it is later than the last one taken: one statement, so two requests with
 * the same code cannot both pass (the replay guard).
 */
export async function takeTotpStep(db: Db, id: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('staff')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', sql<string>`${step}`)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function replaceRecoveryCodes(db: Db, staffId: number, hashes: string[], now: Date): Promise<void> {
  await db.deleteFrom('staff_recovery_codes').where('staff_id', '=', staffId).execute();
  await db.insertInto('staff_recovery_codes').values(hashes.map((code_hash) => ({ staff_id: staffId, code_hash, created_at: now }))).execute();
}

/** Uses a recovery code up in one statement; false if it is unknown or already used. */
export async function useRecoveryCode(db: Db, staffId: number, codeHash: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('staff_recovery_codes')
    .set({ used_at: now })
    .where('staff_id', '=', staffId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .returning('staff_id')
    .executeTakeFirst();
  return row !== undefined;
}
