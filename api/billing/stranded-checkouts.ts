import type { ApiContext } from '../context.ts';
import { CHECKOUT_AUTHENTICATION_MS, KONBINI_CHECKOUT_LONGEST_MS } from '../../shared/charge-authentication.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import { settleGraceMs, settlePending } from '../user-plan/settle-pending.ts';
import { announceStarted } from '../user-plan/checkout-settle.ts';

/** Per pass: a handful at most, each one provider look-up with its own deadline. */
const BATCH = 20;

/**
 * A checkout whose process died between the charge and its record leaves a PENDING subscription,
 * and the money may already be taken. The shopper's retry settles it (api/user-plan/checkout-recovery.ts),
 * but a shopper who closed the tab never retries: each billing pass settles those older than the
 * provider's grace from the provider's own record, so a charge is never left without its paid row.
 * Two passes at once reach the same answer from the same record. A checkout held for 3-D Secure
 * past its window is cancelled at the gateway (checkout-authentication.ts `sweep`).
 */
export async function settleStrandedCheckouts(ctx: ApiContext): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - settleGraceMs(paymentProviderOf(ctx)));
  // A checkout whose shopper is on the bank's 3-D Secure page is theirs until its window ends.
  // A fan paying herself (konbini, PayPay) until her payment's life ends: at the latest the round's
  // deadline, and a voucher's few days (the exact end is checkout-authentication.ts's, shared/).
  const now = ctx.now();
  const heldSince = new Date(now.getTime() - CHECKOUT_AUTHENTICATION_MS);
  const voucherSince = new Date(now.getTime() - KONBINI_CHECKOUT_LONGEST_MS);
  const rows = await ctx.db.selectFrom('user_plans as up').selectAll('up').where('up.status', '=', 'PENDING').where('up.created_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('plan_order_histories as h').innerJoin('plan_orders as o', 'o.id', 'h.plan_order_id').select('h.id')
      .whereRef('h.user_plan_id', '=', 'up.id').where('h.payment_status', '=', 'BEFORE').where((w) => w.or([
        w.and([w('h.payment_method', 'not in', ['KONBINI', 'PAYPAY']), w('h.action_required_at', '>', heldSince)]),
        w.and([w('h.payment_method', '=', 'PAYPAY'), w('h.action_required_at', 'is not', null), w('o.end_date', '>', now)]),
        w.and([w('h.payment_method', '=', 'KONBINI'), w('h.action_required_at', '>', voucherSince), w('o.end_date', '>', now)]),
      ])))))
    .orderBy('up.created_at').limit(BATCH).execute();
  let settled = 0;
  for (const row of rows) {
    try {
      const outcome = await settlePending(ctx, row, 'sweep');
      if (outcome.status === 'waiting') continue;
      // The shopper may have closed the tab: the confirmation mail tells them they were charged.
      if (outcome.status === 'charged' && outcome.moved) await announceStarted(ctx, row);
      ctx.logger.warn({ userPlanId: row.id, outcome: outcome.status }, 'stranded checkout settled');
      settled += 1;
    } catch (error) {
      // The provider did not answer: the next pass asks again.
      ctx.logger.error({ userPlanId: row.id, reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'stranded checkout not settled');
    }
  }
  return settled;
}
