import { sql } from 'kysely';
import { PAID_STATUSES } from '../../shared/receipt.ts';
import { VAULT_RECENT_DAYS } from '../../shared/vault.ts';
import type { Db } from '../db/schema.ts';

/** All SQL of the fan's vault (vault.service.ts). */
export async function findOpenedBoxes(db: Db, userId: number) {
  return db.selectFrom('bonus_unlocks as u').innerJoin('plan_order_histories as h', 'h.id', 'u.history_id')
    .innerJoin('plan_orders as o', 'o.id', 'h.plan_order_id').innerJoin('plans as p', 'p.id', 'h.plan_id').innerJoin('artists as a', 'a.id', 'p.artist_id')
    .select(['u.id as unlock_id', 'u.history_id', 'u.unlocked_at', 'h.plan_order_id', 'o.ship_date', 'a.name as artist_name', 'a.slug as artist_slug'])
    .where('u.user_id', '=', userId).orderBy('o.ship_date', 'desc').orderBy('u.id', 'desc').execute();
}

export async function findMilestoneUnlocks(db: Db, userId: number) {
  return db.selectFrom('bonus_unlocks').select(['id as unlock_id', 'artist_id', 'milestone', 'unlocked_at'])
    .where('user_id', '=', userId).where('milestone', 'is not', null).orderBy('milestone').execute();
}

/** Paid boxes of rounds with 特典 that have not opened (their items stay unnamed). */
export async function findLockedBoxes(db: Db, userId: number) {
  return db.selectFrom('plan_order_histories as h').innerJoin('plan_orders as o', 'o.id', 'h.plan_order_id')
    .innerJoin('plans as p', 'p.id', 'h.plan_id').innerJoin('artists as a', 'a.id', 'p.artist_id')
    .select(['h.id', 'o.ship_date', 'a.name as artist_name', 'a.slug as artist_slug'])
    .where('h.user_id', '=', userId).where('h.payment_status', 'in', PAID_STATUSES).where('h.superseded_by', 'is', null)
    .where((eb) => eb.exists(eb.selectFrom('bonuses as b').select('b.id').whereRef('b.plan_order_id', '=', 'o.id')))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('bonus_unlocks as bu').select('bu.id').whereRef('bu.history_id', '=', 'h.id'))))
    .where(sql<boolean>`not (h.refund_status is not null and h.refund_status <> 'failed' and h.shipped_at is null)`)
    .orderBy('o.ship_date').execute();
}

/** The items of these rounds and of these artists' milestones, without their bodies. */
export async function findItems(db: Db, roundIds: number[], artistIds: number[]) {
  if (roundIds.length === 0 && artistIds.length === 0) return [];
  return db.selectFrom('bonuses').select(['id', 'kind', 'name', 'bytes', 'plan_order_id', 'artist_id', 'milestone'])
    .where((eb) => eb.or([
      ...(roundIds.length > 0 ? [eb('plan_order_id', 'in', roundIds)] : []),
      ...(artistIds.length > 0 ? [eb('artist_id', 'in', artistIds)] : []),
    ])).orderBy('id').execute();
}

export async function findCodes(db: Db, unlockIds: number[]) {
  if (unlockIds.length === 0) return [];
  return db.selectFrom('bonus_codes').select(['bonus_id', 'unlock_id', 'code']).where('unlock_id', 'in', unlockIds).execute();
}

/** The milestones staff defined, per artist. */
export async function findDefinedMilestones(db: Db) {
  return db.selectFrom('bonuses').select(['artist_id', 'milestone']).distinct().where('artist_id', 'is not', null).execute();
}

/** The item if this fan holds it (their box of its round opened, or its milestone reached). */
export async function findHeldItem(db: Db, userId: number, bonusId: number) {
  return db.selectFrom('bonuses as b').select(['b.id', 'b.kind', 'b.name', 'b.content_type'])
    .where('b.id', '=', bonusId)
    .where((eb) => eb.exists(eb.selectFrom('bonus_unlocks as u').leftJoin('plan_order_histories as h', 'h.id', 'u.history_id').select('u.id')
      .where('u.user_id', '=', userId)
      .where((w) => w.or([w('h.plan_order_id', '=', w.ref('b.plan_order_id')), w.and([w('u.artist_id', '=', w.ref('b.artist_id')), w('u.milestone', '=', w.ref('b.milestone'))])]))))
    .executeTakeFirst();
}

export async function findItemBody(db: Db, bonusId: number) {
  return db.selectFrom('bonuses').select(['body', 'content_type', 'name']).where('id', '=', bonusId).executeTakeFirst();
}

export async function countDownload(db: Db, userId: number, bonusId: number, now: Date): Promise<void> {
  await db.insertInto('bonus_downloads').values({ user_id: userId, bonus_id: bonusId, count: 1, last_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'bonus_id']).doUpdateSet({ count: sql`bonus_downloads.count + 1`, last_at: now })).execute();
}

/** Unlocks of the last VAULT_RECENT_DAYS: my page's overview says 特典 are ready. */
export async function countRecentUnlocks(db: Db, userId: number, now: Date): Promise<number> {
  const since = new Date(now.getTime() - VAULT_RECENT_DAYS * 86_400_000);
  const row = await db.selectFrom('bonus_unlocks').select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId).where('unlocked_at', '>=', since).executeTakeFirstOrThrow();
  return Number(row.n);
}
