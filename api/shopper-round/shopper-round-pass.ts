import { roundCharge } from '../../shared/money.ts';
import { withParcelShipping } from '../../shared/parcel.ts';
import { REMINDER_DAYS_BEFORE_DEADLINE, REQUEST_DAYS_BEFORE_DEADLINE, shopperMethodOf } from '../../shared/shopper-payment.ts';
import { pausesAfterLapses, SHOPPER_MISSED_ROUNDS_DEFAULT } from '../../shared/shopper-round.ts';
import type { ApiContext } from '../context.ts';
import type { BillingRound } from '../billing/eligibility.ts';
import { parcelHolder, parcelKeyOf } from '../billing/parcel-fee.ts';
import { renderShopperLapsedMail, renderShopperRequestMail } from '../mail/shopper-round-templates.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import { providerFailure, withProviderDeadline } from '../payment/provider-deadline.ts';
import { expireSandboxShopperPayments } from '../payment/sandbox/sandbox-shopper.ts';
import { queueRequestMail } from './shopper-round-mails.ts';
import { settleShopperRound, stillLive } from './shopper-round-paid.ts';
import { countLapsesInRow, findLapsing, findRemindable, findRequestCandidates, findRequestRounds, type RequestCandidate, type RequestRow } from './shopper-round.repository.ts';

const DAY_MS = 86_400_000;

export interface ShopperRoundTally {
  requested: number;
  reminded: number;
  lapsed: number;
  paused: number;
}

/**
 * The billing pass's part for fans who pay each round herself (decision 0093): requests at
 * `requestAtOf`, reminders at `reminderAtOf`, lapses at the deadline. Each write is guarded (the
 * unique (subscription, round) of a request, a status or reminded_at in the UPDATE's WHERE, the
 * outbox key), so two passes at once do each thing once.
 */
export async function runShopperRounds(ctx: ApiContext): Promise<ShopperRoundTally> {
  const requested = await requestDueRounds(ctx);
  const reminded = await remindUnpaid(ctx);
  const { lapsed, paused } = await lapseUnpaid(ctx);
  return { requested, reminded, lapsed, paused };
}

async function requestDueRounds(ctx: ApiContext): Promise<number> {
  const now = ctx.now();
  let requested = 0;
  for (const round of await findRequestRounds(ctx.db, now, new Date(now.getTime() + REQUEST_DAYS_BEFORE_DEADLINE * DAY_MS))) {
    for (const fan of await findRequestCandidates(ctx.db, round)) if (await requestRound(ctx, round, fan)) requested += 1;
  }
  return requested;
}

/** One request, priced like a card charge of the round at its deadline, and its mail, in one transaction. */
async function requestRound(ctx: ApiContext, round: BillingRound, fan: RequestCandidate): Promise<boolean> {
  const method = shopperMethodOf(fan.payment_method);
  if (!method) return false;
  return ctx.db.transaction().execute(async (trx) => {
    const parcel = parcelKeyOf(ctx, round.ship_date);
    // 同梱: no shipping when a paid box of the fan's parcel already carries the fee (shared/parcel.ts).
    const free = (await parcelHolder(trx, fan.user_id, parcel)) === 'paid';
    const money = withParcelShipping(roundCharge({ price: round.price, preTaxPrice: round.pre_tax_price }, fan.count, false, round.end_date), !free);
    const inserted = await trx.insertInto('shopper_round_requests').values({
      user_id: fan.user_id, user_plan_id: fan.user_plan_id, plan_order_id: round.id, method, count: fan.count,
      price: money.price, pre_tax_price: money.preTaxPrice, ship_fee: money.shipFee, pre_tax_ship_fee: money.preTaxShipFee, total: money.total,
      parcel_key: parcel, pay_by: round.end_date, requested_at: ctx.now(),
    }).onConflict((oc) => oc.columns(['user_plan_id', 'plan_order_id']).doNothing()).returning('id').executeTakeFirst();
    if (!inserted) return false;
    await queueRequestMail(ctx, trx, inserted.id, { key: `shopper_request:${inserted.id}`, kind: 'shopper_request', render: renderShopperRequestMail });
    return true;
  });
}

