import { SHOPPER_ROUND_KEY_PREFIX } from '../../shared/shopper-payment.ts';
import type { ApiContext } from '../context.ts';
import type { ShopperPayment } from '../payment/provider.ts';
import { onShopperPayment } from '../payment/shopper-payment-events.ts';
import { returnShopperMoney } from '../payment/shopper-refund.ts';
import { settleWaitingCheckout } from './checkout-authentication.ts';

/** Why money paid for a checkout that had already ended goes back (shopper_refund_transfers.reason). */
export const LATE_CHECKOUT_PAYMENT = 'payment after the checkout ended';

const attached = new WeakSet<ApiContext>();

/**
 * The provider's news of a checkout's payment (webhook, sandbox pages; shopper-payment-events.ts)
 * settles that checkout, found by its order row's `charge_key`. A payment that succeeded for a
 * checkout that had ended (expired, declined, superseded by another tab) is never kept: PayPay is
 * refunded, konbini listed for a bank transfer. Later rounds' payments (SHOPPER_ROUND_KEY_PREFIX)
 * are billing's. Idempotent: the same news twice moves nothing twice.
 */
export function attachCheckoutShopperListener(ctx: ApiContext): void {
  if (attached.has(ctx)) return;
  attached.add(ctx);
  onShopperPayment(ctx, settleCheckoutPayment);
}

export async function settleCheckoutPayment(ctx: ApiContext, payment: ShopperPayment): Promise<void> {
  if (payment.orderKey.startsWith(SHOPPER_ROUND_KEY_PREFIX)) return;
  const row = await ctx.db.selectFrom('plan_order_histories').selectAll().where('charge_key', '=', payment.orderKey).where('origin', '=', 'checkout').executeTakeFirst();
  if (!row) return;
  const userPlan = await ctx.db.selectFrom('user_plans').selectAll().where('id', '=', row.user_plan_id).executeTakeFirstOrThrow();
  if (row.payment_status === 'BEFORE' && row.action_required_at !== null && userPlan.status === 'PENDING') {
    await settleWaitingCheckout(ctx, userPlan, row, 'notify');
    return;
  }
  // Ended unpaid (ERROR) yet paid: returned. A paid row (SUCCESS and on, or CANCEL with its own
  // refund) is the money's home already; the same news again changes nothing.
  if (payment.status !== 'succeeded' || row.payment_status !== 'ERROR') return;
  const outcome = await returnShopperMoney(ctx, {
    method: payment.method, userId: row.user_id, paymentId: payment.paymentId, orderKey: payment.orderKey,
    refundKey: `late-checkout-${payment.paymentId}`, amount: payment.amount, reason: LATE_CHECKOUT_PAYMENT, historyId: row.id,
  });
  ctx.logger.warn({ orderKey: payment.orderKey, outcome }, 'shopper payment after its checkout ended returned');
}
