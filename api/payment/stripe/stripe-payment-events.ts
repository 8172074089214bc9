import type Stripe from 'stripe';
import type { ApiContext } from '../../context.ts';
import { settleChargeByKey } from '../../billing/settle-charge.ts';
import { findUnsettledPartialRefunds, settlePartialRefund } from '../../order-history/order-refunds.repository.ts';
import { partialRefundKeyOf } from '../../user-plan/round-charge.ts';
import { SHOPPER_PAYMENT_KIND } from './stripe-shopper-payments.ts';
import type { StripeProvider } from './stripe-provider.ts';

/**
 * The event tells what the shop has already recorded from Stripe's own answer (billing usually
 * records a charge before its event arrives): a success on the round paid with this PaymentIntent,
 * or a decline on the round declined with it and waiting for nothing. Looking it up again could
 * change nothing (settleChargeByKey leaves such a round as it is), so no Stripe call is made.
 * Konbini and PayPay PaymentIntents go their own way (stripe-shopper-payments.ts).
 */
export async function isSettledAlready(ctx: ApiContext, type: string, intent: Stripe.PaymentIntent): Promise<boolean> {
  const orderKey = intent.metadata?.order_key;
  if (!orderKey || intent.metadata.payment_kind === SHOPPER_PAYMENT_KIND) return false;
  const succeeded = type === 'payment_intent.succeeded' && intent.status === 'succeeded';
  const declined = type === 'payment_intent.payment_failed' && intent.status === 'requires_payment_method';
  if (!succeeded && !declined) return false;
  const row = await ctx.db.selectFrom('plan_order_histories').select(['payment_status', 'action_required_at', 'charge_id'])
    .where('charge_key', '=', orderKey).executeTakeFirst();
  if (!row || row.charge_id !== intent.id) return false;
  return succeeded ? row.payment_status === 'SUCCESS' : row.payment_status === 'ERROR' && row.action_required_at === null;
}

/**
 * payment_intent.succeeded / payment_failed / requires_action: the round of the PaymentIntent's
 * order key is brought in line with Stripe, which was asked again (never the event's word).
 * A success whose key no round holds any more (an earlier attempt of a retried round,
 * authenticated late) is refunded: the shop never keeps money for a charge it does not hold.
 */
export async function applyPaymentEvent(ctx: ApiContext, provider: StripeProvider, intent: Stripe.PaymentIntent): Promise<void> {
  const orderKey = intent.metadata.order_key;
  if (!orderKey) return;
  const outcome = await settleChargeByKey(ctx, orderKey, intent.id);
  if (outcome === 'unknown' && intent.status === 'succeeded') await refundOrphan(ctx, provider, intent, orderKey);
}

async function refundOrphan(ctx: ApiContext, provider: StripeProvider, intent: Stripe.PaymentIntent, orderKey: string): Promise<void> {
  const refund = await provider.refund({ refundKey: `orphan-${orderKey}`, chargeId: intent.id, amount: intent.amount_received || intent.amount });
  ctx.logger.warn({ orderKey, paymentIntent: intent.id, refund: refund.status }, 'stripe: a payment no round holds was refunded');
  // Failed: Stripe retries the event (the applier throws), and the operator sees the log line.
  if (refund.status === 'failed') throw new Error(`stripe: orphan refund failed for ${orderKey}`);
}

/**
 * charge.refunded / refund.created / refund.updated: a round whose refund was left pending (or
 * failed on a timeout) is refunded once Stripe says its refunds cover the round's total; a partial
 * refund once Stripe's refund carrying its key succeeded.
 */
export async function applyRefundEvent(ctx: ApiContext, provider: StripeProvider, intentId: string): Promise<void> {
  const rows = await ctx.db.selectFrom('plan_order_histories').select(['id', 'total'])
    .where('charge_id', '=', intentId).where('refund_status', 'in', ['pending', 'failed']).execute();
  const partials = await findUnsettledPartialRefunds(ctx.db, intentId);
  if (rows.length === 0 && partials.length === 0) return;
  const refunds = await provider.client.refunds.list({ payment_intent: intentId, limit: 100 });
  const refunded = refunds.data.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amount, 0);
  const now = ctx.now();
  // Support's partial refunds (issue 30) are found by their own key, each settled once.
  for (const partial of partials) {
    const key = partialRefundKeyOf(partial.historyId, partial.id);
    if (!refunds.data.some((r) => r.status === 'succeeded' && r.metadata?.refund_key === key)) continue;
    await settlePartialRefund(ctx.db, partial.id, 'refunded', now);
    ctx.logger.info({ historyId: partial.historyId }, 'stripe: partial refund confirmed');
  }
  for (const row of rows.filter((r) => refunded >= r.total)) {
    await ctx.db.updateTable('plan_order_histories').set({ refund_status: 'refunded', refunded_at: now, updated_at: now })
      .where('id', '=', row.id).where('refund_status', 'in', ['pending', 'failed']).execute();
    ctx.logger.info({ historyId: row.id }, 'stripe: refund confirmed');
  }
}

/** The PaymentIntent of a refund or charge event's object, looked up at Stripe. */
export async function intentOfRefundEvent(provider: StripeProvider, type: string, objectId: string): Promise<string | null> {
  const object = type === 'charge.refunded'
    ? await provider.client.charges.retrieve(objectId)
    : await provider.client.refunds.retrieve(objectId);
  const intent = object.payment_intent;
  return typeof intent === 'string' ? intent : intent?.id ?? null;
}

/** charge.dispute.*: the round of the disputed charge is flagged for staff; the log names no card data. */
export async function applyDisputeEvent(ctx: ApiContext, provider: StripeProvider, disputeId: string): Promise<void> {
  const dispute = await provider.client.disputes.retrieve(disputeId);
  const intent = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id;
  if (!intent) return;
  const now = ctx.now();
  const updated = await ctx.db.updateTable('plan_order_histories')
    .set({ dispute_id: dispute.id, dispute_status: dispute.status, updated_at: now })
    .where('charge_id', '=', intent).returning('id').execute();
  ctx.logger.warn({ disputeId: dispute.id, status: dispute.status, reason: dispute.reason, amount: dispute.amount, historyIds: updated.map((r) => r.id) }, 'stripe: card dispute');
}
