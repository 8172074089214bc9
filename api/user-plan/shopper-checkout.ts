import type { CheckoutAuthentication, CurrentUser } from '../../shared/api/types.ts';
import { checkoutAuthenticationOpen, isProviderRedirect } from '../../shared/charge-authentication.ts';
import { href } from '../../shared/routes.ts';
import { SHOPPER_CHECKOUT_ENDED, SHOPPER_CHECKOUT_TOO_LATE } from '../../shared/shopper-checkout.ts';
import type { ShopperPaymentMethod } from '../../shared/shopper-payment.ts';
import type { ApiContext } from '../context.ts';
import { DomainError } from '../http/errors.ts';
import { updateHistory, type HistoryRow } from '../order-history/order-history.repository.ts';
import type { ShopperPayment } from '../payment/provider.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import { providerFailure, withProviderDeadline } from '../payment/provider-deadline.ts';
import { checkoutReturnUrl, endCheckout, startCheckout, type WaitingOutcome } from './checkout-settle.ts';
import { sendCheckoutVoucherMail } from './checkout-voucher-mail.ts';
import { providerUnavailable } from './provider-errors.ts';
import type { UserPlanRow } from './user-plan.repository.ts';

/**
 * Checkout of a fan who pays each round herself (issue 34, docs/decisions/0093): nothing is
 * charged. The subscription is reserved PENDING with its first order row BEFORE and
 * `action_required_at` (a held checkout, like 3-D Secure's), the payment is created at the provider
 * under the row's `charge_key`, and the fan goes to pay: konbini, the shop's voucher page (and a
 * mail); PayPay, its page, which comes back to the shop. Whoever learns the outcome first settles it
 * through `settleShopperCheckout` (called by checkout-authentication.ts `settleWaitingCheckout`).
 */

export interface ShopperCheckoutStart {
  user: CurrentUser;
  userPlan: UserPlanRow;
  history: HistoryRow;
  method: ShopperPaymentMethod;
  /** The round's order deadline: a voucher expires no later; PayPay is payable until then. */
  deadline: Date;
  description: string;
}

/** Creates the payment of a reserved checkout: where the fan goes, or a refusal that leaves nothing reserved. */
export async function startShopperCheckout(ctx: ApiContext, start: ShopperCheckoutStart): Promise<CheckoutAuthentication> {
  const { user, userPlan, history, method } = start;
  const payment = await ask(ctx, 'shopper payment', history, () => paymentProviderOf(ctx).createShopperPayment({
    orderKey: history.charge_key, userId: user.id, amount: history.total, description: start.description.slice(0, 22), method,
    payBy: start.deadline, returnUrl: checkoutReturnUrl(ctx, userPlan.id), email: user.email, name: user.name,
  }));
  // No answer: the row waits; the same form again (its key) or the billing pass asks the provider.
  if (payment === 'timeout') throw providerUnavailable();
  if (!payment.paymentId) {
    await endCheckout(ctx, userPlan, history, 'too late to pay');
    throw new DomainError(402, 'PAYMENT_DECLINED', SHOPPER_CHECKOUT_TOO_LATE);
  }
  const outcome = await answerPayment(ctx, userPlan, history, payment, 'resume');
  if (outcome.status === 'authenticate') return outcome.authentication;
  if (outcome.status === 'in_doubt') throw providerUnavailable();
  throw new DomainError(402, 'PAYMENT_DECLINED', SHOPPER_CHECKOUT_ENDED[method]);
}

export type ShopperMode = 'resume' | 'return' | 'supersede' | 'sweep' | 'notify';

/**
 * A held checkout paid by the fan, asked as `mode` says (checkout-authentication.ts): paid →
 * started; still payable → its page again (`resume`); ended (expired, declined, cancelled), left
 * (a new checkout of the plan) or past the payment's life → ended unpaid, cancelled at the provider.
 */
