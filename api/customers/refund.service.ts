import type { RefundAnswer } from '../../shared/api/customers.ts';
import { checkRefundRequest, refundCap, type RefundBox } from '../../shared/refund-rules.ts';
import { issueLabel } from '../../shared/subscription-rules.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { BadRequestError, DomainError, NotFoundError } from '../http/errors.ts';
import { moveHistoryStatus, type HistoryRow } from '../order-history/order-history.repository.ts';
import { findPartialRefundByKey, findPartialRefunds, insertPartialRefund } from '../order-history/order-refunds.repository.ts';
import { writeAudit, type AuditActor } from '../staff/audit.service.ts';
import { isUniqueViolation } from '../user-plan/user-plan.repository.ts';
import { isRefundable } from './customer-detail.ts';
import { refundClaimed, type RefundClaim } from './refund-provider.ts';
import { parcelFeeOnRefund } from '../billing/parcel-fee.ts';

export interface RefundRequestInput {
  historyId: number;
  reason: string;
  idempotencyKey: string;
  /** Absent: the rest of the charge, in full. */
  amount?: number | undefined;
  /** A full refund before shipment: does the box still ship? */
  box?: RefundBox | undefined;
}

const NO_ORDER = { ja: 'この注文はこのお客様のものではありません。', en: 'This order is not this customer\'s.' };
const NOT_REFUNDABLE = { ja: 'この注文は返金できません（未決済か、返金済み・返金処理中です）。', en: 'This order cannot be refunded (not charged, or refunded or being refunded already).' };
const KEY_TAKEN = { ja: 'フォームを再読み込みしてから、もう一度送信してください。', en: 'Reload the form and submit it again.' };

/**
 * A refund of a charged round on support's word (issues 19 and 30): in full, or part of it up to
 * what is left. The form's idempotency key and the refunds already made, read under a row lock,
 * make it happen once: a double submit or a retried request with the same key waits for the lock,
 * finds its own key and answers what happened, and never calls the provider again. A full refund
 * before shipment stops the box (CANCEL: it leaves the shipping list) or lets it ship, as support
 * chose. The provider is called after the commit (refund-provider.ts), so no lock is held across
 * the network.
 */
export async function refundRound(ctx: ApiContext, actor: AuditActor, userId: number, input: RefundRequestInput): Promise<RefundAnswer> {
  const claim = await ctx.db.transaction().execute((trx) => claimRefund(trx, ctx.now(), actor, userId, input)).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw new DomainError(409, 'CONFLICT', KEY_TAKEN);
    throw error;
  });
  if ('replayed' in claim) return claim.replayed;
  const refundStatus = await refundClaimed(ctx, actor, userId, claim);
  return { historyId: claim.row.id, refundStatus, replayed: false };
}

type Claimed = RefundClaim | { replayed: RefundAnswer };

