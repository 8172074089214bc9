import { sql, type Selectable } from 'kysely';
import type { Db } from '../db/schema.ts';
import type { ShopperRoundRequestsTable } from '../db/schema-shopper.ts';
import type { BillingRound } from '../billing/eligibility.ts';

export type RequestRow = Selectable<ShopperRoundRequestsTable>;

/** A subscription of a fan who pays each round herself, owing a request for a round. */
export interface RequestCandidate {
  user_plan_id: number;
  user_id: number;
  count: number;
  payment_method: string;
}

const ROUND_COLUMNS = ['id', 'plan_id', 'name', 'end_date', 'ship_date', 'price', 'pre_tax_price'] as const;

/** Rounds whose request window (shared/shopper-payment.ts `requestAtOf`) is open at `now`. */
export function findRequestRounds(db: Db, now: Date, requestFrom: Date): Promise<BillingRound[]> {
  return db.selectFrom('plan_orders').select(ROUND_COLUMNS).where('end_date', '>', now).where('end_date', '<=', requestFrom)
    .orderBy('end_date').orderBy('id').execute();
}

/**
 * Live subscriptions of konbini/PayPay fans owing `round` a request: ACTIVE, not paused from this
 * round on, not skipped for it, no request yet, and the round not paid another way (a checkout
 * that paid it, a billing row). The same conditions as the card rule (api/billing/eligibility.ts).
 */
export async function findRequestCandidates(db: Db, round: BillingRound): Promise<RequestCandidate[]> {
  const result = await sql<RequestCandidate>`
    select up.id as user_plan_id, up.user_id, up.count, u.payment_method
    from user_plans up join users u on u.id = up.user_id
    where up.plan_id = ${round.plan_id} and up.status = 'ACTIVE' and up.created_at < ${round.end_date}
      and (up.paused_from is null or up.paused_from > ${round.end_date})
      and u.deleted_at is null and u.payment_method in ('KONBINI', 'PAYPAY')
      and not exists (select 1 from user_plan_skips s where s.user_plan_id = up.id and s.plan_order_id = ${round.id})
      and not exists (select 1 from shopper_round_requests r where r.user_plan_id = up.id and r.plan_order_id = ${round.id})
      and not exists (select 1 from plan_order_histories h where h.user_plan_id = up.id and h.plan_order_id = ${round.id}
        and (h.origin = 'billing' or h.refund_box = 'stop' or (h.payment_status not in ('ERROR', 'CANCEL') and h.superseded_by is null)))
    order by up.id`.execute(db);
  return result.rows;
}

/** What a request's mails name: the fan, the plan and the round. */
export interface RequestFacts {
  request: RequestRow;
  email: string;
  lang: string;
  artistName: string;
  planName: string;
  period: number;
  endDate: Date;
  shipDate: Date;
}

export async function findRequestFacts(db: Db, requestId: number): Promise<RequestFacts | undefined> {
  const row = await db.selectFrom('shopper_round_requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('plan_orders as o', 'o.id', 'r.plan_order_id')
    .innerJoin('plans as p', 'p.id', 'o.plan_id')
    .innerJoin('artists as a', 'a.id', 'p.artist_id')
    .selectAll('r').select(['u.email', 'u.lang', 'a.name as artist_name', 'p.name as plan_name', 'p.period', 'o.end_date', 'o.ship_date'])
    .where('r.id', '=', requestId).executeTakeFirst();
  if (!row) return undefined;
  const { email, lang, artist_name: artistName, plan_name: planName, period, end_date: endDate, ship_date: shipDate, ...request } = row;
  return { request, email, lang, artistName, planName, period, endDate, shipDate };
}

/** Requests still open whose reminder is due and has not gone out. */
export function findRemindable(db: Db, now: Date, reminderBy: Date): Promise<RequestRow[]> {
  return db.selectFrom('shopper_round_requests').selectAll().where('status', '=', 'requested').where('reminded_at', 'is', null)
    .where('pay_by', '>', now).where('pay_by', '<=', reminderBy).orderBy('id').execute();
}

/** Requests still open whose deadline has passed. */
export function findLapsing(db: Db, now: Date): Promise<RequestRow[]> {
  return db.selectFrom('shopper_round_requests').selectAll().where('status', '=', 'requested').where('pay_by', '<=', now).orderBy('id').execute();
}

/** How many of the subscription's latest requests lapsed in a row (a paid one ends the run). */
export async function countLapsesInRow(db: Db, userPlanId: number): Promise<number> {
  const rows = await db.selectFrom('shopper_round_requests').select('status').where('user_plan_id', '=', userPlanId)
    .where('status', 'in', ['paid', 'lapsed']).orderBy('pay_by', 'desc').limit(50).execute();
  const firstPaid = rows.findIndex((r) => r.status === 'paid');
  return firstPaid === -1 ? rows.length : firstPaid;
}

/** The request of an order key made by `shopperRoundKeyOf` (null for any other key). */
export function requestIdOfKey(orderKey: string, prefix: string): number | null {
  if (!orderKey.startsWith(prefix)) return null;
  const match = /^(\d{1,10})-\d{1,3}$/.exec(orderKey.slice(prefix.length));
  return match ? Number(match[1]) : null;
}
