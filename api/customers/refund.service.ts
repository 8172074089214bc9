import type { RefundAnswer } from '../../shared/api/customers.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { DomainError, NotFoundError } from '../http/errors.ts';
import type { HistoryRow } from '../order-history/order-history.repository.ts';
import { writeAudit, type AuditActor } from '../staff/audit.service.ts';
import { refundVoided } from '../user-plan/round-charge.ts';
import { isUniqueViolation } from '../user-plan/user-plan.repository.ts';
import { isRefundable } from './customer-detail.ts';
import { sendRefundMail } from './refund-mail.ts';

export interface RefundRequestInput {
  historyId: number;
  reason: string;
  idempotencyKey: string;
}

const NO_ORDER = { ja: 'この注文はこのお客様のものではありません。', en: 'This order is not this customer\'s.' };
const NOT_REFUNDABLE = { ja: 'この注文は返金できません（未決済か、返金済み・返金処理中です）。', en: 'This order cannot be refunded (not charged, or refunded or being refunded already).' };
const KEY_TAKEN = { ja: 'フォームを再読み込みしてから、もう一度送信してください。', en: 'Reload the form and submit it again.' };

/**
 * A full refund of a charged round on support's word (issue 19). The form's idempotency key and
 * the row's refund state, read under a row lock, make it happen once: a double submit or a retried
 * request with the same key waits for the lock, finds its own key and answers what happened, and
 * never calls the provider again. The provider is called after the commit, as for a voided round
 * (api/user-plan/round-charge.ts `refundVoided`), so no lock is held across the network.
 */
export async function refundRound(ctx: ApiContext, actor: AuditActor, userId: number, input: RefundRequestInput): Promise<RefundAnswer> {
  const claim = await ctx.db.transaction().execute((trx) => claimRefund(trx, ctx.now(), actor, userId, input)).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new DomainError(409, 'CONFLICT', KEY_TAKEN);
    throw error;
  });
  if (claim.replay) return { historyId: claim.row.id, refundStatus: claim.row.refund_status ?? 'pending', replayed: true };
  const refundStatus = await refundVoided(ctx, claim.row);
  const ok = refundStatus !== 'failed';
  const result = { refundStatus };
  await writeAudit(ctx.db, actor, { action: 'customer.refund.result', outcome: ok ? 'success' : 'failure', targetType: 'order', targetId: claim.row.id, after: result }, ctx.now());
  if (ok) await sendRefundMail(ctx, { userId, historyId: claim.row.id, roundName: claim.roundName, total: claim.row.total });
  return { historyId: claim.row.id, refundStatus: result.refundStatus, replayed: false };
}

async function claimRefund(trx: Db, now: Date, actor: AuditActor, userId: number, input: RefundRequestInput) {
  const row = await trx.selectFrom('plan_order_histories').selectAll()
    .where('id', '=', input.historyId).where('user_id', '=', userId).forUpdate().executeTakeFirst();
  if (!row) throw new NotFoundError(NO_ORDER);
  const round = await trx.selectFrom('plan_orders').select('name').where('id', '=', row.plan_order_id).executeTakeFirst();
  const roundName = round?.name ?? '';
  if (row.refund_key === input.idempotencyKey) return { row, roundName, replay: true };
  if (!isRefundable(row)) throw new DomainError(409, 'CONFLICT', NOT_REFUNDABLE);
  await trx.updateTable('plan_order_histories')
    .set({ refund_status: 'pending', refund_reason: input.reason, refund_key: input.idempotencyKey, refunded_by: actor.staffId, updated_at: now })
    .where('id', '=', row.id).execute();
  await writeAudit(trx, actor, {
    action: 'customer.refund', outcome: 'success', targetType: 'order', targetId: row.id,
    before: { refundStatus: row.refund_status, paymentStatus: row.payment_status, total: row.total },
    after: { refundStatus: 'pending', paymentStatus: row.payment_status, total: row.total, reason: input.reason, userId },
  }, now);
  const claimed: HistoryRow = { ...row, refund_status: 'pending' };
  return { row: claimed, roundName, replay: false };
}