export async function settleShopperCheckout(ctx: ApiContext, userPlan: UserPlanRow, row: HistoryRow, mode: ShopperMode): Promise<WaitingOutcome> {
  const open = await isOpen(ctx, row);
  if (mode === 'sweep' && open) return { status: 'waiting' };
  if (mode === 'supersede' || mode === 'sweep') return cancelPayment(ctx, userPlan, row);
  const found = await ask(ctx, 'shopper payment look-up', row, () => paymentProviderOf(ctx).findShopperPayment({ orderKey: row.charge_key, ...(row.charge_id ? { paymentId: row.charge_id } : {}) }));
  if (found === 'timeout') return { status: 'in_doubt' };
  // Never created (the process stopped before the provider's answer): nothing to pay, nothing taken.
  if (found === null) return mode === 'notify' ? { status: 'waiting' } : endCheckout(ctx, userPlan, row, 'payment never created');
  if (!open && found.status === 'awaiting_payment') return cancelPayment(ctx, userPlan, row);
  return answerPayment(ctx, userPlan, row, found, mode);
}

/** What the provider's payment means for the checkout. */
async function answerPayment(ctx: ApiContext, userPlan: UserPlanRow, row: HistoryRow, payment: ShopperPayment, mode: ShopperMode): Promise<WaitingOutcome> {
  if (payment.status === 'succeeded') return startCheckout(ctx, userPlan, row, payment.paymentId);
  if (payment.status === 'processing') return { status: 'in_doubt' };
  if (payment.status !== 'awaiting_payment') return endCheckout(ctx, userPlan, row, `payment ${payment.status}`);
  if (mode === 'notify') return { status: 'waiting' };
  // Back from PayPay's page without paying: left, like a failed 3-D Secure page.
  if (mode === 'return') return cancelPayment(ctx, userPlan, row);
  if (row.charge_id !== payment.paymentId) await updateHistory(ctx.db, row.id, { charge_id: payment.paymentId }, ctx.now());
  const page = payment.method === 'konbini' ? href('checkoutPayment', { userPlanId: userPlan.id }) : payment.redirectUrl;
  if (!page || !isProviderRedirect(page)) {
    ctx.logger.error({ orderKey: row.charge_key }, 'shopper payment page outside the gateway refused');
    return cancelPayment(ctx, userPlan, row);
  }
  if (payment.method === 'konbini') await sendCheckoutVoucherMail(ctx, userPlan, row, payment);
  return { status: 'authenticate', authentication: { authenticationUrl: page } };
}

/** Cancels the payment so nothing can be paid on it later; one paid meanwhile starts the subscription instead. */
async function cancelPayment(ctx: ApiContext, userPlan: UserPlanRow, row: HistoryRow): Promise<WaitingOutcome> {
  const provider = paymentProviderOf(ctx);
  const ref = { orderKey: row.charge_key, paymentId: row.charge_id ?? '' };
  const found = row.charge_id ? null : await ask(ctx, 'shopper payment look-up', row, () => provider.findShopperPayment({ orderKey: row.charge_key }));
  if (found === 'timeout') return { status: 'in_doubt' };
  const paymentId = row.charge_id ?? found?.paymentId;
  if (!paymentId) return endCheckout(ctx, userPlan, row, 'payment never created');
  const cancelled = await ask(ctx, 'shopper payment cancel', row, () => provider.cancelShopperPayment({ ...ref, paymentId }));
  if (cancelled === 'timeout' || cancelled?.status === 'processing') return { status: 'in_doubt' };
  if (cancelled?.status === 'succeeded') return startCheckout(ctx, userPlan, row, cancelled.paymentId);
  ctx.logger.info({ orderKey: row.charge_key, status: cancelled?.status ?? 'unknown' }, 'shopper checkout ended unpaid');
  return endCheckout(ctx, userPlan, row, `payment ${cancelled?.status ?? 'canceled'}`);
}

/** Whether the payment may still be made: shared/charge-authentication.ts's one window, by method. */
async function isOpen(ctx: ApiContext, row: HistoryRow): Promise<boolean> {
  if (!row.action_required_at) return false;
  const round = await ctx.db.selectFrom('plan_orders').select('end_date').where('id', '=', row.plan_order_id).executeTakeFirstOrThrow();
  return checkoutAuthenticationOpen({ method: row.payment_method, heldAt: row.action_required_at, deadline: new Date(round.end_date) }, ctx.now());
}

async function ask<T>(ctx: ApiContext, what: string, row: HistoryRow, call: () => Promise<T>): Promise<T | 'timeout'> {
  return withProviderDeadline(call(), (error) => ctx.logger.error({ orderKey: row.charge_key, reason: providerFailure(error) }, `${what} failed`));
}
