import { assertPaymentMove, isShippedStatus } from '../../shared/payment.ts';
import { SUBSCRIPTION_MESSAGES as M } from '../../shared/subscription-messages.ts';
import type { Db } from '../db/schema.ts';
import { DomainError } from '../http/errors.ts';
import { findLiveHistory, updateHistory, type HistoryRow } from '../order-history/order-history.repository.ts';
import { findPartialRefunds, insertPartialRefund } from '../order-history/order-refunds.repository.ts';
import { fullRefundAmount } from '../../shared/refund-rules.ts';
import { parcelFeeOnRefund } from '../billing/parcel-fee.ts';

/**
 * A charge a change voided, to refund after the commit: in full (`partialId` null, round-charge.ts
 * `refundVoided`), or, when it carries its parcel's shipping and another paid box of the parcel
 * still ships, all but that fee (`keptShipping`) as a refund of part of it (shared/parcel.ts). The
 * last box out of a parcel whose fee a box kept takes that fee back too (`parcelFee`).
 */
export interface VoidedCharge {
  row: HistoryRow;
  /** What the fan gets back in all. */
  refund: number;
  keptShipping: number;
  partialId: number | null;
  parcelFee: { row: HistoryRow; partialId: number; amount: number } | null;
}

/**
 * Inside the change's transaction: a round charged at checkout and changed before its deadline
 * is voided (SUCCESS → CANCEL, refund owed). The refund itself runs after the commit, outside
 * the transaction (round-charge.ts `refundVoided`). Returns the row to refund, if any.
 * `shipped`: what a box that already left means. A skip or pause of it is refused (409); a
 * cancellation keeps it (the box is the shopper's, the subscription still ends).
 */
export async function voidRoundCharge(
  trx: Db, userPlanId: number, planOrderId: number, now: Date, shipped: 'refuse' | 'keep' = 'refuse',
): Promise<VoidedCharge | null> {
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
    await updateHistory(trx, row.id, { payment_status: 'CANCEL', carries_fee: false }, now);
    return null;
  }
  const rest = fullRefundAmount({ total: row.total, partials: await findPartialRefunds(trx, [row.id]) });
  const parcel = await parcelFeeOnRefund(trx, row);
  if (parcel.kept > 0) {
    // 同梱: the box leaves, its parcel still ships with another paid box: the fee it carries stays paid.
    await updateHistory(trx, row.id, { payment_status: 'CANCEL' }, now);
    const refund = Math.max(rest - parcel.kept, 0);
    const partialId = await insertPartialRefund(trx, { historyId: row.id, amount: refund, reason: VOID_REASON, refundKey: `void-${row.id}`, staffId: null }, now);
    return { row, refund, keptShipping: parcel.kept, partialId, parcelFee: null };
  }
  // Refunded in full, shipping included: the parcel's fee goes to the next box of it charged (shared/parcel.ts).
  await updateHistory(trx, row.id, { payment_status: 'CANCEL', refund_status: 'pending', carries_fee: false }, now);
  if (!parcel.lastOut) return { row, refund: rest, keptShipping: 0, partialId: null, parcelFee: null };
  // The last box out of the parcel: the fee a box that left earlier kept comes back too, from that box's charge.
  const keeper = await trx.selectFrom('plan_order_histories').selectAll().where('id', '=', parcel.lastOut.id).executeTakeFirstOrThrow();
  const partialId = await insertPartialRefund(trx, { historyId: keeper.id, amount: parcel.lastOut.fee, reason: VOID_REASON, refundKey: `void-${row.id}-parcel`, staffId: null }, now);
  return { row, refund: rest + parcel.lastOut.fee, keptShipping: 0, partialId: null, parcelFee: { row: keeper, partialId, amount: parcel.lastOut.fee } };
}

/** The reason a fan's skip, pause or cancellation gives a refund of part of a charge (the console's refund list shows it). */
const VOID_REASON = 'お客様によるスキップ・休止・解約（同梱の送料は残る箱へ） / skipped, paused or cancelled by the customer (the parcel keeps its shipping)';
