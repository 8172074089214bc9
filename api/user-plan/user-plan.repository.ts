import type { Selectable } from 'kysely';
import type { Db, UserPlansTable } from '../db/schema.ts';

export type UserPlanRow = Selectable<UserPlansTable>;

/** The subscriptions a shopper holds (PENDING ones are a checkout still charging). */
export async function findLiveUserPlans(db: Db, userId: number): Promise<UserPlanRow[]> {
  return db.selectFrom('user_plans').selectAll().where('user_id', '=', userId).where('status', '=', 'ACTIVE')
    .orderBy('created_at').orderBy('id').execute();
}

/** The shopper's ACTIVE subscription of a plan, locked when inside a transaction. */
export async function findActiveUserPlan(db: Db, userId: number, planId: number, lock = false): Promise<UserPlanRow | undefined> {
  let query = db.selectFrom('user_plans').selectAll()
    .where('user_id', '=', userId).where('plan_id', '=', planId).where('status', '=', 'ACTIVE');
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findLiveUserPlanOfPlan(db: Db, userId: number, planId: number): Promise<UserPlanRow | undefined> {
  return db.selectFrom('user_plans').selectAll()
    .where('user_id', '=', userId).where('plan_id', '=', planId).where('status', 'in', ['PENDING', 'ACTIVE'])
    .executeTakeFirst();
}

export async function insertUserPlan(db: Db, row: { user_id: number; plan_id: number; count: number; now: Date }): Promise<UserPlanRow> {
  return db.insertInto('user_plans')
    .values({ user_id: row.user_id, plan_id: row.plan_id, count: row.count, status: 'PENDING', created_at: row.now, updated_at: row.now })
    .returningAll().executeTakeFirstOrThrow();
}

export async function updateUserPlan(
  db: Db,
  id: number,
  changes: Partial<Pick<UserPlanRow, 'plan_id' | 'count' | 'status' | 'paused_from' | 'cancelled_at'>>,
  now: Date,
): Promise<void> {
  await db.updateTable('user_plans').set({ ...changes, updated_at: now }).where('id', '=', id).execute();
}

export async function findSkippedOrders(db: Db, userPlanIds: number[]): Promise<{ user_plan_id: number; plan_order_id: number }[]> {
  if (userPlanIds.length === 0) return [];
  return db.selectFrom('user_plan_skips').select(['user_plan_id', 'plan_order_id']).where('user_plan_id', 'in', userPlanIds).execute();
}

/** False when the round was already skipped. */
export async function insertSkip(db: Db, userPlanId: number, planOrderId: number, now: Date): Promise<boolean> {
  const row = await db.insertInto('user_plan_skips').values({ user_plan_id: userPlanId, plan_order_id: planOrderId, created_at: now })
    .onConflict((oc) => oc.doNothing()).returning('plan_order_id').executeTakeFirst();
  return row !== undefined;
}

/** Rounds of the plans whose deadline has not passed: the candidates of the round rule. */
export async function findComingRounds(db: Db, planIds: number[], now: Date) {
  if (planIds.length === 0) return [];
  return db.selectFrom('plan_orders').selectAll().where('plan_id', 'in', planIds).where('end_date', '>', now)
    .orderBy('end_date').execute();
}

/** A unique index said no: another request took the same subscription or charge first. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

/** The subscription's skip of the latest round (the one an undo would take back), with its times. */
export async function findLatestSkip(db: Db, userPlanId: number) {
  return db.selectFrom('user_plan_skips as s').innerJoin('plan_orders as o', 'o.id', 's.plan_order_id')
    .select(['s.plan_order_id', 'o.end_date', 'o.ship_date']).where('s.user_plan_id', '=', userPlanId)
    .orderBy('o.end_date', 'desc').executeTakeFirst();
}

/** False when the skip was gone already (another undo took it first). */
export async function deleteSkip(db: Db, userPlanId: number, planOrderId: number): Promise<boolean> {
  const result = await db.deleteFrom('user_plan_skips').where('user_plan_id', '=', userPlanId).where('plan_order_id', '=', planOrderId)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

/** The plan's round whose deadline is `endDate` (a pause starts at one), whether or not it passed. */
export async function findRoundEndingAt(db: Db, planId: number, endDate: Date) {
  return db.selectFrom('plan_orders').select(['id', 'end_date', 'ship_date']).where('plan_id', '=', planId).where('end_date', '=', endDate)
    .orderBy('id').executeTakeFirst();
}
