import { isAuthenticationTooLate } from '../../shared/charge-authentication.ts';
import type { ApiContext } from '../context.ts';
import { providerFailure, withProviderDeadline } from '../payment/provider-deadline.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import { record } from './charge-rounds.ts';
import { refundLateCharge } from './late-authentication.ts';
import { loadRoundFacts } from './round-facts.ts';
import { settleCheckoutFromEvent } from '../user-plan/checkout-authentication.ts';

/** 'refunded': paid too late for its round, so refunded in full (late-authentication.ts). */
export type SettleOutcome = 'paid' | 'declined' | 'unchanged' | 'in_doubt' | 'unknown' | 'refunded';

/**
 * Brings a round's charge in line with the gateway, by its order key: the gateway is asked
 * (`findCharge`), never an event's or a query string's word. Used by the webhook (a payment
 * succeeded or failed) and by the return from the gateway's authentication page. Safe to call
 * any number of times, in any order: the guarded update of `record` (api/billing/charge-rounds.ts)
 * moves a row once, and its mail is keyed.
 */
export async function settleChargeByKey(ctx: ApiContext, orderKey: string, chargeId?: string): Promise<SettleOutcome> {
  const row = await ctx.db.selectFrom('plan_order_histories')
    .select(['id', 'charge_key', 'attempts', 'claims', 'origin', 'payment_status', 'action_required_at', 'charge_id', 'user_plan_id'])
    .where('charge_key', '=', orderKey).executeTakeFirst();
  if (!row) return 'unknown';
  // A checkout waiting for its shopper's 3-D Secure: the webhook may be the first to know it was paid.
  if (row.origin === 'checkout' && row.payment_status === 'BEFORE' && row.action_required_at !== null) {
    return (await settleCheckoutFromEvent(ctx, row.user_plan_id)) ? 'paid' : 'unchanged';
  }
  // Checkout's rows are settled by the request that made them, or by settle-pending.ts after a crash.
  // A round waiting for the shopper's authentication (ERROR with action_required_at) is settled too:
  // paid once authenticated (ERROR → SUCCESS, guarded in `record`).
  const waiting = row.payment_status === 'ERROR' && row.action_required_at !== null;
  if (row.origin !== 'billing' || (row.payment_status !== 'BEFORE' && !waiting)) return 'unchanged';
  // The charge id (the webhook's PaymentIntent, or one kept on the row) spares a gateway's search.
  const found = await withProviderDeadline(paymentProviderOf(ctx).findCharge(orderKey, chargeId ?? row.charge_id ?? undefined), (error) => {
    ctx.logger.error({ orderKey, reason: providerFailure(error) }, 'charge look-up failed');
  });
  if (found === 'timeout' || found === null || found.status === 'pending') return 'in_doubt';
  // Still waiting, or declined after all: the waiting round stays as it is (its retry rules run on).
  if (waiting && found.status !== 'succeeded') return found.status === 'action_required' ? 'unchanged' : 'declined';
  const fact = (await loadRoundFacts(ctx.db, [row.id])).get(row.id);
  // The shop holds this key ('unknown' would have the webhook refund it as an orphan): leave it.
  if (!fact) return 'unchanged';
  // Paid after the round's ship date: the box left without the fan; refunded, never recorded paid.
  if (waiting && isAuthenticationTooLate({ shipDate: fact.ship_date }, ctx.now())) return refundLateCharge(ctx, row, fact, found.chargeId);
  const outcome = await record(ctx, row, fact, found);
  return outcome === 'charged' ? 'paid' : outcome === 'declined' ? 'declined' : 'unchanged';
}
