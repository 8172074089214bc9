import { sql, type RawBuilder } from 'kysely';
import type { BillingState } from '../../shared/api/dashboard.ts';
import { CHARGED_STATUSES } from '../../shared/dashboard-figures.ts';
import { DISPUTE_NEEDS_RESPONSE } from '../../shared/dispute.ts';
import type { Db } from '../db/schema.ts';

/**
 * All SQL of the console's Billing area (charges.router.ts): every read bounded. A charge's state
 * is the dashboard's (shared/dashboard-figures.ts `billingStateOf`), written here as SQL.
 */
const STATE_SQL: Record<BillingState, RawBuilder<boolean>> = {
  charged: sql`h.payment_status in (${sql.join(CHARGED_STATUSES)})`,
  declined: sql`h.origin = 'billing' and h.payment_status = 'ERROR' and h.next_attempt_at is null`,
  retrying: sql`h.origin = 'billing' and h.payment_status = 'ERROR' and h.next_attempt_at is not null`,
  inDoubt: sql`h.origin = 'billing' and h.payment_status = 'BEFORE' and h.claims > 0`,
  queued: sql`h.origin = 'billing' and h.payment_status = 'BEFORE' and h.claims = 0`,
};

const countOf = (state: BillingState) => sql<number>`(count(h.id) filter (where ${STATE_SQL[state]}))::int`;
const DISPUTE_OPEN_SQL = sql<boolean>`h.dispute_id is not null and h.dispute_status in (${sql.join(DISPUTE_NEEDS_RESPONSE)})`;
const disputeCount = sql<number>`(count(h.id) filter (where ${DISPUTE_OPEN_SQL}))::int`;

function billingRoundsQuery(db: Db) {
  return db.selectFrom('plan_orders as po').innerJoin('plans as p', 'p.id', 'po.plan_id').innerJoin('artists as a', 'a.id', 'p.artist_id')
    .leftJoin('plan_order_histories as h', (join) => join.onRef('h.plan_order_id', '=', 'po.id').on('h.superseded_by', 'is', null))
    .select(['po.id', 'po.name', 'po.end_date', 'po.ship_date', 'p.name as plan_name', 'a.name as artist_name'])
    .select([countOf('charged').as('charged'), countOf('declined').as('declined'), countOf('retrying').as('retrying'),
      countOf('inDoubt').as('in_doubt'), countOf('queued').as('queued'), disputeCount.as('disputes_open')])
    .groupBy(['po.id', 'p.name', 'a.name']);
}

export type BillingRoundRow = NonNullable<Awaited<ReturnType<typeof findBillingRound>>>;

/**
 * One page of the rounds that have charges, the latest ship date first (the rounds months ahead,
 * with nothing charged yet, would bury the current one); one more than asked tells whether a next
 * page exists.
 */
export async function findBillingRoundsPage(db: Db, offset: number, limit: number) {
  return billingRoundsQuery(db).having(sql<boolean>`count(h.id) > 0`).orderBy('po.ship_date', 'desc').orderBy('po.id', 'desc').offset(offset).limit(limit + 1).execute();
}

/** Every charge with a dispute waiting for the shop's response (the partial index on disputed rows keeps it small). */
export async function countOpenDisputes(db: Db): Promise<number> {
  const row = await db.selectFrom('plan_order_histories as h').select(disputeCount.as('n')).where('h.dispute_id', 'is not', null).executeTakeFirst();
  return row?.n ?? 0;
}

/**
 * The declined charges still worth saving, per round: no retry left, and the round's ship date
 * not reached (the last chance to pay, shared/billing-rules.ts `lastChanceToPay`). Dashboard tile.
 */
export async function countDeclinedByRound(db: Db, now: Date): Promise<{ roundId: number; count: number }[]> {
  return db.selectFrom('plan_order_histories as h').innerJoin('plan_orders as po', 'po.id', 'h.plan_order_id')
    .select(['h.plan_order_id as roundId', sql<number>`count(*)::int`.as('count')])
    .where('h.superseded_by', 'is', null).where(STATE_SQL.declined).where('po.ship_date', '>', now)
    .groupBy('h.plan_order_id').orderBy('h.plan_order_id').limit(500).execute();
}

export async function findBillingRound(db: Db, roundId: number) {
  return billingRoundsQuery(db).where('po.id', '=', roundId).executeTakeFirst();
}

function chargesQuery(db: Db) {
  return db.selectFrom('plan_order_histories as h').innerJoin('users as u', 'u.id', 'h.user_id').innerJoin('plans as p', 'p.id', 'h.plan_id')
    .innerJoin('plan_orders as po', 'po.id', 'h.plan_order_id')
    .select([
      'h.id', 'h.plan_order_id', 'h.origin', 'h.payment_status', 'h.payment_method', 'h.total', 'h.decline_reason', 'h.attempts', 'h.claims',
      'h.next_attempt_at', 'h.paid_at', 'h.dispute_id', 'h.dispute_status', 'u.email', 'u.deleted_at', 'p.name as plan_name', 'po.ship_date',
      // The lease is the database's clock, as the billing run's claim reads it (api/billing/charge-rounds.ts).
      sql<boolean>`(h.claimed_until is null or h.claimed_until < clock_timestamp())`.as('lease_over'),
    ])
    .where('h.superseded_by', 'is', null);
}

export type ChargeRow = NonNullable<Awaited<ReturnType<typeof findCharge>>>;

/** One page of a round's charges in one state, in order of the charge's id. */
export async function findChargesPage(db: Db, roundId: number, state: BillingState, offset: number, limit: number) {
  return chargesQuery(db).where('h.plan_order_id', '=', roundId).where(STATE_SQL[state])
    .orderBy('h.id').offset(offset).limit(limit + 1).execute();
}

export async function findCharge(db: Db, id: number) {
  return chargesQuery(db).where('h.id', '=', id).executeTakeFirst();
}
