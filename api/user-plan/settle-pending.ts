import { SUBSCRIPTION_MESSAGES as M } from '../../shared/subscription-messages.ts';
import type { ApiContext } from '../context.ts';
import { DomainError } from '../http/errors.ts';
import { findLiveHistory, updateHistory } from '../order-history/order-history.repository.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import { providerFailure, withProviderDeadline } from '../payment/provider-deadline.ts';
import { providerUnavailable } from './provider-errors.ts';
import { findLiveUserPlanOfPlan, updateUserPlan } from './user-plan.repository.ts';

/**
 * A checkout younger than this may still be waiting for the provider's answer. Two minutes, not
 * one: a charge is found by its order key through the gateway's search, which may lag (Stripe's
 * by up to a minute), so "never reached the provider" is only concluded once the search has caught up.
 */
const PENDING_GRACE_MS = 120_000;

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
    const found = await withProviderDeadline(paymentProviderOf(ctx).findCharge(history.charge_key, history.charge_id ?? undefined), (error) => {
      ctx.logger.error({ orderKey: history.charge_key, reason: providerFailure(error) }, 'charge look-up failed');
    });
    // No answer: nothing is concluded; the shopper may try again (the key still charges once).
    if (found === 'timeout') throw providerUnavailable();
    // A charge the bank wants authenticated took nothing: checkout declines it (round-charge.ts).
    if (found && (found.status === 'succeeded' || found.status === 'pending')) {
      const paid = found.status === 'succeeded' ? { payment_status: 'SUCCESS' as const, paid_at: now } : {};
      await updateHistory(ctx.db, history.id, { charge_id: found.chargeId, ...paid }, now);
      await updateUserPlan(ctx.db, row.id, { status: 'ACTIVE' }, now);
      return;
    }
    await updateHistory(ctx.db, history.id, { payment_status: 'ERROR', decline_reason: found ? 'declined' : 'never reached the provider' }, now);
  }
  await updateUserPlan(ctx.db, row.id, { status: 'FAILED' }, now);
}
