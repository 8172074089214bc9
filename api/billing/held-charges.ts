import { isAuthenticationTooLate } from '../../shared/charge-authentication.ts';
import type { ApiContext } from '../context.ts';
import { providerFailure, withProviderDeadline } from '../payment/provider-deadline.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import { forEachLimited } from './billing-mails.ts';
import type { BillingScope } from './billing-scope.ts';
import { refundLateCharge, retryLateRefunds } from './late-authentication.ts';
import { loadRoundFacts } from './round-facts.ts';

type Held = { id: number; charge_key: string; charge_id: string; ship_date: Date };

/**
 * The ship date ends the wait for authentication (docs/decisions/0064-late-authentication.md):
 * each billing round still waiting has its held charge cancelled at the gateway, so no later
 * authentication can take money for a box that left without the fan. Cancelled (or nothing left
 * to cancel): the round stops waiting and stays an unpaid ERROR round. Paid just before the
 * cancel: the payment is refunded in full (late-authentication.ts). No answer: the next pass
 * asks again. Provider calls run outside any transaction, `concurrency` at a time.
 */
export async function endHeldCharges(ctx: ApiContext, concurrency: number, scope: BillingScope = {}): Promise<number> {
  const now = ctx.now();
  let query = ctx.db.selectFrom('plan_order_histories as h').innerJoin('plan_orders as po', 'po.id', 'h.plan_order_id')
    .select(['h.id', 'h.charge_key', 'h.charge_id', 'po.ship_date'])
    .where('h.origin', '=', 'billing').where('h.payment_status', '=', 'ERROR').where('h.action_required_at', 'is not', null)
    .where('h.charge_id', 'is not', null).where('po.ship_date', '<=', now);
  if (scope.roundId !== undefined) query = query.where('h.plan_order_id', '=', scope.roundId);
  if (scope.userId !== undefined) query = query.where('h.user_id', '=', scope.userId);
  const rows = (await query.orderBy('h.id').limit(1_000).execute())
    .filter((r): r is Held => r.charge_id !== null && isAuthenticationTooLate({ shipDate: r.ship_date }, now));
  let ended = 0;
  await forEachLimited(rows, concurrency, async (row) => {
    if (await endHeldCharge(ctx, row)) ended += 1;
  });
  await retryLateRefunds(ctx, scope);
  return ended;
}

async function endHeldCharge(ctx: ApiContext, row: Held): Promise<boolean> {
  const answer = await withProviderDeadline(paymentProviderOf(ctx).cancelCharge({ chargeId: row.charge_id, orderKey: row.charge_key }), (error) => {
    ctx.logger.error({ orderKey: row.charge_key, reason: providerFailure(error) }, 'held charge not cancelled; the next pass asks again');
  });
  if (answer === 'timeout') return false;
  if (answer === 'succeeded') {
    const fact = (await loadRoundFacts(ctx.db, [row.id])).get(row.id);
    return fact ? (await refundLateCharge(ctx, row, fact, row.charge_id)) === 'refunded' : false;
  }
  const now = ctx.now();
  const stopped = await ctx.db.updateTable('plan_order_histories').set({ action_required_at: null, updated_at: now })
    .where('id', '=', row.id).where('charge_key', '=', row.charge_key).where('payment_status', '=', 'ERROR').where('action_required_at', 'is not', null)
    .executeTakeFirst();
  return stopped.numUpdatedRows === 1n;
}
