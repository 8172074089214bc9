import { SUBSCRIPTION_MESSAGES as M } from '../../shared/subscription-messages.ts';
import type { ApiContext } from '../context.ts';
import { DomainError } from '../http/errors.ts';
import { findLiveHistory, updateHistory } from '../order-history/order-history.repository.ts';
import type { ChargeStatus, PaymentProvider } from '../payment/provider.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import { PROVIDER_DEADLINE_MS, providerFailure, withProviderDeadline } from '../payment/provider-deadline.ts';
import { providerUnavailable } from './provider-errors.ts';
import { findWaitingCheckout, settleWaitingCheckout } from './checkout-authentication.ts';
import { findLiveUserPlanOfPlan, updateUserPlan, type UserPlanRow } from './user-plan.repository.ts';

/** Database work around the provider call (reserve, record), with room to spare. */
const SETTLE_MARGIN_MS = 5_000;

/**
 * A checkout younger than this may still be waiting for the provider's answer: the provider's
 * deadline, plus the time its look-up by order key may lag behind a charge (Stripe's search, up
 * to a minute; the sandbox's is exact), so "never reached the provider" is only concluded once
 * the look-up has caught up.
 */
export const settleGraceMs = (provider: PaymentProvider): number => PROVIDER_DEADLINE_MS + provider.lookupLagMs + SETTLE_MARGIN_MS;

/**
 * What a stranded checkout turned out to be: charged (now ACTIVE), FAILED and why, or (the billing
 * pass only) a checkout still within its 3-D Secure window, left to the shopper.
 */
export type Settled = { status: 'charged' } | { status: 'failed'; declined: ChargeStatus | null } | { status: 'waiting' };

/**
 * A checkout that died between reserving and recording (a crash, a provider that never
 * answered) leaves a PENDING subscription. Before a new checkout for that plan, its charge is
 * looked up at the provider by its order key and settled, never charged again.
 */
export async function settleStalePending(ctx: ApiContext, userId: number, planId: number): Promise<void> {
  const row = await findLiveUserPlanOfPlan(ctx.db, userId, planId);
  if (!row || row.status !== 'PENDING') return;
  await settlePending(ctx, row, 'supersede');
}

/**
 * Settles one PENDING subscription from its charges at the provider (409 IN_PROGRESS while it may
 * still be charging). One waiting for the shopper's 3-D Secure is asked as `mode` says
 * (checkout-authentication.ts): a new checkout supersedes it, the billing pass sweeps it once its
 * window is over.
 */
export async function settlePending(ctx: ApiContext, row: UserPlanRow, mode: 'supersede' | 'sweep'): Promise<Settled> {
  const waiting = await findWaitingCheckout(ctx, row.id);
  if (waiting) {
    const outcome = await settleWaitingCheckout(ctx, row, waiting, mode);
    if (outcome.status === 'in_doubt') throw providerUnavailable();
    if (outcome.status === 'charged') return { status: 'charged' };
    return outcome.status === 'failed' ? { status: 'failed', declined: 'action_required' } : { status: 'waiting' };
  }
  const now = ctx.now();
  const provider = paymentProviderOf(ctx);
  if (now.getTime() - row.created_at.getTime() < settleGraceMs(provider)) throw new DomainError(409, 'IN_PROGRESS', M.paymentInProgress);
  const rounds = await ctx.db.selectFrom('plan_order_histories').select('plan_order_id').where('user_plan_id', '=', row.id).execute();
  let declined: ChargeStatus | null = null;
  for (const { plan_order_id } of rounds) {
    const history = await findLiveHistory(ctx.db, row.id, plan_order_id);
    if (!history || history.payment_status !== 'BEFORE') continue;
    const found = await withProviderDeadline(provider.findCharge(history.charge_key, history.charge_id ?? undefined), (error) => {
      ctx.logger.error({ orderKey: history.charge_key, reason: providerFailure(error) }, 'charge look-up failed');
    });
    // No answer: nothing is concluded; the shopper may try again (the key still charges once).
    if (found === 'timeout') throw providerUnavailable();
    // A charge the bank wants authenticated took nothing: checkout declines it (round-charge.ts).
    if (found && (found.status === 'succeeded' || found.status === 'pending')) {
      const paid = found.status === 'succeeded' ? { payment_status: 'SUCCESS' as const, paid_at: now } : {};
      await updateHistory(ctx.db, history.id, { charge_id: found.chargeId, ...paid }, now);
      await updateUserPlan(ctx.db, row.id, { status: 'ACTIVE' }, now);
      return { status: 'charged' };
    }
    declined = found ? found.status : declined;
    await updateHistory(ctx.db, history.id, { payment_status: 'ERROR', decline_reason: found ? 'declined' : 'never reached the provider' }, now);
  }
  await updateUserPlan(ctx.db, row.id, { status: 'FAILED' }, now);
  return { status: 'failed', declined };
}
