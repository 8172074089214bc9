import { sql } from 'kysely';
import { CHARGED_STATUSES } from '../../shared/dashboard-figures.ts';
import type { Db } from '../db/schema.ts';
import { PARTIAL_REFUNDS, REFUND_OPEN_SQL } from '../order-history/order-refunds.repository.ts';

/**
 * The dashboard's SQL: every query aggregates in the database over a bounded window (a date
 * range, or LIMIT), so its cost does not grow with the number of rows returned.
 * Sums are bigint: PostgreSQL's driver gives them as strings, PGlite as numbers.
 */
type Big = number | string | bigint;
const TOKYO_MONTH = (column: string) => sql.raw(`to_char(${column} at time zone 'Asia/Tokyo', 'YYYY-MM')`);

/** A subscription counts as active at `at` when it existed and was not cancelled yet (as api/billing/eligibility.ts). */
const activeAt = (at: Date) => sql`up.created_at < ${at} and (up.status = 'ACTIVE' or (up.status = 'CANCELLED' and up.cancelled_at >= ${at}))`;

/**
 * The boxes shipped in [from, to) and the parcels they left in: one tracking number of one fan is
 * one parcel (the import gives every box of a 同梱 its parcel's number).
 */
export async function countShipments(db: Db, from: Date, to: Date): Promise<{ boxes: number; parcels: number; consolidated: number }> {
  const result = await sql<{ boxes: Big | null; parcels: Big; consolidated: Big }>`
    select sum(n) as boxes, count(*) as parcels, count(*) filter (where n > 1) as consolidated from (
      select count(*) as n from plan_order_histories
      where shipped_at >= ${from} and shipped_at < ${to} and superseded_by is null and payment_status in ('SHIPSTART', 'COMPLETEMAIL', 'DELIVERED')
      group by user_id, ship_number) parcels`.execute(db);
  const row = result.rows[0];
  return { boxes: Number(row?.boxes ?? 0), parcels: Number(row?.parcels ?? 0), consolidated: Number(row?.consolidated ?? 0) };
}

/**
 * Issue 34: this month's rounds paid by the fan herself (order rows of KONBINI / PAYPAY paid in the
 * window) and the konbini refunds still waiting for support's bank transfer, in one query.
 */
export async function countShopperPaid(db: Db, from: Date, to: Date): Promise<{ konbini: number; paypay: number; openTransfers: number }> {
  const result = await sql<{ konbini: Big; paypay: Big; open_transfers: Big }>`
    select
      (select count(*) from plan_order_histories where payment_method = 'KONBINI' and paid_at >= ${from} and paid_at < ${to} and superseded_by is null) as konbini,
      (select count(*) from plan_order_histories where payment_method = 'PAYPAY' and paid_at >= ${from} and paid_at < ${to} and superseded_by is null) as paypay,
      (select count(*) from shopper_refund_transfers where status = 'to_transfer') as open_transfers`.execute(db);
  const row = result.rows[0];
  return { konbini: Number(row?.konbini ?? 0), paypay: Number(row?.paypay ?? 0), openTransfers: Number(row?.open_transfers ?? 0) };
}

export interface ActiveRow { subscriptions: Big; paused: Big; subscribers: Big }

export async function countActive(db: Db): Promise<ActiveRow> {
  const result = await sql<ActiveRow>`
    select count(*) as subscriptions, count(*) filter (where up.paused_from is not null) as paused, count(distinct up.user_id) as subscribers
    from user_plans up where up.status = 'ACTIVE'`.execute(db);
  return result.rows[0] ?? { subscriptions: 0, paused: 0, subscribers: 0 };
}

export async function countActiveAt(db: Db, at: Date): Promise<number> {
  const result = await sql<{ n: Big }>`select count(*) as n from user_plans up where ${activeAt(at)}`.execute(db);
  return Number(result.rows[0]?.n ?? 0);
}

export interface MovementRow { month: string; started: Big; cancelled: Big }

/** Subscriptions started (the first charge succeeded) and cancelled per Tokyo month in [from, to). */
export async function countMovements(db: Db, from: Date, to: Date): Promise<MovementRow[]> {
  const result = await sql<MovementRow>`
    select month, sum(started) as started, sum(cancelled) as cancelled from (
      select ${TOKYO_MONTH('created_at')} as month, 1 as started, 0 as cancelled from user_plans
        where status in ('ACTIVE', 'CANCELLED') and created_at >= ${from} and created_at < ${to}
      union all
      select ${TOKYO_MONTH('cancelled_at')}, 0, 1 from user_plans
        where status = 'CANCELLED' and cancelled_at >= ${from} and cancelled_at < ${to}
    ) moves group by month`.execute(db);
  return result.rows;
}

