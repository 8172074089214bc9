import type { ChargeRequest, ChargeResult } from '../payment/provider.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import type { ApiContext } from '../context.ts';
import { providerUnavailable } from './provider-errors.ts';
import { updateHistory, type HistoryRow } from '../order-history/order-history.repository.ts';
import { providerFailure, withProviderDeadline as withDeadline } from '../payment/provider-deadline.ts';

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
): Promise<ChargeResult> {
  const provider = paymentProviderOf(ctx);
  const request = { orderKey: row.charge_key, amount: row.total, description, source };
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
  } else {
    await updateHistory(ctx.db, id, { charge_id: result.chargeId }, now);
  }
}

/**
 * Voids a charged round (already moved to CANCEL with refund_status 'pending' by the caller's
 * transaction) by refunding it in full. A refund that fails stays 'failed' on the row for the
 * operator's retry; the shopper's change stands either way.
 */
export async function refundVoided(ctx: ApiContext, row: HistoryRow): Promise<boolean> {
  const provider = paymentProviderOf(ctx);
  const refunded = await withDeadline(provider.refund({ chargeId: row.charge_id ?? undefined, orderKey: row.charge_key, amount: row.total }));
  const ok = refunded !== 'timeout' && refunded.status === 'refunded';
  const now = ctx.now();
  await updateHistory(ctx.db, row.id, ok ? { refund_status: 'refunded', refunded_at: now } : { refund_status: 'failed' }, now);
  if (!ok) ctx.logger.error({ orderKey: row.charge_key }, 'refund failed; left for the operator');
  return ok;
}
