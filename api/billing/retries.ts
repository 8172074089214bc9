import { billingOrderKey, MAX_CHARGE_ATTEMPTS } from '../../shared/billing-rules.ts';
import { roundCharge } from '../../shared/money.ts';
import { paymentStatusesInto } from '../../shared/payment.ts';
import type { ApiContext } from '../context.ts';
import { providerFailure, withProviderDeadline } from '../payment/provider-deadline.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import { forEachLimited } from './billing-mails.ts';
import type { ChargeScope } from './billing-scope.ts';
import { settleChargeByKey } from './settle-charge.ts';

/** Cancels of superseded charges at once (a bound on provider calls, as the charges have). */
const CANCEL_CONCURRENCY = 8;

type Declined = { id: number; attempts: number; charge_key: string; charge_id: string | null };

/**
 * Declined billing rounds whose retry is due (or, after a card or method change, every one still
 * before its ship date) go back to BEFORE as a new attempt: a new order key, so the provider
 * charges anew (the declined attempt charged nothing), and the amounts of the method in force
 * now (a switch to GMOAB adds its fee). The guard on `attempts` lets one pass only take a row.
 * A round that waited for the shopper's authentication stops waiting: the old charge is no
 * longer the one to authenticate (action_required_at cleared with charge_id), and it is cancelled
 * at the gateway first (supersede), so no late authentication takes money for it.
 */
export async function requeueRetries(ctx: ApiContext, scope: ChargeScope = {}, afterPaymentChange = false): Promise<number> {
  const now = ctx.now();
  let query = ctx.db.selectFrom('plan_order_histories as h')
    .innerJoin('plan_orders as po', 'po.id', 'h.plan_order_id')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .select(['h.id', 'h.attempts', 'h.charge_key', 'h.charge_id', 'h.user_plan_id', 'h.plan_order_id', 'h.count', 'u.payment_method', 'po.price', 'po.pre_tax_price'])
    .where('h.origin', '=', 'billing').where('h.payment_status', '=', 'ERROR').where('h.attempts', '<', MAX_CHARGE_ATTEMPTS)
    .where('po.ship_date', '>', now).where('u.deleted_at', 'is', null);
  query = afterPaymentChange ? query : query.where('h.next_attempt_at', '<=', now);
  if (scope.userId !== undefined) query = query.where('h.user_id', '=', scope.userId);
  if (scope.roundId !== undefined) query = query.where('h.plan_order_id', '=', scope.roundId);
  if (scope.historyId !== undefined) query = query.where('h.id', '=', scope.historyId);
  if (scope.attempts !== undefined) query = query.where('h.attempts', '=', scope.attempts);
  let requeued = 0;
  await forEachLimited(await query.orderBy('h.id').limit(10_000).execute(), CANCEL_CONCURRENCY, async (row) => {
    if (!(await supersede(ctx, row))) return;
    const method = row.payment_method === 'GMOAB' ? 'GMOAB' : 'CARD';
    const money = roundCharge({ price: row.price, preTaxPrice: row.pre_tax_price }, row.count, method === 'GMOAB', now);
    const attempt = row.attempts + 1;
    const result = await ctx.db.updateTable('plan_order_histories').set({
      payment_status: 'BEFORE', attempts: attempt, charge_key: billingOrderKey(row.user_plan_id, row.plan_order_id, attempt),
      claims: 0, claimed_until: null, next_attempt_at: null, decline_reason: null, charge_id: null, action_required_at: null, payment_method: method,
      price: money.price, pre_tax_price: money.preTaxPrice, fee: money.fee, pre_tax_fee: money.preTaxFee, total: money.total, updated_at: now,
      // The parcel's fee is claimed again when the attempt is charged (charge-rounds.ts, parcel-fee.ts).
      ship_fee: money.shipFee, pre_tax_ship_fee: money.preTaxShipFee, carries_fee: false,
    }).where('id', '=', row.id).where('payment_status', 'in', paymentStatusesInto('BEFORE')).where('attempts', '=', row.attempts)
      .where('charge_key', '=', row.charge_key).executeTakeFirst();
    if (result.numUpdatedRows === 1n) requeued += 1;
  });
  return requeued;
}

/**
 * Before a new attempt, the declined attempt's charge is cancelled at the gateway (outside any
 * transaction), so it can never take money beside the new one (docs/decisions/0064). True: go on
 * with the new attempt. Paid after all (the shopper authenticated it just now): the round is
 * settled from that charge and not charged again. No answer: left for a later pass, since a new
 * attempt beside a charge that may still be paid could charge twice.
 */
async function supersede(ctx: ApiContext, row: Declined): Promise<boolean> {
  if (!row.charge_id) return true;
  const answer = await withProviderDeadline(paymentProviderOf(ctx).cancelCharge({ chargeId: row.charge_id, orderKey: row.charge_key }), (error) => {
    ctx.logger.error({ orderKey: row.charge_key, reason: providerFailure(error) }, 'superseded charge not cancelled; retry left for a later pass');
  });
  if (answer === 'timeout') return false;
  if (answer !== 'succeeded') return true;
  if ((await settleChargeByKey(ctx, row.charge_key, row.charge_id)) === 'paid') return false;
  // Settled meanwhile (a webhook), or a plain decline the gateway reports paid: never charged again.
  const now = await ctx.db.selectFrom('plan_order_histories').select('payment_status').where('id', '=', row.id).executeTakeFirst();
  if (now?.payment_status === 'ERROR') ctx.logger.error({ orderKey: row.charge_key, historyId: row.id }, 'a declined attempt was paid after all; not charged again, left for support');
  return false;
}
