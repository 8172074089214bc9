import type { RefundBox } from '../../shared/refund-rules.ts';
import type { Text } from '../../shared/text.ts';
import type { ApiContext } from '../context.ts';
import type { HistoryRow } from '../order-history/order-history.repository.ts';
import { settlePartialRefund } from '../order-history/order-refunds.repository.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import { withProviderDeadline } from '../payment/provider-deadline.ts';
import { writeAudit, type AuditActor } from '../staff/audit.service.ts';
import { partialRefundKeyOf, refundVoided, type RefundOutcome } from '../user-plan/round-charge.ts';
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
}

/**
 * After the claim committed: the provider refunds (a full refund through `refundVoided`, the rest
 * of the charge; a partial one under its own key), the outcome is audited and the fan mailed.
 */
export async function refundClaimed(ctx: ApiContext, actor: AuditActor, userId: number, claim: RefundClaim): Promise<RefundOutcome> {
  const refundStatus = claim.partialId === null ? await refundVoided(ctx, claim.row) : await refundPartial(ctx, claim.row, claim.partialId, claim.amount);
  const ok = refundStatus !== 'failed';
  await writeAudit(ctx.db, actor, {
    action: 'customer.refund.result', outcome: ok ? 'success' : 'failure', targetType: 'order', targetId: claim.row.id,
    after: { refundStatus, amount: claim.amount, partialRefundId: claim.partialId },
  }, ctx.now());
  if (ok) await sendRefundMail(ctx, { userId, historyId: claim.row.id, roundLabel: claim.roundLabel, total: claim.amount, box: claim.partialId === null ? claim.box : null });
  return refundStatus;
}

async function refundPartial(ctx: ApiContext, row: HistoryRow, partialId: number, amount: number): Promise<RefundOutcome> {
  const provider = paymentProviderOf(ctx);
  const refundKey = partialRefundKeyOf(row.id, partialId);
  const refunded = await withProviderDeadline(provider.refund({ refundKey, chargeId: row.charge_id ?? undefined, orderKey: row.charge_key, amount }));
  // No answer: it may have been made, so it stays pending (counted against the cap) and the billing
  // pass asks again under the same key (api/billing/refunds-in-doubt.ts).
  const outcome: RefundOutcome = refunded === 'timeout' ? 'pending' : refunded.status;
  await settlePartialRefund(ctx.db, partialId, outcome, ctx.now());
  if (outcome === 'failed') ctx.logger.error({ orderKey: row.charge_key }, 'partial refund failed; left for the operator');
  return outcome;
}
