import type { RefundBox } from '../../shared/refund-rules.ts';
import type { Text } from '../../shared/text.ts';
import type { ApiContext } from '../context.ts';
import type { HistoryRow } from '../order-history/order-history.repository.ts';
import { writeAudit, type AuditActor } from '../staff/audit.service.ts';
import { refundPartial, refundVoided, type RefundOutcome } from '../user-plan/round-charge.ts';
import { sendRefundMail } from './refund-mail.ts';

/** A refund support claimed (refund.service.ts): the order, and for a partial one its row. */
export interface RefundClaim {
  row: HistoryRow;
  roundLabel: Text;
  amount: number;
  /** The `order_refunds` row of a partial refund; null for a full one (kept on the order). */
  partialId: number | null;
  /** A full refund before shipment: what support chose for the box. */
  box: RefundBox | null;
  /** Support asked for the whole rest (a carrier of a parcel that still ships keeps its fee: then a refund of part). */
  full?: boolean;
  /** 同梱: the last box out of a parcel takes back the fee a box stopped earlier kept, refunded from that box's charge. */
  parcelFee?: { row: HistoryRow; partialId: number; amount: number } | null;
}

/**
 * After the claim committed: the provider refunds (a full refund through `refundVoided`, the rest
 * of the charge; a partial one under its own key), the outcome is audited and the fan mailed.
 */
export async function refundClaimed(ctx: ApiContext, actor: AuditActor, userId: number, claim: RefundClaim): Promise<RefundOutcome> {
  const own = claim.partialId === null ? await refundVoided(ctx, claim.row) : await refundPartial(ctx, claim.row, claim.partialId, claim.amount);
  const fee = claim.parcelFee ? await refundPartial(ctx, claim.parcelFee.row, claim.parcelFee.partialId, claim.parcelFee.amount) : null;
  const refundStatus: RefundOutcome = own === 'failed' || fee === 'failed' ? 'failed' : own === 'pending' || fee === 'pending' ? 'pending' : own;
  const ok = refundStatus !== 'failed';
  await writeAudit(ctx.db, actor, {
    action: 'customer.refund.result', outcome: ok ? 'success' : 'failure', targetType: 'order', targetId: claim.row.id,
    after: { refundStatus, amount: claim.amount, partialRefundId: claim.partialId },
  }, ctx.now());
  const whole = claim.partialId === null || claim.full === true;
  // A konbini order's money goes back by bank transfer: its own mail (refund_transfer) said so already.
  const byTransfer = claim.row.payment_method === 'KONBINI';
  if (ok && !byTransfer) {
    await sendRefundMail(ctx, {
      userId, historyId: claim.row.id, roundLabel: claim.roundLabel, total: claim.amount + (claim.parcelFee?.amount ?? 0),
      box: whole ? claim.box : null, paymentMethod: claim.row.payment_method,
    });
  }
  return refundStatus;
}
