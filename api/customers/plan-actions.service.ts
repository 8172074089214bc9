import type { CurrentUser, UserPlanChange } from '../../shared/api/types.ts';
import type { CancelReason } from '../../shared/cancel-reasons.ts';
import type { PlanAction } from '../../shared/customer-rules.ts';
import { parsePaymentMethod } from '../../shared/payment.ts';
import type { Gender } from '../../shared/api/types.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { DomainError } from '../http/errors.ts';
import { writeAudit, type AuditActor } from '../staff/audit.service.ts';
import { cancelUserPlan, changeUserPlan, type ChangeHook } from '../user-plan/change.service.ts';
import type { UserPlanRow } from '../user-plan/user-plan.repository.ts';
import type { AuditAction } from '../../shared/audit-actions.ts';
import { findCustomer } from './customer-detail.ts';

const DELETED = { ja: '退会済みのお客様には操作できません。', en: 'This customer has deleted their account.' };

/**
 * Skip, pause, resume and cancel on a shopper's behalf (issue 19) go through the shopper's own
 * services (api/user-plan/change.service.ts): the same deadlines, refunds of a voided round and
 * mails. The reason and the audit row are written inside the change's transaction (`ChangeHook`).
 */
async function shopperOf(ctx: ApiContext, userId: number): Promise<CurrentUser> {
  const row = await findCustomer(ctx.db, userId);
  if (row.deleted_at) throw new DomainError(409, 'CONFLICT', DELETED);
  const birthday = await ctx.db.selectFrom('users').select((eb) => eb.fn<string | null>('to_char', ['birthday', eb.val('YYYY-MM-DD')]).as('day'))
    .select('gender').where('id', '=', userId).executeTakeFirstOrThrow();
  return {
    id: row.id, email: row.email, name: row.name, nameKana: row.name_kana, zip: row.zip, address: row.address, address2: row.address2,
    birthday: birthday.day ?? '', gender: birthday.gender as Gender, tel: row.tel,
    paymentMethod: parsePaymentMethod(row.payment_method), securitySafe: true,
  };
}

const planState = (row: Pick<UserPlanRow, 'status' | 'paused_from' | 'count' | 'cancel_reason'>) => ({
  status: row.status, pausedFrom: row.paused_from?.toISOString() ?? null, count: row.count, cancelReason: row.cancel_reason,
});

async function skipsOf(trx: Db, userPlanId: number): Promise<number[]> {
  const rows = await trx.selectFrom('user_plan_skips').select('plan_order_id').where('user_plan_id', '=', userPlanId).orderBy('plan_order_id').execute();
  return rows.map((r) => r.plan_order_id);
}

function auditing(actor: AuditActor, action: AuditAction, now: Date, extra: (trx: Db, before: UserPlanRow) => Promise<void> = async () => {}): ChangeHook {
  return async (trx, before) => {
    const skipsAfter = await skipsOf(trx, before.id);
    await extra(trx, before);
    const after = await trx.selectFrom('user_plans').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow();
    await writeAudit(trx, actor, {
      action, outcome: 'success', targetType: 'user_plan', targetId: before.id,
      before: planState(before), after: { ...planState(after), cancelNote: after.cancel_note, skippedRounds: skipsAfter, userId: before.user_id },
    }, now);
  };
}

export async function actOnPlan(ctx: ApiContext, actor: AuditActor, userId: number, planId: number, action: PlanAction): Promise<UserPlanChange> {
  const user = await shopperOf(ctx, userId);
  return changeUserPlan(ctx, user, { currentPlanId: planId, planId, action }, auditing(actor, `customer.plan.${action}`, ctx.now()));
}

export async function cancelOnBehalf(
  ctx: ApiContext, actor: AuditActor, userId: number, input: { planId: number; reason: CancelReason; note?: string },
): Promise<UserPlanChange> {
  const user = await shopperOf(ctx, userId);
  const now = ctx.now();
  const record = async (trx: Db, before: UserPlanRow) => {
    await trx.updateTable('user_plans').set({ cancel_reason: input.reason, cancel_note: input.note ?? '', cancel_by: 'staff' }).where('id', '=', before.id).execute();
  };
  return cancelUserPlan(ctx, user, input.planId, false, auditing(actor, 'customer.plan.cancel', now, record));
}
