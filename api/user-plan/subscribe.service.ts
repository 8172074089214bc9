import type { CheckoutAuthentication, CurrentUser, UserPlanCreated } from '../../shared/api/types.ts';
import { roundCharge, type RoundCharge } from '../../shared/money.ts';
import { describeCharge } from '../../shared/price-display.ts';
import { SUBSCRIPTION_MESSAGES as M, totalChangedText } from '../../shared/subscription-messages.ts';
import { hasDeliveryAddress, issueLabel } from '../../shared/subscription-rules.ts';
import type { ApiContext } from '../context.ts';
import { isParcelFeeViolation, parcelHolder, parcelKeyOf } from '../billing/parcel-fee.ts';
import { parcelFeeDecision, PARCEL_WAIT_MS, withParcelShipping, type ParcelFeeHolder } from '../../shared/parcel.ts';
import { DomainError } from '../http/errors.ts';
import { nextHistoryId, reserveHistory, updateHistory, type HistoryRow } from '../order-history/order-history.repository.ts';
import { getPlan } from '../plan/plan.service.ts';
import { checkoutSourceOf, type ChargeSource, type ShopperSource } from './payment-source.ts';
import { startShopperCheckout } from './shopper-checkout.ts';
import { chargeReserved, isCheckoutDecline } from './round-charge.ts';
import { CHECKOUT_AUTHENTICATION_REQUIRED, isProviderRedirect } from '../../shared/charge-authentication.ts';
import { settleWaitingCheckout } from './checkout-authentication.ts';
import { checkoutReturnUrl } from './checkout-settle.ts';
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
  // The round's own price: a price change made while it is open applies from a later round. Its
  // shipping is the parcel's (shared/parcel.ts): none when another paid box of the fan's parcel
  // carries the fee; a carrier still being charged is waited for a moment, never guessed.
  const parcel = parcelKeyOf(ctx, round.shipDate);
  const holder = await settledParcelHolder(ctx, user.id, parcel);
  if (holder === 'in-flight') throw parcelBusy();
  const carries = parcelFeeDecision(holder) === 'fee';
  const money = withParcelShipping(roundCharge(round, input.count, user.paymentMethod === 'GMOAB', now), carries);
  if (input.expectedTotal !== undefined && input.expectedTotal !== money.total) throw totalChanged(money, input.count, plan.period);
  const source = await checkoutSourceOf(ctx, user, money.total);
  return { plan, round, money, source, parcel: { key: parcel, carries } };
}

/** The parcel's carrier, waited for up to PARCEL_WAIT_MS while its charge is in flight. */
async function settledParcelHolder(ctx: ApiContext, userId: number, key: string): Promise<ParcelFeeHolder> {
  const until = Date.now() + PARCEL_WAIT_MS;
  for (;;) {
    const holder = await parcelHolder(ctx.db, userId, key);
    if (holder !== 'in-flight' || Date.now() >= until) return holder;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The checkout page's forecast (GET /api/userPlan/count/:planId): whether the open round's box
 * would join a parcel of the fan's whose shipping another box carries (paid, or being charged),
 * so the page shows the amount without shipping and 「同梱で送料 ¥660 お得」. The charge decides
 * again (checkout above); a page that showed another amount charges nothing.
 */
export async function joinsCarriedParcel(ctx: ApiContext, userId: number, planId: number): Promise<boolean> {
  const plan = await getPlan(ctx.db, planId, ctx.now(), 'public').catch(() => null);
  const round = plan?.currentOrder;
  if (!round) return false;
  return (await parcelHolder(ctx.db, userId, parcelKeyOf(ctx, round.shipDate))) !== 'none';
}

/** The 409 of a checkout whose parcel's carrier is still being charged: try again in a moment. */
const parcelBusy = () => new DomainError(409, 'PARCEL_IN_FLIGHT', M.parcelInFlight);

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
  // Another tab's application of this plan first (its held charge cancelled, or, paid, started):
  // its box is this one, and the parcel's shipping is priced without it in doubt.
  await settleStalePending(ctx, user.id, input.planId);
  const { plan, round, money, source, parcel } = await checkout(ctx, user, input);
  const { userPlan, history } = await reserve(ctx, user, input, { roundId: round.id, parcel, period: plan.period }, money, source, key);
  const description = `${plan.artist.name} ${plan.name} ${issueLabel(round).ja}`.slice(0, 100);
  // Nothing to charge: the fan pays the first round herself, now (shopper-checkout.ts).
  if (source.source.kind === 'shopper') {
    return startShopperCheckout(ctx, { user, userPlan, history, method: source.source.method, deadline: new Date(round.endDate), description: `${plan.artist.name} ${issueLabel(round).ja}` });
  }
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
  at: { roundId: number; parcel: { key: string; carries: boolean }; period: number },
  money: ReturnType<typeof roundCharge>,
  source: ChargeSource | ShopperSource,
  key: string | undefined,
): Promise<{ userPlan: UserPlanRow; history: HistoryRow }> {
  const now = ctx.now();
  try {
    const { roundId, parcel } = at;
    return await ctx.db.transaction().execute(async (trx) => {
      // The parcel as the amount was priced: a carrier declined or paid meanwhile changes the
      // amount, and nothing is charged that the page did not show (the unique index guards the rest).
      const holder = await parcelHolder(trx, user.id, parcel.key);
      if (holder === 'in-flight') throw parcelBusy();
      if ((parcelFeeDecision(holder) === 'fee') !== parcel.carries) {
        throw totalChanged(withParcelShipping(money, !parcel.carries), input.count, at.period);
      }
      const userPlan = await insertUserPlan(trx, { user_id: user.id, plan_id: input.planId, count: input.count, now });
      const history = await reserveHistory(trx, await nextHistoryId(trx), {
        user_id: user.id, user_plan_id: userPlan.id, plan_order_id: roundId, plan_id: input.planId,
        payment_method: source.method, count: input.count,
        price: money.price, pre_tax_price: money.preTaxPrice, ship_fee: money.shipFee, pre_tax_ship_fee: money.preTaxShipFee,
        fee: money.fee, pre_tax_fee: money.preTaxFee, total: money.total,
        ship_src_name: ctx.mailer.brand, ship_zip: user.zip, ship_address: user.address, ship_address2: user.address2,
        ship_dest_name: user.name, ship_tel: user.tel, created_at: now, updated_at: now,
        parcel_key: parcel.key, carries_fee: parcel.carries,
      });
      if (key) await recordKeyPlan(trx, user.id, key, userPlan.id);
      // A fan paying herself: held from the start (found by settleWaitingCheckout even if the
      // process stops before the provider answers).
      if (source.source.kind === 'shopper') {
        await updateHistory(trx, history.id, { action_required_at: now }, now);
        return { userPlan, history: { ...history, action_required_at: now } };
      }
      return { userPlan, history };
    });
  } catch (error) {
    // Another charge of the parcel took its fee just now: its answer decides this amount.
    if (isParcelFeeViolation(error)) throw parcelBusy();
    // Another tab or key got there first: one subscription per plan (user_plans_one_live).
    if (isUniqueViolation(error)) throw new DomainError(409, 'ALREADY_SUBSCRIBED', M.alreadySubscribed);
    throw error;
  }
}
