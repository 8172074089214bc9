import type { CurrentUser, UserPlanCreated } from '../../shared/api/types.ts';
import type { ApiContext } from '../context.ts';
import { findOrderById } from '../plan/plan.repository.ts';
import { toOrder } from '../plan/plan.service.ts';
import { checkoutAnswer } from './checkout-answer.ts';
import { settlePending } from './settle-pending.ts';
import { checkoutDeclined } from './subscribe.service.ts';
import type { UserPlanRow } from './user-plan.repository.ts';

/**
 * A retry that took over the key of a checkout whose request died (api/user-plan/idempotency.ts)
 * after it reserved `userPlanId`: the answer that checkout owed, or null when it took no money
 * and the retry runs as a new checkout.
 * - ACTIVE: it was charged; the same 201 the first request would have given.
 * - PENDING: settled from the provider by its order key, as settle-pending.ts does, never charged
 *   again: charged, 201 as above; declined at the provider, the 402 the first request would have
 *   given (the same key answers the same; the shopper fixes the card and applies again); never
 *   reached the provider, FAILED, and the retry checks out anew, which is what the shopper asked
 *   for and charges once (the first took nothing).
 * - CANCELLED: it was charged, then cancelled in My plans; the 201 it owed, never a second
 *   subscription from an old key.
 * - FAILED or gone: nothing to answer from; a new checkout (which refuses a second live
 *   subscription as any checkout does).
 */
export async function recoverCheckout(ctx: ApiContext, user: CurrentUser, userPlanId: number): Promise<UserPlanCreated | null> {
  const row = await ctx.db.selectFrom('user_plans').selectAll().where('id', '=', userPlanId).where('user_id', '=', user.id).executeTakeFirst();
  if (!row) return null;
  if (row.status === 'FAILED') return null;
  if (row.status !== 'PENDING') return answerOfCharged(ctx, row);
  const settled = await settlePending(ctx, row);
  if (settled.status === 'charged') return answerOfCharged(ctx, { ...row, status: 'ACTIVE' });
  if (settled.declined) throw checkoutDeclined(settled.declined);
  return null;
}

/** The checkout's own order row (the first of the subscription) and the round it charged. */
async function answerOfCharged(ctx: ApiContext, row: UserPlanRow): Promise<UserPlanCreated | null> {
  const history = await ctx.db.selectFrom('plan_order_histories').selectAll().where('user_plan_id', '=', row.id)
    .orderBy('id').executeTakeFirst();
  const round = history ? await findOrderById(ctx.db, history.plan_order_id) : undefined;
  if (!history || !round) return null;
  return checkoutAnswer(ctx, row, history, toOrder(round, ctx.now()));
}
