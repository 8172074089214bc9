import { DEFERRED_OFF_MESSAGE, deferredPaymentOffered, mustLeaveDeferred } from '../../shared/deferred-switch.ts';
import type { CurrentUser } from '../../shared/api/types.ts';
import { paysEachRound, SHOPPER_METHOD_OF, shopperMethodOf, type ShopperPaymentMethod } from '../../shared/shopper-payment.ts';
import { SUBSCRIPTION_MESSAGES as M } from '../../shared/subscription-messages.ts';
import type { ApiContext } from '../context.ts';
import { DomainError } from '../http/errors.ts';
import type { ChargeRequest, DeferredBuyer } from '../payment/provider.ts';
import { assertDeferredLimit } from '../payment/deferred.service.ts';
import { cardTokenOf } from '../payment/payment.service.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';

/** What a round is charged to: the method (for the records) and the provider's source. */
export interface ChargeSource {
  method: 'CARD' | 'GMOAB';
  source: ChargeRequest['source'];
}

/** Nothing to charge: the fan pays the round herself (issue 34, shopper-checkout.ts). */
export interface ShopperSource {
  method: 'KONBINI' | 'PAYPAY';
  source: { kind: 'shopper'; method: ShopperPaymentMethod };
}

/** Checkout's source: a fan who pays each round herself has no charge source, only her method. */
export async function checkoutSourceOf(ctx: ApiContext, user: CurrentUser, amount: number): Promise<ChargeSource | ShopperSource> {
  const shopper = shopperMethodOf(user.paymentMethod);
  if (shopper) return { method: SHOPPER_METHOD_OF[shopper], source: { kind: 'shopper', method: shopper } };
  return chargeSourceOf(ctx, user, amount);
}

const methodRequired = () => new DomainError(409, 'PAYMENT_METHOD_REQUIRED', M.paymentMethodRequired);

/**
 * The shopper's payment method as a charge source, or a 409 naming the fix. GMOAB purchases pass
 * screening and the cumulative limit first.
 */
export async function chargeSourceOf(ctx: ApiContext, user: CurrentUser, amount: number): Promise<ChargeSource> {
  if (user.paymentMethod === 'CARD') {
    const token = await cardTokenOf(ctx, user.id);
    if (!token) throw methodRequired();
    return { method: 'CARD', source: { kind: 'card', token } };
  }
  // A konbini/PayPay fan is never charged by the shop: a paid round keeps its terms (issue 34).
  if (paysEachRound(user.paymentMethod)) throw new DomainError(409, 'SELF_PAID_ROUND', M.selfPaidRoundFixed);
  if (mustLeaveDeferred(user.paymentMethod, deferredPaymentOffered(ctx.deferredPayment))) throw new DomainError(409, 'PAYMENT_METHOD_REQUIRED', DEFERRED_OFF_MESSAGE);
  if (user.paymentMethod === 'GMOAB') return { method: 'GMOAB', source: { kind: 'deferred', buyer: await deferredBuyer(ctx, user, amount) } };
  throw methodRequired();
}


/**
 * Screening runs once, when GMOAB is first used: an earlier result on record (H7's
 * `deferred_screenings`) stands; without one the provider screens this purchase.
 */
async function screeningOf(ctx: ApiContext, buyer: DeferredBuyer, amount: number) {
  const earlier = await ctx.db.selectFrom('deferred_screenings').select(['approved', 'reason']).where('user_id', '=', buyer.userId).executeTakeFirst();
  if (earlier?.approved) return { approved: true };
  return paymentProviderOf(ctx).screenDeferred({ ...buyer, amount });
}

async function deferredBuyer(ctx: ApiContext, user: CurrentUser, amount: number): Promise<DeferredBuyer> {
  const buyer: DeferredBuyer = {
    userId: user.id, name: user.name, tel: user.tel, birthday: user.birthday ?? '', zip: user.zip,
    address: `${user.address} ${user.address2}`, email: user.email,
  };
  // The 55,000 yen cumulative limit, counted over this table's live GMOAB charges (H7's rule).
  await assertDeferredLimit(ctx.db, user.id, amount);
  const screening = await screeningOf(ctx, buyer, amount);
  if (!screening.approved) {
    throw new DomainError(402, 'PAYMENT_DECLINED', {
      ja: `GMO後払いの審査が通りませんでした。${screening.reason ?? ''}「お支払い方法の設定」でクレジットカードに変更してください。`,
      en: `GMO deferred payment screening was not approved. ${screening.reasonEn ?? ''} Switch to a credit card under "Payment method".`,
    });
  }
  return buyer;
}