async function claimRefund(trx: Db, now: Date, actor: AuditActor, userId: number, input: RefundRequestInput): Promise<Claimed> {
  const row = await trx.selectFrom('plan_order_histories').selectAll()
    .where('id', '=', input.historyId).where('user_id', '=', userId).forUpdate().executeTakeFirst();
  if (!row) throw new NotFoundError(NO_ORDER);
  const replay = await replayOf(trx, row, input.idempotencyKey);
  if (replay) return { replayed: replay };
  const partials = await findPartialRefunds(trx, [row.id]);
  const cap = refundCap({ total: row.total, fullRefundStatus: row.refund_status, partials });
  if (!isRefundable(row) || cap === 0) throw new DomainError(409, 'CONFLICT', NOT_REFUNDABLE);
  const checked = checkRefundRequest(input, row.payment_status, cap);
  if (!checked.ok) throw new BadRequestError(checked.error, { [checked.field]: checked.error });
  const round = await trx.selectFrom('plan_orders').select('ship_date').where('id', '=', row.plan_order_id).executeTakeFirstOrThrow();
  // The fan reads the round by its label (「1月号」), as on every page, not the console's round name.
  const roundLabel = issueLabel({ shipDate: round.ship_date.toISOString() });
  const before = { refundStatus: row.refund_status, paymentStatus: row.payment_status, total: row.total, refundable: cap };
  let partialId: number | null = null;
  let claimed: HistoryRow = { ...row, refund_status: 'pending' };
  let amount = checked.amount;
  let parcelFee: RefundClaim['parcelFee'] = null;
  // 同梱 (shared/parcel.ts): a stopped box's refund gives shipping back only if it leaves its parcel last.
  const parcel = checked.full && checked.box === 'stop' ? await parcelFeeOnRefund(trx, row) : { kept: 0, lastOut: null };
  if (parcel.kept > 0) {
    // The box stops; the parcel's fee it carries stays paid (another box of the parcel ships), so
    // the refund is the rest less that fee, kept as a refund of part of the charge.
    await moveHistoryStatus(trx, row.id, 'CANCEL', { refund_reason: input.reason, refunded_by: actor.staffId, refund_box: 'stop' }, now);
    amount = checked.amount - parcel.kept;
    partialId = await insertPartialRefund(trx, { historyId: row.id, amount, reason: input.reason, refundKey: input.idempotencyKey, staffId: actor.staffId }, now);
    claimed = { ...row, payment_status: 'CANCEL' };
  } else if (checked.full) {
    const claim = { refund_status: 'pending', refund_reason: input.reason, refund_key: input.idempotencyKey, refunded_by: actor.staffId, refund_box: checked.box };
    // Stopped: the box leaves the warehouse list, exports and counts (api/shipping/).
    if (checked.box === 'stop') await moveHistoryStatus(trx, row.id, 'CANCEL', claim, now);
    else await trx.updateTable('plan_order_histories').set({ ...claim, updated_at: now }).where('id', '=', row.id).execute();
    if (checked.box === 'stop') claimed = { ...claimed, payment_status: 'CANCEL' };
    if (parcel.lastOut) {
      // The last box out of a parcel whose fee a box stopped earlier kept: that fee is refunded too, from the charge that paid it.
      const keeper = await trx.selectFrom('plan_order_histories').selectAll().where('id', '=', parcel.lastOut.id).executeTakeFirstOrThrow();
      const id = await insertPartialRefund(trx, { historyId: keeper.id, amount: parcel.lastOut.fee, reason: input.reason, refundKey: `${input.idempotencyKey}-parcel`, staffId: actor.staffId }, now);
      parcelFee = { row: keeper, partialId: id, amount: parcel.lastOut.fee };
    }
  } else {
    partialId = await insertPartialRefund(trx, { historyId: row.id, amount: checked.amount, reason: input.reason, refundKey: input.idempotencyKey, staffId: actor.staffId }, now);
    claimed = row;
  }
  const after = { paymentStatus: claimed.payment_status, amount, full: checked.full, box: checked.box, reason: input.reason, userId, parcelFeeKept: parcel.kept, parcelFeeRefunded: parcelFee?.amount ?? 0 };
  await writeAudit(trx, actor, { action: 'customer.refund', outcome: 'success', targetType: 'order', targetId: row.id, before, after: { ...after, refundStatus: 'pending' } }, now);
  return { row: claimed, roundLabel, amount, partialId, box: checked.box, full: checked.full, parcelFee };
}

/** The same form again: what its refund came to, and nothing refunded twice. */
async function replayOf(trx: Db, row: HistoryRow, key: string): Promise<RefundAnswer | null> {
  if (row.refund_key === key) return { historyId: row.id, refundStatus: row.refund_status ?? 'pending', replayed: true };
  const partial = await findPartialRefundByKey(trx, key);
  if (partial && partial.history_id === row.id) return { historyId: row.id, refundStatus: partial.status, replayed: true };
  return null;
}
