import type { CheckoutAuthentication, CurrentUser, UserPlanCreated } from '../../shared/api/types.ts';
import { roundCharge, type RoundCharge } from '../../shared/money.ts';
import { describeCharge } from '../../shared/price-display.ts';
import { SUBSCRIPTION_MESSAGES as M, totalChangedText } from '../../shared/subscription-messages.ts';
import { hasDeliveryAddress, issueLabel } from '../../shared/subscription-rules.ts';
import type { ApiContext } from '../context.ts';
import { DomainError } from '../http/errors.ts';
import { nextHistoryId, reserveHistory, type HistoryRow } from '../order-history/order-history.repository.ts';
import { getPlan } from '../plan/plan.service.ts';
import { chargeSourceOf, type ChargeSource } from './payment-source.ts';
import { chargeReserved, isCheckoutDecline } from './round-charge.ts';
import { CHECKOUT_AUTHENTICATION_REQUIRED, isProviderRedirect } from '../../shared/charge-authentication.ts';
import { checkoutReturnUrl, settleWaitingCheckout } from './checkout-authentication.ts';
import { settleStalePending } from './settle-pending.ts';
import { checkoutAnswer } from './checkout-answer.ts';
import { recordKeyPlan } from './idempotency.ts';
import type { ChargeStatus } from '../payment/provider.ts';
import { insertUserPlan, isUniqueViolation, updateUserPlan, type UserPlanRow } from './user-plan.repository.ts';

export interface SubscribeInput {
  planId: number;
  count: number;
  /** What the page showed; another total is refused before anything is reserved. */
  expectedTotal?: number | undefined;
}

/** What checkout refuses before anything is reserved, in the order a shopper would fix it. */
async function checkout(ctx: ApiContext, user: CurrentUser, input: SubscribeInput) {
  const now = ctx.now();
  const plan = await getPlan(ctx.db, input.planId, now, 'public');
  if (plan.artist.isClose) throw new DomainError(409, 'ARTIST_CLOSED', M.artistClosed);
  const round = plan.currentOrder;
  if (!round) throw new DomainError(409, 'NO_OPEN_ROUND', M.noOpenRound);
  if (!hasDeliveryAddress(user)) throw new DomainError(409, 'ADDRESS_REQUIRED', M.addressRequired);
  // The round's own price: a price change made while it is open applies from a later round.
  const money = roundCharge(round, input.count, user.paymentMethod === 'GMOAB', now);
  if (input.expectedTotal !== undefined && input.expectedTotal !== money.total) throw totalChanged(money, input.count, plan.period);
  const source = await chargeSourceOf(ctx, user, money.total);
  return { plan, round, money, source };
}

/**
 * POST /api/userPlan: the subscription and the charge of the open round. The rows are reserved
 * in one transaction (the unique indexes stop a second subscription or charge), the provider is
 * called outside it, and the answer recorded after. A declined charge leaves no subscription. A
 * bank that asks for 3-D Secure answers the page to send the shopper to; the subscription starts
 * when that charge succeeds (checkout-authentication.ts).
 * `key`, the request's idempotency key, is told the subscription in the reservation's transaction
 * (a retry after a crash settles it, checkout-recovery.ts). The confirmation mail is the
 * caller's, after it stored the answer (user-plan.router.ts).
 */
export async function subscribe(ctx: ApiContext, user: CurrentUser, input: SubscribeInput, key?: string): Promise<UserPlanCreated | CheckoutAuthentication> {
  const { plan, round, money, source } = await checkout(ctx, user, input);
  await settleStalePending(ctx, user.id, input.planId);
  const { userPlan, history } = await reserve(ctx, user, input, round.id, money, source, key);
  const description = `${plan.artist.name} ${plan.name} ${issueLabel(round).ja}`.slice(0, 100);
  // The shopper is at the screen: on-session, so a bank that asks for 3-D Secure shows its page.
  const result = await chargeReserved(ctx, history, source.source, description, checkoutReturnUrl(ctx, userPlan.id));
  const page = result.status === 'action_required' ? result.authenticationUrl : undefined;
  // The subscription stays PENDING until the held charge succeeds (checkout-authentication.ts).
  if (page && isProviderRedirect(page)) return { authenticationUrl: page };
  if (page) {
    ctx.logger.error({ orderKey: history.charge_key }, 'checkout authentication page outside the gateway refused');
    await settleWaitingCheckout(ctx, userPlan, { ...history, charge_id: result.chargeId, action_required_at: ctx.now() }, 'supersede');
    throw checkoutDeclined('action_required');
  }
  if (isCheckoutDecline(result)) {
    await updateUserPlan(ctx.db, userPlan.id, { status: 'FAILED' }, ctx.now());
    throw checkoutDeclined(result.status);
  }
  await updateUserPlan(ctx.db, userPlan.id, { status: 'ACTIVE' }, ctx.now());
  const charged = { ...history, payment_status: result.status === 'succeeded' ? 'SUCCESS' : 'BEFORE' };
  return checkoutAnswer(ctx, { ...userPlan, status: 'ACTIVE' }, charged, round);
}

/** The 409 of a checkout whose page showed another total: the message names the amount now. */
function totalChanged(money: RoundCharge, count: number, period: number): DomainError {
  const text = totalChangedText(describeCharge(money, { count, period }));
  return new DomainError(409, 'TOTAL_CHANGED', text, { expectedTotal: text });
}

/** The 402 of a checkout whose charge did not go through (round-charge.ts `isCheckoutDecline`). */
export const checkoutDeclined = (status: ChargeStatus): DomainError =>
  new DomainError(402, 'PAYMENT_DECLINED', status === 'action_required' ? CHECKOUT_AUTHENTICATION_REQUIRED : M.declined);

async function reserve(
  ctx: ApiContext,
  user: CurrentUser,
  input: SubscribeInput,
  roundId: number,
  money: ReturnType<typeof roundCharge>,
  source: ChargeSource,
  key: string | undefined,
): Promise<{ userPlan: UserPlanRow; history: HistoryRow }> {
  const now = ctx.now();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const userPlan = await insertUserPlan(trx, { user_id: user.id, plan_id: input.planId, count: input.count, now });
      const history = await reserveHistory(trx, await nextHistoryId(trx), {
        user_id: user.id, user_plan_id: userPlan.id, plan_order_id: roundId, plan_id: input.planId,
        payment_method: source.method, count: input.count,
        price: money.price, pre_tax_price: money.preTaxPrice, ship_fee: money.shipFee, pre_tax_ship_fee: money.preTaxShipFee,
        fee: money.fee, pre_tax_fee: money.preTaxFee, total: money.total,
        ship_src_name: ctx.mailer.brand, ship_zip: user.zip, ship_address: user.address, ship_address2: user.address2,
        ship_dest_name: user.name, ship_tel: user.tel, created_at: now, updated_at: now,
      });
      if (key) await recordKeyPlan(trx, user.id, key, userPlan.id);
      return { userPlan, history };
    });
  } catch (error) {
    // Another tab or key got there first: one subscription per plan (user_plans_one_live).
    if (isUniqueViolation(error)) throw new DomainError(409, 'ALREADY_SUBSCRIBED', M.alreadySubscribed);
    throw error;
  }
}
