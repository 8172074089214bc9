import type { ApiContext } from '../context.ts';
import { settlePartialRefund } from '../order-history/order-refunds.repository.ts';
import { providerFailure, withProviderDeadline } from '../payment/provider-deadline.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import { settleGraceMs } from '../user-plan/settle-pending.ts';
import { partialRefundKeyOf, refundVoided } from '../user-plan/round-charge.ts';
import { refundShopperRow } from '../user-plan/shopper-row-refund.ts';

/** Per pass: a handful at most, each one provider call with its own deadline. */
const BATCH = 20;

/**
 * Refunds still pending after the provider's grace: one whose answer was lost (a timeout, a
 * connection cut; it may or may not have been made) or one the gateway took and settles later. Each
 * is asked again under its own refund key, which the gateway answers once (the sandbox keeps its
 * keys; Stripe finds the earlier refund by the key in its metadata): made already → refunded; never
 * made → made now, as support or the fan's cancellation asked; still settling → left pending.
 * Never under a new key, which could refund twice (docs/decisions/0085-a-refund-in-doubt-is-asked-again.md).
 */
export async function settleRefundsInDoubt(ctx: ApiContext): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - settleGraceMs(paymentProviderOf(ctx)));
  let settled = 0;
  // A konbini row's refund stays pending while its bank transfer is open: support settles it, never a card refund.
  const full = await ctx.db.selectFrom('plan_order_histories').selectAll()
    .where('refund_status', '=', 'pending').where('payment_method', '<>', 'KONBINI').where('updated_at', '<', cutoff).orderBy('updated_at').limit(BATCH).execute();
  for (const row of full) {
    if ((await refundVoided(ctx, row)) !== 'pending') {
      settled += 1;
      continue;
    }
    // Still settling (Stripe) or no answer: to the back of the queue, so the pass reaches the others.
    await ctx.db.updateTable('plan_order_histories').set({ updated_at: ctx.now() }).where('id', '=', row.id).where('refund_status', '=', 'pending').execute();
  }
  const partials = await ctx.db.selectFrom('order_refunds as r').innerJoin('plan_order_histories as h', 'h.id', 'r.history_id')
    .select(['r.id', 'r.amount', 'h.id as history_id', 'h.charge_id', 'h.charge_key', 'h.user_id', 'h.payment_method'])
    .where('r.status', '=', 'pending').where('h.payment_method', '<>', 'KONBINI').where('r.created_at', '<', cutoff).orderBy('r.created_at').limit(BATCH).execute();
  for (const partial of partials) {
    const refundKey = partialRefundKeyOf(partial.history_id, partial.id);
    // PayPay (issue 34): asked again through returnShopperMoney under the same key.
    const shopper = await refundShopperRow(ctx, { ...partial, id: partial.history_id }, refundKey, partial.amount);
    const answer = shopper !== null ? { status: shopper === 'transfer' ? 'pending' as const : shopper } : await withProviderDeadline(paymentProviderOf(ctx).refund({
      refundKey, chargeId: partial.charge_id ?? undefined, orderKey: partial.charge_key, amount: partial.amount,
    }), (error) => ctx.logger.error({ orderKey: partial.charge_key, reason: providerFailure(error) }, 'partial refund asked again: no answer'));
    if (answer === 'timeout' || answer.status === 'pending') continue;
    await settlePartialRefund(ctx.db, partial.id, answer.status, ctx.now());
    if (answer.status === 'failed') ctx.logger.error({ orderKey: partial.charge_key }, 'partial refund failed; left for the operator');
    settled += 1;
  }
  return settled;
}
