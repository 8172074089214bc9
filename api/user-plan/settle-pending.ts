import { SUBSCRIPTION_MESSAGES as M } from '../../shared/subscription-messages.ts';
import type { ApiContext } from '../context.ts';
import { DomainError } from '../http/errors.ts';
import { findLiveHistory, updateHistory } from '../order-history/order-history.repository.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import { findLiveUserPlanOfPlan, updateUserPlan } from './user-plan.repository.ts';

/** A checkout younger than this may still be waiting for the provider's answer. */
const PENDING_GRACE_MS = 60_000;

/**
 * A checkout that died between reserving and recording (a crash, a provider that never
 * answered) leaves a PENDING subscription. Before a new checkout for that plan, its charge is
 * looked up at the provider by its order key and settled, never charged again.
 */
export async function settleStalePending(ctx: ApiContext, userId: number, planId: number): Promise<void> {
  const row = await findLiveUserPlanOfPlan(ctx.db, userId, planId);
  if (!row || row.status !== 'PENDING') return;
  const now = ctx.now();
  if (now.getTime() - row.created_at.getTime() < PENDING_GRACE_MS) throw new DomainError(409, 'IN_PROGRESS', M.paymentInProgress);
  const rounds = await ctx.db.selectFrom('plan_order_histories').select('plan_order_id').where('user_plan_id', '=', row.id).execute();
  for (const { plan_order_id } of rounds) {
    const history = await findLiveHistory(ctx.db, row.id, plan_order_id);
    if (!history || history.payment_status !== 'BEFORE') continue;
    const found = await paymentProviderOf(ctx).findCharge(history.charge_key);
    if (found && found.status !== 'declined') {
      const paid = found.status === 'succeeded' ? { payment_status: 'SUCCESS' as const, paid_at: now } : {};
      await updateHistory(ctx.db, history.id, { charge_id: found.chargeId, ...paid }, now);
      await updateUserPlan(ctx.db, row.id, { status: 'ACTIVE' }, now);
      return;
    }
    await updateHistory(ctx.db, history.id, { payment_status: 'ERROR', decline_reason: found ? 'declined' : 'never reached the provider' }, now);
  }
  await updateUserPlan(ctx.db, row.id, { status: 'FAILED' }, now);
}
