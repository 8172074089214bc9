import { sql } from 'kysely';
import type { Db } from '../db/schema.ts';

/**
 * Gives the unlock one code of the list, if it has none and the list has one left. One statement:
 * the free code is taken `for update skip locked`, so two passes (or two API copies) take two
 * different codes, and `bonus_codes_one_per_unlock` refuses a second code for the same unlock.
 * Returns the code, or null when the list has run out.
 */
export async function assignCode(db: Db, bonusId: number, unlockId: number, now: Date): Promise<string | null> {
  const result = await sql<{ code: string }>`
    update bonus_codes set unlock_id = ${unlockId}, assigned_at = ${now}
    where id = (select id from bonus_codes where bonus_id = ${bonusId} and unlock_id is null order by id limit 1 for update skip locked) and unlock_id is null
      and not exists (select 1 from bonus_codes held where held.bonus_id = ${bonusId} and held.unlock_id = ${unlockId})
    returning code`.execute(db);
  return result.rows[0]?.code ?? null;
}

/** The code lists among `bonusIds`, for the unlock just made (inside its transaction: nobody else sees the unlock yet). */
export async function assignCodes(db: Db, bonusIds: number[], unlockId: number, now: Date): Promise<void> {
  for (const bonusId of bonusIds) await assignCode(db, bonusId, unlockId, now);
}

/**
 * Unlocks still waiting for a code of a list that now has codes free (a list added after the box
 * opened, or added to): each given one, its own statement; a race lost to another copy is left
 * to it. Bounded per pass.
 */
export async function fillWaitingCodes(db: Db, now: Date, userId?: number): Promise<number> {
  const user = userId === undefined ? sql`true` : sql`u.user_id = ${userId}`;
  const waiting = await sql<{ unlock_id: number; bonus_id: number }>`
    select u.id as unlock_id, b.id as bonus_id from bonus_unlocks u
    left join plan_order_histories h on h.id = u.history_id
    join bonuses b on b.kind = 'codes' and (b.plan_order_id = h.plan_order_id or (b.artist_id = u.artist_id and b.milestone = u.milestone))
    where ${user}
      and not exists (select 1 from bonus_codes c where c.bonus_id = b.id and c.unlock_id = u.id)
      and exists (select 1 from bonus_codes c where c.bonus_id = b.id and c.unlock_id is null)
    order by u.id limit 500`.execute(db);
  let given = 0;
  for (const row of waiting.rows) {
    try {
      if (await assignCode(db, row.bonus_id, row.unlock_id, now)) given += 1;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return given;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === '23505';
}
