import { assertPaymentMove, isShippedStatus } from '../../shared/payment.ts';
import { SUBSCRIPTION_MESSAGES as M } from '../../shared/subscription-messages.ts';
import type { Db } from '../db/schema.ts';
import { DomainError } from '../http/errors.ts';
import { findLiveHistory, updateHistory, type HistoryRow } from '../order-history/order-history.repository.ts';

/**
 * Inside the change's transaction: a round charged at checkout and changed before its deadline
 * is voided (SUCCESS → CANCEL, refund owed). The refund itself runs after the commit, outside
 * the transaction (round-charge.ts `refundVoided`). Returns the row to refund, if any.
 * `shipped`: what a box that already left means. A skip or pause of it is refused (409); a
 * cancellation keeps it (the box is the shopper's, the subscription still ends).
 */
export async function voidRoundCharge(
  trx: Db, userPlanId: number, planOrderId: number, now: Date, shipped: 'refuse' | 'keep' = 'refuse',
): Promise<HistoryRow | null> {
  const row = await findLiveHistory(trx, userPlanId, planOrderId, true);
  if (!row) return null;
  if (row.payment_status === 'BEFORE') throw new DomainError(409, 'IN_PROGRESS', M.paymentInProgress);
  // The rule gives only rounds before their deadline, but the box may have left early (an
  // operator's early shipment): a skip then is a 409 the shopper reads, never a change that
  // says the round was skipped while its box is on the way (shared/payment.ts).
  if (shipped === 'keep' && isShippedStatus(row.payment_status)) return null;
  assertPaymentMove(row.payment_status, 'CANCEL');
  // Support refunded it already, or is refunding it (api/customers/refund.service.ts): the round
  // is voided, but nothing is owed twice.
  if (row.refund_status === 'refunded' || row.refund_status === 'pending') {
    await updateHistory(trx, row.id, { payment_status: 'CANCEL' }, now);
    return null;
  }
  await updateHistory(trx, row.id, { payment_status: 'CANCEL', refund_status: 'pending' }, now);
  return row;
}
