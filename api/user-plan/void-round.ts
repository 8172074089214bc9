import { canMovePaymentStatus, type PaymentStatus } from '../../shared/payment.ts';
import { SUBSCRIPTION_MESSAGES as M } from '../../shared/subscription-messages.ts';
import type { Db } from '../db/schema.ts';
import { DomainError } from '../http/errors.ts';
import { findLiveHistory, updateHistory, type HistoryRow } from '../order-history/order-history.repository.ts';

/**
 * Inside the change's transaction: a round charged at checkout and changed before its deadline
 * is voided (SUCCESS → CANCEL, refund owed). The refund itself runs after the commit, outside
 * the transaction (round-charge.ts `refundVoided`). Returns the row to refund, if any.
 */
export async function voidRoundCharge(trx: Db, userPlanId: number, planOrderId: number, now: Date): Promise<HistoryRow | null> {
  const row = await findLiveHistory(trx, userPlanId, planOrderId, true);
  if (!row) return null;
  if (row.payment_status === 'BEFORE') throw new DomainError(409, 'IN_PROGRESS', M.paymentInProgress);
  // Only a confirmed charge before its deadline is voided; a shipped round is not (the rule gives
  // only rounds before their deadline, so this guards against a status moved by the billing run).
  if (!canMovePaymentStatus(row.payment_status as PaymentStatus, 'CANCEL')) return null;
  await updateHistory(trx, row.id, { payment_status: 'CANCEL', refund_status: 'pending' }, now);
  return row;
}
