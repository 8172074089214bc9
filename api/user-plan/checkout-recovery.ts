import type { CheckoutAuthentication, CurrentUser, UserPlanCreated } from '../../shared/api/types.ts';
import type { ApiContext } from '../context.ts';
import { answerOfCharged } from './checkout-answer.ts';
import { findWaitingCheckout, settleWaitingCheckout } from './checkout-authentication.ts';
import { providerUnavailable } from './provider-errors.ts';
import { settlePending } from './settle-pending.ts';
import { checkoutDeclined } from './subscribe.service.ts';

/**
 * A retry that took over the key of a checkout whose request died (api/user-plan/idempotency.ts)
 * after it reserved `userPlanId`: the answer that checkout owed, or null when it took no money
 * and the retry runs as a new checkout.
 * - ACTIVE: it was charged; the same 201 the first request would have given.
 * - PENDING and waiting for the shopper's 3-D Secure: its held charge asked again
 *   (checkout-authentication.ts `resume`): paid, the 201; still held, the bank's page again; ended
 *   unpaid, a new checkout as below.
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
export async function recoverCheckout(ctx: ApiContext, user: CurrentUser, userPlanId: number): Promise<UserPlanCreated | CheckoutAuthentication | null> {
  const row = await ctx.db.selectFrom('user_plans').selectAll().where('id', '=', userPlanId).where('user_id', '=', user.id).executeTakeFirst();
  if (!row) return null;
  if (row.status === 'FAILED') return null;
  if (row.status !== 'PENDING') return answerOfCharged(ctx, row);
  // Waiting for the shopper's 3-D Secure (Back, a resent form): paid, or the bank's page again.
  const waiting = await findWaitingCheckout(ctx, row.id);
  if (waiting) {
    const outcome = await settleWaitingCheckout(ctx, row, waiting, 'resume');
    if (outcome.status === 'charged') return outcome.created;
    if (outcome.status === 'authenticate') return outcome.authentication;
    if (outcome.status === 'failed') return null;
    throw providerUnavailable();
  }
  const settled = await settlePending(ctx, row, 'supersede');
  if (settled.status === 'charged') return answerOfCharged(ctx, { ...row, status: 'ACTIVE' });
  if (settled.status === 'failed' && settled.declined) throw checkoutDeclined(settled.declined);
  return null;
}
