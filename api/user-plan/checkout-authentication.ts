import { checkoutAuthenticationOpen, isProviderRedirect } from '../../shared/charge-authentication.ts';
import { href } from '../../shared/routes.ts';
import { paysEachRound } from '../../shared/shopper-payment.ts';
import type { ApiContext } from '../context.ts';
import { NotFoundError } from '../http/errors.ts';
import type { HistoryRow } from '../order-history/order-history.repository.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import { providerFailure, withProviderDeadline } from '../payment/provider-deadline.ts';
import { checkoutReturnUrl, endCheckout, startCheckout, type WaitingOutcome } from './checkout-settle.ts';
import { settleShopperCheckout } from './shopper-checkout.ts';
import type { UserPlanRow } from './user-plan.repository.ts';

/**
 * Checkout's 3-D Secure (issue 30, docs/decisions/0066-checkout-3-d-secure.md). The shopper is at
 * the screen, so the first round is charged on-session; a bank that asks for authentication holds
 * the charge, the subscription stays PENDING and its order row BEFORE with the held charge
 * (`charge_id`, `action_required_at`), and the shopper goes to the bank's page. The subscription
 * starts once, when the gateway says the charge succeeded, whoever asks first: the return from the
 * page, the gateway's webhook, a retry with the checkout's key (Back, a resent form), or the billing
 * pass's look-up of stranded checkouts. A held charge the shopper leaves (a new checkout of the same
 * plan, a failed page, the window's end) is cancelled at the gateway, so a page finished later takes
 * nothing; a cancellation that comes too late (it had succeeded) starts the subscription instead.
 */

const ORDER = { ja: 'お申し込み', en: 'The subscription' };

/**
 * Who asks, and what they may do with a held charge:
 * - `resume`: the checkout's own key again (Back, a resent form, a second tab's same form): paid →
 *   started; still held → the bank's page again; past the window → cancelled.
 * - `return`: the shopper back from the bank's page: paid → started; anything else → cancelled.
 * - `supersede`: a new checkout of the same plan: the held one is cancelled (or, paid, started).
 * - `sweep`: the billing pass: cancelled once the window is over, else left alone.
 * - `notify`: the gateway's webhook: paid → started; anything else left to the others.
 */
export type WaitingMode = 'resume' | 'return' | 'supersede' | 'sweep' | 'notify';

/** The order row of a PENDING checkout waiting for the shopper's authentication, if it is one. */
export async function findWaitingCheckout(ctx: ApiContext, userPlanId: number): Promise<HistoryRow | undefined> {
  return ctx.db.selectFrom('plan_order_histories').selectAll().where('user_plan_id', '=', userPlanId)
    .where('origin', '=', 'checkout').where('payment_status', '=', 'BEFORE').where('action_required_at', 'is not', null)
    .executeTakeFirst();
}

export async function settleWaitingCheckout(ctx: ApiContext, userPlan: UserPlanRow, row: HistoryRow, mode: WaitingMode): Promise<WaitingOutcome> {
  // A fan paying herself (konbini, PayPay): her payment, not a held card charge (shopper-checkout.ts).
  if (paysEachRound(row.payment_method)) return settleShopperCheckout(ctx, userPlan, row, mode);
  const held = { method: row.payment_method, heldAt: row.action_required_at ?? new Date(0), deadline: ctx.now() };
  const open = row.action_required_at !== null && checkoutAuthenticationOpen(held, ctx.now());
  if (mode === 'sweep' && open) return { status: 'waiting' };
  if (mode === 'supersede' || mode === 'sweep' || (mode === 'resume' && !open)) return cancelHeld(ctx, userPlan, row);
  const found = await ask(ctx, 'charge look-up', row, () => paymentProviderOf(ctx).findCharge(row.charge_key, row.charge_id ?? undefined));
  if (found === 'timeout' || found === null || found.status === 'pending') return { status: 'in_doubt' };
  if (found.status === 'succeeded') return startCheckout(ctx, userPlan, row, found.chargeId);
  if (mode === 'notify') return { status: 'waiting' };
  if (mode === 'resume' && found.status === 'action_required') return authenticateAgain(ctx, userPlan, row);
  return cancelHeld(ctx, userPlan, row);
}

