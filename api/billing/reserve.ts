import { billingOrderKey } from '../../shared/billing-rules.ts';
import { roundCharge } from '../../shared/money.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { parcelKeyOf } from './parcel-fee.ts';
import { findDueRounds, findEligible, findPassedRounds, markRound, type BillingRound, type EligibleSubscription } from './eligibility.ts';

const PAGE = 500;

/**
 * Reserves (status BEFORE) the charge of every subscription the rule says owes `round`, a page
 * at a time; ON CONFLICT DO NOTHING with the unique index `plan_order_histories_billing_once`
 * makes a re-run, or two runs at once, reserve each (subscription, round) once. The amounts are
 * computed here, with the terms and method in force at the deadline and the round's own price
 * (shared/money.ts; a price change never rewrites a round already charged, api/catalogue).
 */
export async function reserveRound(ctx: ApiContext, round: BillingRound, userPlanId?: number): Promise<number> {
  let reserved = 0;
  for (let after = 0; ;) {
    // One transaction per page: the shoppers' rows stay locked from reading their address to
    // inserting the reservations, so a delivery change made meanwhile either comes first (and
    // is copied) or waits and then moves these boxes too (api/user/user.service.ts updateProfile).
    const page = await ctx.db.transaction().execute(async (trx) => {
      const rows = await findEligible(trx, round, after, PAGE, userPlanId, { lockShopper: true });
      if (rows.length > 0) reserved += await insertReservations(trx, round, { price: round.price, preTaxPrice: round.pre_tax_price }, rows, { brand: ctx.mailer.brand, parcel: parcelKeyOf(ctx, round.ship_date) });
      return rows;
    });
    if (page.length === 0) break;
    after = page[page.length - 1]!.user_plan_id;
    if (page.length < PAGE) break;
  }
  return reserved;
}

async function insertReservations(
  db: Db,
  round: BillingRound,
  plan: { price: number; preTaxPrice: number },
  page: EligibleSubscription[],
  { brand, parcel }: { brand: string; parcel: string },
): Promise<number> {
  const now = round.end_date;
  const rows = page.map((s) => {
    // A method left unset cannot be charged: the attempt is declined and the shopper asked to set one.
    const method = s.payment_method === 'GMOAB' ? 'GMOAB' : 'CARD';
    const money = roundCharge(plan, s.count, method === 'GMOAB', now);
    return {
      user_id: s.user_id, user_plan_id: s.user_plan_id, plan_order_id: round.id, plan_id: round.plan_id,
      payment_method: method, payment_status: 'BEFORE', count: s.count, origin: 'billing', attempts: 1,
      charge_key: billingOrderKey(s.user_plan_id, round.id, 1),
      price: money.price, pre_tax_price: money.preTaxPrice, ship_fee: money.shipFee, pre_tax_ship_fee: money.preTaxShipFee,
      fee: money.fee, pre_tax_fee: money.preTaxFee, total: money.total,
      ship_src_name: brand, ship_zip: s.zip, ship_address: s.address, ship_address2: s.address2, ship_dest_name: s.name, ship_tel: s.tel,
      created_at: round.end_date, updated_at: round.end_date,
      // Shipping is the whole fee until the charge claims it, or not (charge-rounds.ts, parcel-fee.ts).
      parcel_key: parcel,
    };
  });
  const inserted = await db.insertInto('plan_order_histories').values(rows).onConflict((oc) => oc.doNothing()).returning('id').execute();
  return inserted.length;
}

/** Every round whose deadline has passed and is not reserved yet (or just `roundId`). */
export async function reserveDueRounds(ctx: ApiContext, roundId?: number): Promise<{ rounds: number; reserved: number }> {
  let reserved = 0;
  const rounds = await findDueRounds(ctx.db, ctx.now(), { roundId });
  for (const round of rounds) {
    const count = await reserveRound(ctx, round);
    reserved += count;
    await markRound(ctx.db, round.id, { reserved_at: ctx.now(), reserved_count: count });
  }
  return { rounds: rounds.length, reserved };
}

/**
 * Before a shopper's change, the rounds of the plan whose deadline has passed are reserved for
 * that subscription as it stands, so a change made after a deadline (which applies from the next
 * round) never alters a round the run has not reached yet. Idempotent, like the run.
 */
export async function reserveBeforeChange(ctx: ApiContext, userPlanId: number, planId: number): Promise<void> {
  for (const round of await findDueRounds(ctx.db, ctx.now(), { planId })) await reserveRound(ctx, round, userPlanId);
}

/** Resume: the rounds whose deadline passed while paused stay skipped (the run may not have reached them). */
export async function keepPausedRoundsSkipped(db: Db, userPlanId: number, planId: number, pausedFrom: Date, now: Date): Promise<void> {
  const rounds = await findPassedRounds(db, planId, now, pausedFrom);
  if (rounds.length === 0) return;
  await db.insertInto('user_plan_skips').values(rounds.map((r) => ({ user_plan_id: userPlanId, plan_order_id: r.id, created_at: now })))
    .onConflict((oc) => oc.doNothing()).execute();
}
