import { SUBSCRIPTION_MESSAGES as M } from '../../shared/subscription-messages.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { DomainError } from '../http/errors.ts';
import { findLiveHistory, updateHistory, type HistoryRow } from '../order-history/order-history.repository.ts';
import type { ChargeResult, ChargeStatus, PaymentProvider } from '../payment/provider.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import { PROVIDER_DEADLINE_MS, providerFailure, withProviderDeadline } from '../payment/provider-deadline.ts';
import { providerUnavailable } from './provider-errors.ts';
import { findWaitingCheckout, settleWaitingCheckout } from './checkout-authentication.ts';
import { findLiveUserPlanOfPlan, type UserPlanRow } from './user-plan.repository.ts';

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
export type Settled =
  /** `moved`: this call made it ACTIVE (of two passes that learn it, one), so its mail is this caller's. */
  | { status: 'charged'; moved: boolean }
  | { status: 'failed'; declined: ChargeStatus | null }
  | { status: 'waiting' };

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
    // Its mail went with the move (checkout-authentication.ts `started`).
    if (outcome.status === 'charged') return { status: 'charged', moved: false };
    return outcome.status === 'failed' ? { status: 'failed', declined: 'action_required' } : { status: 'waiting' };
  }
  const now = ctx.now();
  const provider = paymentProviderOf(ctx);
  if (now.getTime() - row.created_at.getTime() < settleGraceMs(provider)) throw new DomainError(409, 'IN_PROGRESS', M.paymentInProgress);
  const rounds = await ctx.db.selectFrom('plan_order_histories').select('plan_order_id').where('user_plan_id', '=', row.id).execute();
  let declined: ChargeStatus | null = null;
  for (const { plan_order_id } of rounds) {
    const history = await findLiveHistory(ctx.db, row.id, plan_order_id);
    if (!history) continue;
    // Recorded paid, and the process died before the subscription's own update: it is charged.
    if (history.payment_status !== 'BEFORE') return started(ctx, row.id, now);
    let found = await lookUp(ctx, history);
    // A charge held for 3-D Secure whose page the shopper never got: cancelled, so nothing is taken later.
    const held = found?.status === 'action_required';
    if (held) found = await cancelUnrecorded(ctx, history);
    if (found && (found.status === 'succeeded' || found.status === 'pending')) {
      const paid = found.status === 'succeeded' ? { payment_status: 'SUCCESS' as const, paid_at: now } : {};
      const chargeId = found.chargeId;
      const moved = await ctx.db.transaction().execute(async (trx) => {
        await updateHistory(trx, history.id, { charge_id: chargeId, ...paid }, now);
        return activate(trx, row.id, now);
      });
      return { status: 'charged', moved };
    }
    declined = held ? 'action_required' : found ? found.status : declined;
    const reason = held ? 'authentication not completed' : found ? 'declined' : 'never reached the provider';
    await updateHistory(ctx.db, history.id, { payment_status: 'ERROR', decline_reason: reason }, now);
  }
  await ctx.db.updateTable('user_plans').set({ status: 'FAILED', updated_at: now }).where('id', '=', row.id).where('status', '=', 'PENDING').execute();
  return { status: 'failed', declined };
}

async function started(ctx: ApiContext, userPlanId: number, now: Date): Promise<Settled> {
  return { status: 'charged', moved: await activate(ctx.db, userPlanId, now) };
}

/** PENDING → ACTIVE, guarded: true for the one caller that moved it. */
async function activate(db: Db, userPlanId: number, now: Date): Promise<boolean> {
  const moved = await db.updateTable('user_plans').set({ status: 'ACTIVE', updated_at: now }).where('id', '=', userPlanId).where('status', '=', 'PENDING').executeTakeFirst();
  return moved.numUpdatedRows === 1n;
}

/** The charge of a reserved row at the provider by its order key; no answer throws (nothing is concluded). */
async function lookUp(ctx: ApiContext, history: HistoryRow): Promise<ChargeResult | null> {
  const found = await withProviderDeadline(paymentProviderOf(ctx).findCharge(history.charge_key, history.charge_id ?? undefined), (error) => {
    ctx.logger.error({ orderKey: history.charge_key, reason: providerFailure(error) }, 'charge look-up failed');
  });
  // No answer: nothing is concluded; the shopper may try again (the key still charges once).
  if (found === 'timeout') throw providerUnavailable();
  return found;
}

/**
 * Cancels a held charge the process never recorded (killed between the gateway's answer and its
 * update): the bank's page went nowhere, so the charge must take nothing later. One that succeeded
 * meanwhile is the charge itself.
 */
async function cancelUnrecorded(ctx: ApiContext, history: HistoryRow): Promise<ChargeResult | null> {
  const cancelled = await withProviderDeadline(paymentProviderOf(ctx).cancelCharge({ chargeId: history.charge_id ?? '', orderKey: history.charge_key }), (error) => {
    ctx.logger.error({ orderKey: history.charge_key, reason: providerFailure(error) }, 'charge cancel failed');
  });
  if (cancelled === 'timeout' || cancelled === 'unavailable') throw providerUnavailable();
  if (cancelled === 'succeeded') return lookUp(ctx, history);
  return null;
}