/** The bank's page again for the same held charge (a PaymentIntent succeeds at most once). */
async function authenticateAgain(ctx: ApiContext, userPlan: UserPlanRow, row: HistoryRow): Promise<WaitingOutcome> {
  const started = await ask(ctx, 'charge authentication start', row, () => paymentProviderOf(ctx).startChargeAuthentication({
    chargeId: row.charge_id ?? '', orderKey: row.charge_key, returnUrl: checkoutReturnUrl(ctx, userPlan.id),
  }));
  if (started === 'timeout') return { status: 'in_doubt' };
  if (started.status === 'redirect' && isProviderRedirect(started.url)) return { status: 'authenticate', authentication: { authenticationUrl: started.url } };
  return cancelHeld(ctx, userPlan, row);
}

/** Cancels the held charge; one that had succeeded meanwhile starts the subscription instead. */
async function cancelHeld(ctx: ApiContext, userPlan: UserPlanRow, row: HistoryRow): Promise<WaitingOutcome> {
  const provider = paymentProviderOf(ctx);
  const cancelled = await ask(ctx, 'charge cancel', row, () => provider.cancelCharge({ chargeId: row.charge_id ?? '', orderKey: row.charge_key }));
  if (cancelled === 'timeout') return { status: 'in_doubt' };
  if (cancelled === 'succeeded') {
    const found = await ask(ctx, 'charge look-up', row, () => provider.findCharge(row.charge_key, row.charge_id ?? undefined));
    if (found === 'timeout' || found === null || found.status !== 'succeeded') return { status: 'in_doubt' };
    return startCheckout(ctx, userPlan, row, found.chargeId);
  }
  ctx.logger.info({ orderKey: row.charge_key, cancelled }, 'checkout authentication ended unpaid');
  return endCheckout(ctx, userPlan, row, 'authentication not completed');
}

async function ask<T>(ctx: ApiContext, what: string, row: HistoryRow, call: () => Promise<T>): Promise<T | 'timeout'> {
  return withProviderDeadline(call(), (error) => ctx.logger.error({ orderKey: row.charge_key, reason: providerFailure(error) }, `${what} failed`));
}

/**
 * GET /api/userPlan/authentication/return: the shopper back from the bank's page. The gateway is
 * asked (never the query string); the answer is where the browser goes: the completion page once
 * paid, else the checkout page saying what happened (`?auth=failed|pending`).
 */
export async function returnFromCheckoutAuthentication(ctx: ApiContext, userId: number, userPlanId: number): Promise<string> {
  const userPlan = await ctx.db.selectFrom('user_plans').selectAll().where('id', '=', userPlanId).where('user_id', '=', userId).executeTakeFirst();
  if (!userPlan) throw new NotFoundError(ORDER);
  const plan = await ctx.db.selectFrom('plans as p').innerJoin('artists as a', 'a.id', 'p.artist_id').select(['a.slug'])
    .where('p.id', '=', userPlan.plan_id).executeTakeFirstOrThrow();
  const where = { slug: plan.slug, planId: userPlan.plan_id };
  const waiting = userPlan.status === 'PENDING' ? await findWaitingCheckout(ctx, userPlan.id) : undefined;
  const outcome = waiting ? (await settleWaitingCheckout(ctx, userPlan, waiting, 'return')).status : userPlan.status;
  if (outcome === 'charged' || outcome === 'ACTIVE' || outcome === 'CANCELLED') return href('complete', where);
  const pending = outcome === 'in_doubt' || outcome === 'PENDING';
  // The checkout page again as the fan filled it in (the quantity), saying what happened.
  return `${href('checkout', where)}?count=${userPlan.count}&auth=${pending ? 'pending' : 'failed'}`;
}

/** The gateway's webhook for a checkout's held charge: true when it found it paid (and started it). */
export async function settleCheckoutFromEvent(ctx: ApiContext, userPlanId: number): Promise<boolean> {
  const userPlan = await ctx.db.selectFrom('user_plans').selectAll().where('id', '=', userPlanId).where('status', '=', 'PENDING').executeTakeFirst();
  const waiting = userPlan ? await findWaitingCheckout(ctx, userPlan.id) : undefined;
  if (!userPlan || !waiting) return false;
  return (await settleWaitingCheckout(ctx, userPlan, waiting, 'notify')).status === 'charged';
}
