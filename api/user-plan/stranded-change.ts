import { fullRefundAmount } from '../../shared/refund-rules.ts';
import { parsePaymentMethod, type PaymentMethod } from '../../shared/payment.ts';
import type { ApiContext } from '../context.ts';
import { moveHistoryStatus, type HistoryRow } from '../order-history/order-history.repository.ts';
import { findPartialRefunds } from '../order-history/order-refunds.repository.ts';
import { providerFailure, withProviderDeadline } from '../payment/provider-deadline.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import { findOrderById } from '../plan/plan.repository.ts';
import { toOrder } from '../plan/plan.service.ts';
import { settleGraceMs } from './settle-pending.ts';
import { sendChangeMail } from './subscription-mail.ts';
import { applyReplacement, changeAnswer, restoreReplaced } from './tier-change.ts';

/** Per pass: a handful at most, each one or two provider calls with their own deadline. */
const BATCH = 20;

/**
 * A tier or count change on a paid round reserves the new terms' row (BEFORE) and marks the old
 * charge as being replaced (`superseded_by`) in one transaction, then charges (tier-change.ts).
 * When the gateway's answer is lost (a kill -9, a timeout, a connection cut after the charge), the
 * old row is no longer live and the new one waits: the box is on no shipping list, the plan keeps
 * its old terms and the fan's retry meets 409 IN_PROGRESS. Each billing pass settles such a change
 * from the gateway's record once it is older than the provider's grace (a live change has answered
 * by then), as stranded-checkouts.ts does a checkout:
 * - charged: the change completes as its request would have (the new row paid, the old voided and
 *   refunded, the plan on the new terms) and the fan gets the change mail with both amounts;
 * - not charged (declined, never reached, or held for 3-D Secure and now cancelled): the new row is
 *   ERROR and the old charge live again; the plan is as it was and nothing was taken;
 * - no answer, or still processing: left for the next pass.
 * Every move is guarded by the status it read, so two passes at once settle it once.
 */
export async function settleStrandedChanges(ctx: ApiContext): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - settleGraceMs(paymentProviderOf(ctx)));
  const rows = await ctx.db.selectFrom('plan_order_histories as h')
    .innerJoin('plan_order_histories as old', 'old.superseded_by', 'h.id')
    .selectAll('h').select('old.id as old_id')
    .where('h.origin', '=', 'checkout').where('h.payment_status', '=', 'BEFORE').where('h.created_at', '<', cutoff)
    .orderBy('h.created_at').limit(BATCH).execute();
  let settled = 0;
  for (const { old_id: oldId, ...row } of rows) {
    try {
      const outcome = await settleStrandedChange(ctx, row, oldId);
      if (outcome === 'in_doubt') continue;
      ctx.logger.warn({ userPlanId: row.user_plan_id, orderKey: row.charge_key, outcome }, 'stranded plan change settled');
      settled += 1;
    } catch (error) {
      ctx.logger.error({ userPlanId: row.user_plan_id, reason: providerFailure(error) }, 'stranded plan change not settled');
    }
  }
  return settled;
}

type Outcome = 'changed' | 'undone' | 'in_doubt';

async function settleStrandedChange(ctx: ApiContext, row: HistoryRow, oldId: number): Promise<Outcome> {
  const old = await ctx.db.selectFrom('plan_order_histories').selectAll().where('id', '=', oldId).where('superseded_by', '=', row.id).executeTakeFirst();
  if (!old) return 'in_doubt';
  let found = await ask(ctx, row, 'charge look-up', () => paymentProviderOf(ctx).findCharge(row.charge_key, row.charge_id ?? undefined));
  if (found === 'timeout' || found?.status === 'pending') return 'in_doubt';
  if (found?.status === 'action_required') {
    // Off-session, a bank that asks is a decline; the held charge is cancelled so it takes nothing later.
    const held = found;
    const cancelled = await ask(ctx, row, 'charge cancel', () => paymentProviderOf(ctx).cancelCharge({ chargeId: held.chargeId, orderKey: row.charge_key }));
    if (cancelled === 'timeout' || cancelled === 'unavailable') return 'in_doubt';
    if (cancelled === 'succeeded') {
      found = await ask(ctx, row, 'charge look-up', () => paymentProviderOf(ctx).findCharge(row.charge_key));
      if (found === 'timeout' || found?.status !== 'succeeded') return 'in_doubt';
    }
  }
  const now = ctx.now();
  if (found?.status === 'succeeded') {
    await moveHistoryStatus(ctx.db, row.id, 'SUCCESS', { charge_id: found.chargeId, paid_at: now }, now);
    const refund = { total: fullRefundAmount({ total: old.total, partials: await findPartialRefunds(ctx.db, [old.id]) }), method: old.payment_method as PaymentMethod };
    const refunded = await applyReplacement(ctx, old, row);
    await mailChange(ctx, old, row, { refunded, refund, charge: { total: row.total, method: row.payment_method as PaymentMethod } });
    return 'changed';
  }
  const reason = found ? (found.declineReason ?? 'declined').slice(0, 200) : 'never reached the provider';
  await ctx.db.transaction().execute(async (trx) => {
    await moveHistoryStatus(trx, row.id, 'ERROR', { charge_id: found?.chargeId ?? null, decline_reason: reason }, now);
    await restoreReplaced(trx, old.id, now);
  });
  return 'undone';
}

/** The fan's request died before its answer: the mail says what the change charged and refunded. */
async function mailChange(ctx: ApiContext, old: HistoryRow, row: HistoryRow, money: Parameters<typeof changeAnswer>[4]): Promise<void> {
  const user = await ctx.db.selectFrom('users').select(['id', 'email', 'payment_method']).where('id', '=', row.user_id).executeTakeFirst();
  const plan = await ctx.db.selectFrom('user_plans').selectAll().where('id', '=', row.user_plan_id).executeTakeFirst();
  const round = await findOrderById(ctx.db, row.plan_order_id);
  if (!user || !plan || !round) return;
  const answer = await changeAnswer(ctx, parsePaymentMethod(user.payment_method), plan, toOrder(round, ctx.now()), money);
  await sendChangeMail(ctx, user, old.plan_id === row.plan_id ? 'count' : 'tier', answer);
}

function ask<T>(ctx: ApiContext, row: HistoryRow, what: string, call: () => Promise<T>): Promise<T | 'timeout'> {
  return withProviderDeadline(call(), (error) => ctx.logger.error({ orderKey: row.charge_key, reason: providerFailure(error) }, `${what} failed`));
}