export interface CancelReasonRow { month: string; reason: string | null; n: Big }

/** Cancellations per Tokyo month in [from, to) by their recorded reason (null: none given). */
export async function countCancelReasons(db: Db, from: Date, to: Date): Promise<CancelReasonRow[]> {
  const result = await sql<CancelReasonRow>`
    select ${TOKYO_MONTH('cancelled_at')} as month, cancel_reason as reason, count(*) as n from user_plans
      where status = 'CANCELLED' and cancelled_at >= ${from} and cancelled_at < ${to}
      group by 1, 2`.execute(db);
  return result.rows;
}

export interface AcceptedOfferRow { month: string; offer: string; n: Big }

/** Offers taken on the fan's cancel page per Tokyo month in [from, to) (issue 32, migration 0021). */
export async function countAcceptedOffers(db: Db, from: Date, to: Date): Promise<AcceptedOfferRow[]> {
  const result = await sql<AcceptedOfferRow>`
    select ${TOKYO_MONTH('accepted_at')} as month, offer, count(*) as n from cancel_offers
      where accepted_at >= ${from} and accepted_at < ${to}
      group by 1, 2`.execute(db);
  return result.rows;
}

/** The ship date of the latest round whose deadline has passed at `now`. */
export async function findCurrentRoundShipDate(db: Db, now: Date): Promise<Date | null> {
  const row = await db.selectFrom('plan_orders').select((eb) => eb.fn.max('ship_date').as('ship')).where('end_date', '<=', now).executeTakeFirst();
  return row?.ship ? new Date(row.ship) : null;
}

export interface RevenueRow {
  month: string; charges: Big; charged: Big; charged_pre_tax: Big; refunded: Big; refunded_pre_tax: Big;
}

/** Charged rounds (money taken: `paid_at`) per ship month in [from, to), and what was refunded of them (in full, or support's partial refunds). */
export async function sumRevenue(db: Db, from: Date, to: Date): Promise<RevenueRow[]> {
  const preTax = sql.raw('(h.pre_tax_price + h.pre_tax_ship_fee + h.pre_tax_fee)');
  const result = await sql<RevenueRow>`
    select ${TOKYO_MONTH('po.ship_date')} as month, count(*) as charges,
      sum(h.total) as charged, sum(${preTax}) as charged_pre_tax,
      coalesce(sum(case when h.refund_status = 'refunded' then h.total else coalesce(p.amount, 0) end), 0) as refunded,
      coalesce(sum(case when h.refund_status = 'refunded' then ${preTax} else coalesce(p.pre_tax, 0) end), 0) as refunded_pre_tax
    from plan_order_histories h join plan_orders po on po.id = h.plan_order_id
      left join ${PARTIAL_REFUNDS} p on p.history_id = h.id
    where h.paid_at is not null and po.ship_date >= ${from} and po.ship_date < ${to}
    group by 1`.execute(db);
  return result.rows;
}

export interface BillingRow { status: string; origin: string; retry_scheduled: boolean; claimed: boolean; n: Big }

/** The charges of the rounds shipping in [from, to), counted by what decides their billing state. */
export async function countBillingRows(db: Db, from: Date, to: Date): Promise<BillingRow[]> {
  const result = await sql<BillingRow>`
    select h.payment_status as status, h.origin, h.next_attempt_at is not null as retry_scheduled, h.claims > 0 as claimed, count(*) as n
    from plan_order_histories h join plan_orders po on po.id = h.plan_order_id
    where po.ship_date >= ${from} and po.ship_date < ${to} and h.superseded_by is null
    group by 1, 2, 3, 4`.execute(db);
  return result.rows;
}

export interface PlanRow { plan_id: number; plan_name: string; plan_name_en: string | null; artist_name: string; subscribers: Big; boxes: Big }

export async function countByPlan(db: Db, limit: number): Promise<PlanRow[]> {
  const result = await sql<PlanRow>`
    select p.id as plan_id, p.name as plan_name, p.name_en as plan_name_en, a.name as artist_name, count(*) as subscribers, sum(up.count) as boxes
    from user_plans up join plans p on p.id = up.plan_id join artists a on a.id = p.artist_id
    where up.status = 'ACTIVE'
    group by p.id, p.name, p.name_en, a.name order by subscribers desc, p.id limit ${limit}`.execute(db);
  return result.rows;
}

