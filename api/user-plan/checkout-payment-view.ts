import type { CheckoutPayment } from '../../shared/api/types.ts';
import { shopperMethodOf } from '../../shared/shopper-payment.ts';
import type { ApiContext } from '../context.ts';
import { NotFoundError } from '../http/errors.ts';
import type { ShopperPayment } from '../payment/provider.ts';
import { paymentProviderOf } from '../payment/provider-of.ts';
import { findWaitingCheckout, settleWaitingCheckout } from './checkout-authentication.ts';

const PAYMENT = { ja: 'お支払い', en: 'The payment' };

const STATE_OF = { charged: 'paid', authenticate: 'awaiting', failed: 'ended', in_doubt: 'pending', waiting: 'pending' } as const;

/**
 * GET /api/userPlan/:id/checkoutPayment: the voucher page's data (issue 34). A checkout still
 * waiting is asked at the provider first (`resume`: paid → started; expired → ended), so the page
 * never shows a number that can no longer be paid.
 */
export async function checkoutPaymentOf(ctx: ApiContext, userId: number, userPlanId: number): Promise<CheckoutPayment> {
  const userPlan = await ctx.db.selectFrom('user_plans').selectAll().where('id', '=', userPlanId).where('user_id', '=', userId).executeTakeFirst();
  const row = userPlan && await ctx.db.selectFrom('plan_order_histories').selectAll().where('user_plan_id', '=', userPlan.id)
    .where('origin', '=', 'checkout').orderBy('id').executeTakeFirst();
  const method = row ? shopperMethodOf(row.payment_method) : null;
  if (!userPlan || !row || !method) throw new NotFoundError(PAYMENT);
  const waiting = userPlan.status === 'PENDING' ? await findWaitingCheckout(ctx, userPlan.id) : undefined;
  const state = waiting ? STATE_OF[(await settleWaitingCheckout(ctx, userPlan, waiting, 'resume')).status]
    : userPlan.status === 'FAILED' || row.payment_status === 'ERROR' ? 'ended' : 'paid';
  const payment = state === 'awaiting' ? await paymentProviderOf(ctx).findShopperPayment({ orderKey: row.charge_key }) : null;
  const plan = await ctx.db.selectFrom('plans as p').innerJoin('artists as a', 'a.id', 'p.artist_id')
    .select(['a.slug', 'a.name as artistName', 'p.name', 'p.name_en']).where('p.id', '=', userPlan.plan_id).executeTakeFirstOrThrow();
  return {
    state, method, userPlanId: userPlan.id, slug: plan.slug, planId: userPlan.plan_id, planName: plan.name, planNameEn: plan.name_en,
    artistName: plan.artistName, count: userPlan.count, amount: row.total, ...pageOf(payment), testMode: paymentProviderOf(ctx).testMode,
  };
}

function pageOf(payment: ShopperPayment | null): Pick<CheckoutPayment, 'voucher' | 'redirectUrl'> {
  const voucher = payment?.voucher ? { number: payment.voucher.number ?? null, expiresAt: payment.voucher.expiresAt.toISOString(), url: payment.voucher.url } : null;
  return { voucher, redirectUrl: payment?.redirectUrl ?? null };
}
