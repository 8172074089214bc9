import type { CheckoutAuthentication, UserPlanCreated } from '../../shared/api/types.ts';
import type { ApiContext } from '../context.ts';
import type { HistoryRow } from '../order-history/order-history.repository.ts';
import { answerOfCharged } from './checkout-answer.ts';
import { sendSubscribedMail } from './subscription-mail.ts';
import type { UserPlanRow } from './user-plan.repository.ts';

/**
 * How a held checkout ends, whatever held it (the bank's 3-D Secure page, checkout-authentication.ts;
 * a konbini or PayPay payment, shopper-checkout.ts): started once, or ended unpaid once.
 */

/** What asking the gateway about a waiting checkout came to. */
export type WaitingOutcome =
  | { status: 'charged'; created: UserPlanCreated }
  | { status: 'authenticate'; authentication: CheckoutAuthentication }
  | { status: 'failed' }
  /** The gateway did not answer, or the charge is still processing: nothing concluded. */
  | { status: 'in_doubt' }
  /** Still within the window and nobody asked to end it (the billing pass): left alone. */
  | { status: 'waiting' };

/** Where the bank's page sends the shopper back (the web tier proxies /api). */
export const checkoutReturnUrl = (ctx: ApiContext, userPlanId: number): string =>
  new URL(`/api/userPlan/authentication/return?userPlanId=${userPlanId}`, ctx.publicOrigin).toString();

/** Ended unpaid: the row ERROR and the subscription FAILED, guarded (of two paths, one moves it). */
export async function endCheckout(ctx: ApiContext, userPlan: UserPlanRow, row: HistoryRow, reason: string): Promise<WaitingOutcome> {
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const moved = await trx.updateTable('plan_order_histories')
      .set({ payment_status: 'ERROR', decline_reason: reason, action_required_at: null, updated_at: now })
      .where('id', '=', row.id).where('payment_status', '=', 'BEFORE').executeTakeFirst();
    if (moved.numUpdatedRows === 1n) {
      await trx.updateTable('user_plans').set({ status: 'FAILED', updated_at: now }).where('id', '=', userPlan.id).where('status', '=', 'PENDING').execute();
    }
  });
  return { status: 'failed' };
}

/**
 * The held charge succeeded: the round paid and the subscription ACTIVE in one transaction, guarded
 * so that of every path that learns it only one moves it; that one stores the answer for the
 * checkout's key (a same-key retry replays the 201) and sends the confirmation mail.
 */
export async function startCheckout(ctx: ApiContext, userPlan: UserPlanRow, row: HistoryRow, chargeId: string | null): Promise<WaitingOutcome> {
  const now = ctx.now();
  const moved = await ctx.db.transaction().execute(async (trx) => {
    const paid = await trx.updateTable('plan_order_histories')
      .set({ payment_status: 'SUCCESS', paid_at: now, charge_id: chargeId ?? row.charge_id, action_required_at: null, updated_at: now })
      .where('id', '=', row.id).where('payment_status', '=', 'BEFORE').executeTakeFirst();
    if (paid.numUpdatedRows !== 1n) return false;
    await trx.updateTable('user_plans').set({ status: 'ACTIVE', updated_at: now }).where('id', '=', userPlan.id).where('status', '=', 'PENDING').execute();
    return true;
  });
  if (!moved) return { status: 'charged', created: await createdAnswer(ctx, userPlan) };
  ctx.logger.info({ orderKey: row.charge_key }, 'checkout authenticated and paid');
  return { status: 'charged', created: await announceStarted(ctx, userPlan) };
}

async function createdAnswer(ctx: ApiContext, userPlan: UserPlanRow): Promise<UserPlanCreated> {
  const created = await answerOfCharged(ctx, { ...userPlan, status: 'ACTIVE' });
  if (!created) throw new Error(`checkout ${userPlan.id}: paid but its round is gone`);
  return created;
}

/**
 * A checkout started by someone other than its own request (the bank's return, the webhook, the
 * billing pass after a crash): the answer is stored for the checkout's key (a same-key retry
 * replays the 201) and the confirmation mail sent. The caller is the one path that moved it.
 */
export async function announceStarted(ctx: ApiContext, userPlan: UserPlanRow): Promise<UserPlanCreated> {
  const created = await createdAnswer(ctx, userPlan);
  await ctx.db.updateTable('idempotency_keys').set({ response_status: 201, response_body: JSON.stringify(created) })
    .where('user_plan_id', '=', userPlan.id).where('response_status', 'is', null).execute();
  const user = await ctx.db.selectFrom('users').select(['id', 'email']).where('id', '=', userPlan.user_id).executeTakeFirst();
  if (user) await sendSubscribedMail(ctx, user, created);
  return created;
}
