import Stripe from 'stripe';
import type { RefundRequest, RefundResult } from '../provider.ts';
import { findIntent } from './stripe-charges.ts';

/**
 * A refund once per refund key: an earlier refund carrying the key in metadata is the answer (a
 * retry after the Idempotency-Key's 24 h never refunds twice), else one is made with the key as
 * Idempotency-Key. Stripe refuses more than the charge's unrefunded amount: failed.
 */
export async function refundCharge(stripe: Stripe, input: RefundRequest): Promise<RefundResult> {
  if (!Number.isInteger(input.amount) || input.amount <= 0) return { status: 'failed', reason: 'amount must be a positive integer' };
  const intent = await resolveIntent(stripe, input);
  if (!intent || intent.status !== 'succeeded') return { status: 'failed', reason: 'no succeeded charge for that key' };
  const earlier = await stripe.refunds.list({ payment_intent: intent.id, limit: 100 });
  const kept = earlier.data.find((refund) => refund.metadata?.refund_key === input.refundKey);
  if (kept) return resultOf(kept);
  try {
    const refund = await stripe.refunds.create({
      payment_intent: intent.id, amount: input.amount,
      metadata: { refund_key: input.refundKey, order_key: intent.metadata.order_key ?? '' },
    }, { idempotencyKey: input.refundKey });
    return resultOf(refund);
  } catch (error) {
    // 400: more than is left to refund, or the key reused with another amount.
    if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeIdempotencyError) {
      return { status: 'failed', reason: error.message.slice(0, 200) };
    }
    throw error;
  }
}

async function resolveIntent(stripe: Stripe, input: RefundRequest): Promise<Stripe.PaymentIntent | null> {
  if (input.chargeId?.startsWith('pi_')) {
    try {
      return await stripe.paymentIntents.retrieve(input.chargeId);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }
  return input.orderKey ? findIntent(stripe, input.orderKey) : null;
}

export function resultOf(refund: Stripe.Refund): RefundResult {
  if (refund.status === 'succeeded') return { status: 'refunded', refundId: refund.id };
  if (refund.status === 'failed' || refund.status === 'canceled') {
    return { status: 'failed', refundId: refund.id, reason: refund.failure_reason ?? refund.status };
  }
  return { status: 'pending', refundId: refund.id };
}
