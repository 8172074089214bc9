import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../db/schema.ts';

/** A round as the billing run needs it. */
export interface BillingRound {
  id: number;
  plan_id: number;
  name: string;
  end_date: Date;
  ship_date: Date;
  /** What the round charges (its own price: a plan's price change rewrites only rounds nothing was charged for). */
  price: number;
  pre_tax_price: number;
}

/** A subscription the run charges for a round, with what the charge and the mails need. */
export interface EligibleSubscription {
  user_plan_id: number;
  user_id: number;
  count: number;
  payment_method: string;
  email: string;
  lang: string;
  name: string;
  zip: string;
  address: string;
  address2: string;
  tel: string;
}

/**
 * THE rule of who is charged for a round at its deadline (shared/billing-rules.ts), as SQL: the
 * subscription existed and was active at the deadline (a cancellation at or after it still owes
 * this round), it was not paused from this round on nor skipped for it, the account is not
 * deleted, the fan does not pay each round herself (konbini, PayPay: api/shopper-round/, never
 * charged here), and the round has no live charge (checkout) nor an earlier billing row, nor a box
 * support refunded and stopped (api/customers/refund.service.ts: charging it again would undo that).
 */
function activeAtDeadline(round: BillingRound): Expression<SqlBool> {
  return sql<SqlBool>`up.plan_id = ${round.plan_id}
    and up.created_at < ${round.end_date}
    and (up.status = 'ACTIVE' or (up.status = 'CANCELLED' and up.cancelled_at >= ${round.end_date}))
    and (up.paused_from is null or up.paused_from > ${round.end_date})
    and u.deleted_at is null
    and u.payment_method not in ('KONBINI', 'PAYPAY')
    and not exists (select 1 from user_plan_skips s where s.user_plan_id = up.id and s.plan_order_id = ${round.id})
    and (select true from plan_order_histories h where h.user_plan_id = up.id and h.plan_order_id = ${round.id}
      and (h.origin = 'billing' or h.refund_box = 'stop' or (h.payment_status not in ('ERROR', 'CANCEL') and h.superseded_by is null)) limit 1) is null`;
}

/** One page of the round's eligible subscriptions after `afterId` (keyset paging by id). */
export async function findEligible(
  db: Db,
  round: BillingRound,
  afterId: number,
  limit: number,
  userPlanId?: number,
  { lockShopper = false } = {},
): Promise<EligibleSubscription[]> {
  const result = await eligibleQuery(round, afterId, limit, userPlanId, { lockShopper }).execute(db);
  return result.rows;
}

/**
 * The page's statement. Its check for a round's existing row is a scalar subquery, not a `not
 * exists` the planner may turn into a scan of the whole round: it reads the index
 * `plan_order_histories_subscription_round` one probe a subscription, so a page costs the same
 * however much of the round is reserved (migration 0034; test/integration/billing-reserve-index.test.ts).
 */
export function eligibleQuery(round: BillingRound, afterId: number, limit: number, userPlanId?: number, { lockShopper = false } = {}) {
  const only = userPlanId === undefined ? sql`` : sql`and up.id = ${userPlanId}`;
  // Locked (FOR SHARE), the shopper's row cannot change under the reservation that copies its
  // address, and a change waiting for the lock then moves the box with the others (reserve.ts).
  const lock = lockShopper ? sql`for share of u` : sql``;
  return sql<EligibleSubscription>`
    select up.id as user_plan_id, up.user_id, up.count, u.payment_method, u.email, u.lang, u.name, u.zip, u.address, u.address2, u.tel
    from user_plans up join users u on u.id = up.user_id
    where ${activeAtDeadline(round)} and up.id > ${afterId} ${only}
    order by up.id limit ${limit} ${lock}`;
}

const ROUND_COLUMNS = ['id', 'plan_id', 'name', 'end_date', 'ship_date', 'price', 'pre_tax_price'] as const;

/** Rounds whose deadline has passed at `now` and that the run has not reserved yet. */
export async function findDueRounds(db: Db, now: Date, only: { roundId?: number | undefined; planId?: number } = {}): Promise<BillingRound[]> {
  let query = db.selectFrom('plan_orders').select(ROUND_COLUMNS.map((c) => `plan_orders.${c}` as const))
    .leftJoin('billing_rounds', 'billing_rounds.plan_order_id', 'plan_orders.id')
    .where('plan_orders.end_date', '<=', now).where('billing_rounds.reserved_at', 'is', null);
  if (only.roundId !== undefined) query = query.where('plan_orders.id', '=', only.roundId);
  if (only.planId !== undefined) query = query.where('plan_orders.plan_id', '=', only.planId);
  return query.orderBy('plan_orders.end_date').orderBy('plan_orders.id').execute();
}

/** Rounds whose reminder is due at `now` and has not gone out. */
export async function findReminderRounds(db: Db, now: Date, from: Date): Promise<BillingRound[]> {
  return db.selectFrom('plan_orders').select(ROUND_COLUMNS.map((c) => `plan_orders.${c}` as const))
    .leftJoin('billing_rounds', 'billing_rounds.plan_order_id', 'plan_orders.id')
    .where('plan_orders.end_date', '>', now).where('plan_orders.end_date', '<=', from)
    .where('billing_rounds.reminded_at', 'is', null)
    .orderBy('plan_orders.end_date').execute();
}

/** Rounds of a plan whose deadline passed at `now` (for the change path and resume). */
export async function findPassedRounds(db: Db, planId: number, now: Date, since?: Date): Promise<BillingRound[]> {
  let query = db.selectFrom('plan_orders').select(ROUND_COLUMNS).where('plan_id', '=', planId).where('end_date', '<=', now);
  if (since) query = query.where('end_date', '>=', since);
  return query.orderBy('end_date').execute();
}

export async function markRound(db: Db, roundId: number, changes: { reminded_at?: Date; reserved_at?: Date; reserved_count?: number }): Promise<void> {
  await db.insertInto('billing_rounds').values({ plan_order_id: roundId, ...changes })
    .onConflict((oc) => oc.column('plan_order_id').doUpdateSet((eb) => ({
      ...changes,
      // Two runs at once may both reserve a round, each counting only the rows it inserted: the
      // counts add up (a plain overwrite let the later run's 0 win) and the first time stays.
      ...(changes.reserved_count === undefined ? {} : { reserved_count: eb('billing_rounds.reserved_count', '+', eb.ref('excluded.reserved_count')) }),
      ...(changes.reserved_at === undefined ? {} : { reserved_at: eb.fn.coalesce('billing_rounds.reserved_at', 'excluded.reserved_at') }),
    }))).execute();
}