export interface ArtistRow { artist_id: number; artist_name: string; subscribers: Big }

export async function countByArtist(db: Db, limit: number): Promise<ArtistRow[]> {
  const result = await sql<ArtistRow>`
    select a.id as artist_id, a.name as artist_name, count(distinct up.user_id) as subscribers
    from user_plans up join plans p on p.id = up.plan_id join artists a on a.id = p.artist_id
    where up.status = 'ACTIVE'
    group by a.id, a.name order by subscribers desc, a.id limit ${limit}`.execute(db);
  return result.rows;
}

export interface RecurringSqlRow { price: number; pre_tax_price: number; count: number; period: number; deferred: boolean; n: Big }

/**
 * Subscriptions billed from now on (ACTIVE and not paused), grouped by what one delivery costs:
 * the plan's price now, the count, the period and whether the fan pays later (GMO後払い's fee).
 */
export async function groupRecurring(db: Db): Promise<RecurringSqlRow[]> {
  const result = await sql<RecurringSqlRow>`
    select p.price, p.pre_tax_price, up.count, p.period, u.payment_method = 'GMOAB' as deferred, count(*) as n
    from user_plans up join plans p on p.id = up.plan_id join users u on u.id = up.user_id
    where up.status = 'ACTIVE' and up.paused_from is null and u.deleted_at is null
    group by 1, 2, 3, 4, 5`.execute(db);
  return result.rows;
}

export interface OpenRoundRow { id: number; name: string; end_date: Date; ship_date: Date; plan_name: string; plan_name_en: string | null; artist_name: string }

/** The rounds still taking orders at `now`, the nearest deadline first. */
export async function findOpenRounds(db: Db, now: Date, limit: number): Promise<OpenRoundRow[]> {
  return db.selectFrom('plan_orders as po').innerJoin('plans as p', 'p.id', 'po.plan_id').innerJoin('artists as a', 'a.id', 'p.artist_id')
    .select(['po.id', 'po.name', 'po.end_date', 'po.ship_date', 'p.name as plan_name', 'p.name_en as plan_name_en', 'a.name as artist_name'])
    .where('po.end_date', '>', now).orderBy('po.end_date').orderBy('po.id').limit(limit).execute();
}

export interface ForecastRow { round_id: number; paid: boolean; skipped: boolean; paused: boolean; last_declined: boolean; boxes: Big }

/**
 * The boxes of each round's subscriptions by what decides the forecast (shared/dashboard-forecast.ts
 * `forecastKindOf`): who the billing run would look at for the round (api/billing/eligibility.ts:
 * active, begun before the deadline, account not deleted, no box support refunded and stopped),
 * whether the round is already paid, skipped, paused, and whether the last charge was declined.
 */
export async function groupForecast(db: Db, roundIds: readonly number[]): Promise<ForecastRow[]> {
  if (roundIds.length === 0) return [];
  const result = await sql<ForecastRow>`
    select round_id, paid, skipped, paused, last_declined, sum(count) as boxes from (
      select po.id as round_id, up.count,
        exists (select 1 from plan_order_histories h where h.user_plan_id = up.id and h.plan_order_id = po.id
          and h.superseded_by is null and h.payment_status in (${sql.join(CHARGED_STATUSES)})) as paid,
        exists (select 1 from user_plan_skips s where s.user_plan_id = up.id and s.plan_order_id = po.id) as skipped,
        (up.paused_from is not null and up.paused_from <= po.end_date) as paused,
        coalesce((select h.payment_status = 'ERROR' from plan_order_histories h
          where h.user_plan_id = up.id and h.plan_order_id <> po.id and h.superseded_by is null
          order by h.created_at desc, h.id desc limit 1), false) as last_declined
      from plan_orders po join user_plans up on up.plan_id = po.plan_id join users u on u.id = up.user_id
      where po.id in (${sql.join(roundIds)}) and up.status = 'ACTIVE' and up.created_at < po.end_date and u.deleted_at is null
        and not exists (select 1 from plan_order_histories h where h.user_plan_id = up.id and h.plan_order_id = po.id and h.refund_box = 'stop')
    ) facts group by 1, 2, 3, 4, 5`.execute(db);
  return result.rows;
}

/** Orders with a refund not done yet (the order list's `refund=open`). */
export async function countOpenRefunds(db: Db): Promise<number> {
  const row = await db.selectFrom('plan_order_histories as h').select(sql<number>`count(*)::int`.as('n'))
    .where('h.superseded_by', 'is', null).where(REFUND_OPEN_SQL).executeTakeFirst();
  return row?.n ?? 0;
}
