import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import { PaymentMoveError, paymentStatusesInto, SHIP_TO_FOLLOWS_ACCOUNT, type PaymentStatus } from '../../shared/payment.ts';
import type { Db, PlanOrderHistoriesTable } from '../db/schema.ts';

export type HistoryRow = Selectable<PlanOrderHistoriesTable>;
export type NewHistory = Omit<Insertable<PlanOrderHistoriesTable>, 'charge_key' | 'id'>;

/** Statuses in which a round's charge is live (not declined, not voided). */
export const LIVE_STATUSES = ['BEFORE', 'SUCCESS', 'WAITING', 'SHIPSTART', 'COMPLETEMAIL', 'DELIVERED'] as const;

/** An id for a row about to be reserved, so its order key can be written with it. */
export async function nextHistoryId(db: Db): Promise<number> {
  const result = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('plan_order_histories', 'id'))::int as id`.execute(db);
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('no history id');
  return id;
}

/**
 * Reserves a round's charge (status BEFORE) before the provider is called. The order key is
 * derived from the row, so it is deterministic: a retry finds the same key at the provider.
 */
export async function reserveHistory(db: Db, id: number, row: NewHistory): Promise<HistoryRow> {
  const chargeKey = `uph-${row.user_plan_id}-${row.plan_order_id}-${id}`;
  return db.insertInto('plan_order_histories').values({ ...row, id, charge_key: chargeKey }).returningAll().executeTakeFirstOrThrow();
}

/** The live charge of a subscription's round, if any. */
export async function findLiveHistory(db: Db, userPlanId: number, planOrderId: number, lock = false): Promise<HistoryRow | undefined> {
  let query = db.selectFrom('plan_order_histories').selectAll()
    .where('user_plan_id', '=', userPlanId).where('plan_order_id', '=', planOrderId)
    .where('payment_status', 'in', [...LIVE_STATUSES]).where('superseded_by', 'is', null);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findLiveHistories(db: Db, userPlanIds: number[]): Promise<HistoryRow[]> {
  if (userPlanIds.length === 0) return [];
  return db.selectFrom('plan_order_histories').selectAll().where('user_plan_id', 'in', userPlanIds)
    .where('payment_status', 'in', [...LIVE_STATUSES]).where('superseded_by', 'is', null).execute();
}

export async function updateHistory(
  db: Db,
  id: number,
  changes: Partial<Pick<HistoryRow, 'charge_id' | 'decline_reason' | 'paid_at' | 'superseded_by' | 'refund_status' | 'refunded_at' | 'action_required_at' | 'carries_fee'>> & { payment_status?: PaymentStatus },
  now: Date,
): Promise<void> {
  // A box declined gives its parcel's fee up, so the next box charged takes it (shared/parcel.ts).
  if (changes.payment_status === 'ERROR' && changes.action_required_at === undefined) changes = { ...changes, carries_fee: false };
  const to = changes.payment_status;
  if (to === undefined) {
    await db.updateTable('plan_order_histories').set({ ...changes, updated_at: now }).where('id', '=', id).execute();
    return;
  }
  await moveHistoryStatus(db, id, to, changes, now);
}

/**
 * Moves one round's payment status, guarded in the UPDATE by the statuses allowed into `to`
 * (shared/payment.ts), so a row another process moved meanwhile is never overwritten. A refused
 * move throws PaymentMoveError naming the status found: never a silent no-op.
 */
export async function moveHistoryStatus(db: Db, id: number, to: PaymentStatus, changes: Updateable<PlanOrderHistoriesTable>, now: Date): Promise<void> {
  const moved = await db.updateTable('plan_order_histories').set({ ...changes, payment_status: to, updated_at: now })
    .where('id', '=', id).where('payment_status', 'in', paymentStatusesInto(to)).executeTakeFirst();
  if (moved.numUpdatedRows === 1n) return;
  const row = await db.selectFrom('plan_order_histories').select('payment_status').where('id', '=', id).executeTakeFirst();
  // Already there (a checkout charge settled by its stale-pending check meanwhile): the move is
  // done, and answering an error would tell a shopper who paid that the payment failed.
  if (row?.payment_status === to) return;
  throw new PaymentMoveError(row?.payment_status ?? 'missing', to);
}

export interface ShipTo {
  zip: string;
  address: string;
  address2: string;
  name: string;
  tel: string;
}

/**
 * Copies the account's delivery details onto its boxes not yet in the warehouse list
 * (shared/payment.ts SHIP_TO_FOLLOWS_ACCOUNT); boxes from WAITING on keep the address they left with.
 */
export async function updateUnshippedShipTo(db: Db, userId: number, to: ShipTo, now: Date): Promise<number> {
  const result = await db.updateTable('plan_order_histories')
    .set({ ship_zip: to.zip, ship_address: to.address, ship_address2: to.address2, ship_dest_name: to.name, ship_tel: to.tel, updated_at: now })
    .where('user_id', '=', userId).where('payment_status', 'in', [...SHIP_TO_FOLLOWS_ACCOUNT]).where('superseded_by', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Marks `oldId` as being replaced by `newId`; false when another change got there first (the
 * row is no longer live or already being replaced), so two changes never both re-charge.
 */
export async function claimForReplacement(db: Db, oldId: number, newId: number, now: Date): Promise<boolean> {
  const result = await db.updateTable('plan_order_histories').set({ superseded_by: newId, updated_at: now })
    .where('id', '=', oldId).where('superseded_by', 'is', null).where('payment_status', '=', 'SUCCESS')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** A history row with its round, plan and artist: what the order history shows, in one query. */
function selectUserHistories(db: Db, userId: number) {
  return db.selectFrom('plan_order_histories as h')
    .innerJoin('plan_orders as o', 'o.id', 'h.plan_order_id')
    .innerJoin('plans as p', 'p.id', 'h.plan_id')
    .innerJoin('artists as a', 'a.id', 'p.artist_id')
    .selectAll('h')
    .select([
      'o.name as round_name', 'o.end_date as round_end_date', 'o.ship_date as round_ship_date',
      'p.name as plan_name', 'p.name_en as plan_name_en', 'a.id as artist_id', 'a.name as artist_name', 'a.slug as artist_slug',
    ])
    // A charge replaced by a tier or count change is listed too, with its refund (issue 30): the
    // fan sees every charge, and the receipt's own statement still refuses it.
    .where('h.user_id', '=', userId);
}

export type UserHistoryRow = Awaited<ReturnType<ReturnType<typeof selectUserHistories>['executeTakeFirstOrThrow']>>;

/** The user's orders, newest first. */
export async function findUserHistories(db: Db, userId: number): Promise<UserHistoryRow[]> {
  return selectUserHistories(db, userId).orderBy('h.created_at', 'desc').orderBy('h.id', 'desc').execute();
}

/** One of the user's orders; another user's id finds nothing. */
export async function findUserHistory(db: Db, userId: number, id: number): Promise<UserHistoryRow | undefined> {
  return selectUserHistories(db, userId).where('h.id', '=', id).executeTakeFirst();
}

/**
 * Records one issue of the receipt in one statement (first issue or reissue), only while the
 * order may have one: two clicks at once count twice, never lose an issue.
 */
export async function recordReceiptIssue(
  db: Db,
  userId: number,
  id: number,
  addressee: string,
  paidStatuses: readonly string[],
  now: Date,
): Promise<boolean> {
  const result = await db.updateTable('plan_order_histories')
    .set((eb) => ({
      receipt_addressee: addressee,
      receipt_issued_count: eb('receipt_issued_count', '+', 1),
      receipt_first_issued_at: eb.fn.coalesce('receipt_first_issued_at', eb.val(now)),
      updated_at: now,
    }))
    .where('id', '=', id).where('user_id', '=', userId).where('superseded_by', 'is', null)
    .where('payment_method', '=', 'CARD').where('payment_status', 'in', [...paidStatuses])
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}