async function remindUnpaid(ctx: ApiContext): Promise<number> {
  const now = ctx.now();
  let reminded = 0;
  for (const request of await findRemindable(ctx.db, now, new Date(now.getTime() + REMINDER_DAYS_BEFORE_DEADLINE * DAY_MS))) {
    const done = await ctx.db.transaction().execute(async (trx) => {
      const marked = await trx.updateTable('shopper_round_requests').set({ reminded_at: now }).where('id', '=', request.id)
        .where('status', '=', 'requested').where('reminded_at', 'is', null).executeTakeFirst();
      if (marked.numUpdatedRows !== 1n) return false;
      await queueRequestMail(ctx, trx, request.id, { key: `shopper_reminder:${request.id}`, kind: 'shopper_reminder', render: (f, v) => renderShopperRequestMail(f, v, true) });
      return true;
    });
    if (done) reminded += 1;
  }
  return reminded;
}

async function lapseUnpaid(ctx: ApiContext): Promise<{ lapsed: number; paused: number }> {
  // The sandbox's stand-in for the provider's expiry events (decision 0091).
  if (paymentProviderOf(ctx).name === 'sandbox') await expireSandboxShopperPayments(ctx);
  let lapsed = 0;
  let paused = 0;
  for (const request of await findLapsing(ctx.db, ctx.now())) {
    if (await paidAfterAll(ctx, request)) continue;
    const outcome = await lapseOne(ctx, request);
    if (outcome !== 'none') lapsed += 1;
    if (outcome === 'paused') paused += 1;
  }
  return { lapsed, paused };
}

/** The current payment is cancelled first; one that answers succeeded was paid in time after all. */
async function paidAfterAll(ctx: ApiContext, request: RequestRow): Promise<boolean> {
  if (!request.payment_id || !request.order_key) return false;
  const answer = await withProviderDeadline(paymentProviderOf(ctx).cancelShopperPayment({ orderKey: request.order_key, paymentId: request.payment_id }),
    (error) => ctx.logger.error({ requestId: request.id, reason: providerFailure(error) }, 'shopper payment not cancelled'));
  if (answer === 'timeout') return true; // unknown: left open for the next pass, never lapsed over a payment that may have gone through
  if (answer?.status !== 'succeeded') return false;
  await settleShopperRound(ctx, answer);
  return true;
}

async function lapseOne(ctx: ApiContext, request: RequestRow): Promise<'none' | 'lapsed' | 'paused'> {
  const now = ctx.now();
  const limit = ctx.shopperMissedRoundsToPause ?? SHOPPER_MISSED_ROUNDS_DEFAULT;
  return ctx.db.transaction().execute(async (trx) => {
    // Skipped, paused or cancelled since the request: not a missed payment (no mail, not counted toward a pause).
    const live = await stillLive(trx, request);
    const moved = await trx.updateTable('shopper_round_requests').set({ status: live ? 'lapsed' : 'canceled', lapsed_at: now }).where('id', '=', request.id)
      .where('status', '=', 'requested').executeTakeFirst();
    if (moved.numUpdatedRows !== 1n || !live) return 'none';
    let pause = false;
    if (pausesAfterLapses(await countLapsesInRow(trx, request.user_plan_id), limit)) {
      // The pause of my plans (api/user-plan/change.service.ts): every round from now on is skipped until resumed.
      const result = await trx.updateTable('user_plans').set({ paused_from: now, updated_at: now }).where('id', '=', request.user_plan_id)
        .where('status', '=', 'ACTIVE').where('paused_from', 'is', null).executeTakeFirst();
      pause = result.numUpdatedRows === 1n;
      if (pause) await trx.updateTable('shopper_round_requests').set({ status: 'canceled' }).where('user_plan_id', '=', request.user_plan_id).where('status', '=', 'requested').execute();
    }
    await queueRequestMail(ctx, trx, request.id, { key: `shopper_lapsed:${request.id}`, kind: 'shopper_lapsed', render: (f, v) => renderShopperLapsedMail(f, v, pause) });
    return pause ? 'paused' : 'lapsed';
  });
}
