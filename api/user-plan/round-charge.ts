import { AUTHENTICATION_REQUIRED } from '../../shared/charge-authentication.ts';
import type { ChargeRequest, ChargeResult } from '../payment/provider.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import type { ApiContext } from '../context.ts';
import { providerUnavailable } from './provider-errors.ts';
import { updateHistory, type HistoryRow } from '../order-history/order-history.repository.ts';
import { fullRefundAmount } from '../../shared/refund-rules.ts';
import { findPartialRefunds, settlePartialRefund } from '../order-history/order-refunds.repository.ts';
import { providerFailure, withProviderDeadline as withDeadline } from '../payment/provider-deadline.ts';
import { refundShopperRow } from './shopper-row-refund.ts';

/**
 * Charges a reserved row (status BEFORE) and records the answer. Runs outside any transaction.
 * A provider that fails or times out leaves the row BEFORE: its order key is looked up before
 * any retry, so the shopper is never charged twice (docs/decisions/0011-job-queue.md).
 */
export async function chargeReserved(
  ctx: ApiContext,
  row: HistoryRow,
  source: ChargeRequest['source'],
  description: string,
  /** The shopper is at the screen (checkout): on-session, and back here from the bank's page. */
  returnUrl?: string,
): Promise<ChargeResult> {
  const provider = paymentProviderOf(ctx);
  const request = { orderKey: row.charge_key, userId: row.user_id, amount: row.total, description, source, ...(returnUrl ? { returnUrl } : {}) };
  const result = await withDeadline(provider.charge(request), (error) => {
    ctx.logger.error({ orderKey: row.charge_key, reason: providerFailure(error) }, 'charge failed');
  });
  if (result === 'timeout') throw providerUnavailable();
  await recordCharge(ctx, row.id, result);
  ctx.logger.info({ orderKey: row.charge_key, status: result.status }, 'round charged');
  return result;
}

async function recordCharge(ctx: ApiContext, id: number, result: ChargeResult): Promise<void> {
  const now = ctx.now();
  if (result.status === 'succeeded') {
    await updateHistory(ctx.db, id, { payment_status: 'SUCCESS', charge_id: result.chargeId, paid_at: now }, now);
  } else if (result.status === 'declined') {
    await updateHistory(ctx.db, id, { payment_status: 'ERROR', charge_id: result.chargeId, decline_reason: (result.declineReason ?? '').slice(0, 200) }, now);
  } else if (result.status === 'action_required' && result.authenticationUrl) {
    // On-session: the row waits, BEFORE, for the shopper's 3-D Secure (checkout-authentication.ts).
    await updateHistory(ctx.db, id, { charge_id: result.chargeId, action_required_at: now }, now);
  } else if (result.status === 'action_required') {
    // No page to authenticate on (an off-session answer): a decline (the caller says why).
    await updateHistory(ctx.db, id, { payment_status: 'ERROR', charge_id: result.chargeId, decline_reason: AUTHENTICATION_REQUIRED.ja }, now);
  } else {
    await updateHistory(ctx.db, id, { charge_id: result.chargeId }, now);
  }
}

/** True when the checkout's charge did not go through (declined, or the bank wants authentication and gave no page for it). */
export function isCheckoutDecline(result: ChargeResult): boolean {
  return result.status === 'declined' || (result.status === 'action_required' && !result.authenticationUrl);
}

export type RefundOutcome = 'refunded' | 'pending' | 'failed';

/**
 * Voids a charged round (already moved to CANCEL with refund_status 'pending' by the caller's
 * transaction), or refunds it in full on support's word: what is left of the charge. A refund
 * that fails stays 'failed' on the row for the operator's retry; one the gateway took but settles
 * later stays 'pending' (its webhook settles it); the shopper's change stands either way.
 */
export async function refundVoided(ctx: ApiContext, row: HistoryRow): Promise<RefundOutcome> {
  // Support's partial refunds came first: the full refund returns the rest (shared/refund-rules.ts).
  const amount = fullRefundAmount({ total: row.total, partials: await findPartialRefunds(ctx.db, [row.id]) });
  const now = ctx.now();
  if (amount === 0) {
    await updateHistory(ctx.db, row.id, { refund_status: 'refunded', refunded_at: now }, now);
    return 'refunded';
  }
  // Konbini / PayPay (issue 34): the fan's own payment goes back through returnShopperMoney; a
  // konbini one stays 'pending' while its bank transfer is open (support marks it done).
  const shopper = await refundShopperRow(ctx, row, refundKeyOf(row.id), amount);
  const refunded = shopper !== null ? { status: shopper === 'transfer' ? 'pending' as const : shopper }
    : await withDeadline(paymentProviderOf(ctx).refund({ refundKey: refundKeyOf(row.id), chargeId: row.charge_id ?? undefined, orderKey: row.charge_key, amount }));
  // No answer is no news: the refund may have been made. It stays pending, and the billing pass
  // asks again under the same key (api/billing/refunds-in-doubt.ts); a new key could refund twice.
  const outcome: RefundOutcome = refunded === 'timeout' ? 'pending' : refunded.status;
  if (refunded === 'timeout') ctx.logger.warn({ orderKey: row.charge_key }, 'refund answer lost; asked again by the billing pass');
  if (outcome === 'refunded') await updateHistory(ctx.db, row.id, { refund_status: 'refunded', refunded_at: now }, now);
  if (outcome === 'failed') await updateHistory(ctx.db, row.id, { refund_status: 'failed' }, now);
  if (outcome === 'failed') ctx.logger.error({ orderKey: row.charge_key }, 'refund failed; left for the operator');
  return outcome;
}

/** One full refund per round's charge: the gateway's idempotency key for it (support's and a cancellation's alike). */
export const refundKeyOf = (historyId: number): string => `refund-${historyId}`;

/** A partial refund's gateway key: one per row of `order_refunds`, apart from the full refund's. */
export const partialRefundKeyOf = (historyId: number, refundId: number): string => `refund-${historyId}-part-${refundId}`;

/** The `order_refunds` id a partial refund's key names, or null for any other key. */
export function partialRefundIdOf(refundKey: string): number | null {
  const match = /^refund-\d+-part-(\d+)$/.exec(refundKey);
  return match ? Number(match[1]) : null;
}

/** A refund of part of a charge under its own key (its `order_refunds` row): support's, or a fan's that leaves a parcel's fee kept. */
export async function refundPartial(ctx: ApiContext, row: HistoryRow, partialId: number, amount: number): Promise<RefundOutcome> {
  const refundKey = partialRefundKeyOf(row.id, partialId);
  const shopper = await refundShopperRow(ctx, row, refundKey, amount);
  const refunded = shopper !== null ? { status: shopper === 'transfer' ? 'pending' as const : shopper }
    : await withDeadline(paymentProviderOf(ctx).refund({ refundKey, chargeId: row.charge_id ?? undefined, orderKey: row.charge_key, amount }));
  // No answer: it may have been made, so it stays pending (counted against the cap) and the billing
  // pass asks again under the same key (api/billing/refunds-in-doubt.ts).
  const outcome: RefundOutcome = refunded === 'timeout' ? 'pending' : refunded.status;
  await settlePartialRefund(ctx.db, partialId, outcome, ctx.now());
  if (outcome === 'failed') ctx.logger.error({ orderKey: row.charge_key }, 'partial refund failed; left for the operator');
  return outcome;
}
