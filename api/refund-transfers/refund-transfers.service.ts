import type { RefundTransfer, RefundTransferPage, TransferDone } from '../../shared/refund-transfer-rules.ts';
import { refundKeyOfTransfer, TRANSFERS_PAGE_SIZE } from '../../shared/refund-transfer-rules.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { NotFoundError } from '../http/errors.ts';
import { settlePartialRefund } from '../order-history/order-refunds.repository.ts';
import { writeAudit, type AuditActor } from '../staff/audit.service.ts';
import { partialRefundIdOf, refundKeyOf } from '../user-plan/round-charge.ts';

const NO_TRANSFER = { ja: '指定された振込返金', en: 'The refund transfer' };

/** The open transfers, oldest first (the partial index `shopper_refund_transfers_open`). */
export async function listOpenTransfers(db: Db, page: number): Promise<RefundTransferPage> {
  const rows = await db.selectFrom('shopper_refund_transfers as t').innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.user_id', 'u.email', 'u.name', 't.amount', 't.reason', 't.created_at', 't.history_id'])
    .where('t.status', '=', 'to_transfer').orderBy('t.created_at').orderBy('t.id')
    .limit(TRANSFERS_PAGE_SIZE + 1).offset((page - 1) * TRANSFERS_PAGE_SIZE).execute();
  const transfers: RefundTransfer[] = rows.slice(0, TRANSFERS_PAGE_SIZE).map((r) => ({
    id: r.id, userId: r.user_id, email: r.email, name: r.name, amount: r.amount, reason: r.reason,
    createdAt: r.created_at.toISOString(), historyId: r.history_id,
  }));
  return { transfers, page, hasNext: rows.length > TRANSFERS_PAGE_SIZE };
}

/** A customer's open transfers (the customer page). */
export async function openTransfersOf(db: Db, userId: number): Promise<RefundTransfer[]> {
  const rows = await db.selectFrom('shopper_refund_transfers as t').innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.user_id', 'u.email', 'u.name', 't.amount', 't.reason', 't.created_at', 't.history_id'])
    .where('t.user_id', '=', userId).where('t.status', '=', 'to_transfer').orderBy('t.created_at').execute();
  return rows.map((r) => ({
    id: r.id, userId: r.user_id, email: r.email, name: r.name, amount: r.amount, reason: r.reason,
    createdAt: r.created_at.toISOString(), historyId: r.history_id,
  }));
}

/**
 * Support transferred the money: the transfer is done, and the refund it paid (the order's own,
 * or one of its partial refunds, named by its key) becomes 'refunded'. Audited in the same
 * transaction; a second submit finds it done and changes nothing.
 */
export async function markTransferred(ctx: ApiContext, actor: AuditActor, id: number): Promise<TransferDone> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('shopper_refund_transfers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw new NotFoundError(NO_TRANSFER);
    if (row.status === 'transferred') return { id, changed: false };
    const now = ctx.now();
    await trx.updateTable('shopper_refund_transfers').set({ status: 'transferred', transferred_at: now, transferred_by: actor.staffId })
      .where('id', '=', id).execute();
    if (row.history_id !== null) await settleOrderRefund(trx, row.history_id, refundKeyOfTransfer(row.reason), now);
    await writeAudit(trx, actor, {
      action: 'refund.transfer.done', outcome: 'success', targetType: 'order', targetId: row.history_id ?? `transfer-${id}`,
      before: { status: row.status }, after: { status: 'transferred', transferId: id, amount: row.amount, userId: row.user_id },
    }, now);
    return { id, changed: true };
  });
}

async function settleOrderRefund(trx: Db, historyId: number, refundKey: string | null, now: Date): Promise<void> {
  if (refundKey === null) return;
  if (refundKey === refundKeyOf(historyId)) {
    await trx.updateTable('plan_order_histories').set({ refund_status: 'refunded', refunded_at: now, updated_at: now })
      .where('id', '=', historyId).where('refund_status', '=', 'pending').execute();
    return;
  }
  const partialId = partialRefundIdOf(refundKey);
  if (partialId !== null) await settlePartialRefund(trx, partialId, 'refunded', now);
}
