import type { ShopperPaymentMethod } from '../../shared/shopper-payment.ts';
import type { ApiContext } from '../context.ts';
import type { Db } from '../db/schema.ts';
import { paymentProviderOf } from './provider-of.ts';
import { providerFailure, withProviderDeadline } from './provider-deadline.ts';

/**
 * How money a fan paid herself (konbini, PayPay) goes back (issue 34, decision 0093):
 * - `refunded` / `pending` / `failed`: PayPay, through the provider, once per `refundKey` (a
 *   lost answer is `pending`: ask again under the same key, never a new one);
 * - `transfer`: konbini, which the provider cannot refund: the amount is listed in
 *   `shopper_refund_transfers` for support to return by bank transfer (once per payment and reason).
 */
export type ShopperReturnOutcome = 'refunded' | 'pending' | 'failed' | 'transfer';

export interface ShopperReturn {
  method: ShopperPaymentMethod;
  userId: number;
  paymentId: string;
  orderKey: string;
  refundKey: string;
  amount: number;
  /** Why (stored with a konbini transfer, ≤ 500 characters): e.g. 'late payment of a lapsed round'. */
  reason: string;
  historyId?: number | null;
  requestId?: number | null;
}

export async function returnShopperMoney(ctx: ApiContext, money: ShopperReturn, db: Db = ctx.db): Promise<ShopperReturnOutcome> {
  if (money.amount <= 0) return 'refunded';
  if (money.method === 'konbini') {
    await recordTransfer(ctx, money, db);
    return 'transfer';
  }
  const answer = await withProviderDeadline(
    paymentProviderOf(ctx).refundShopperPayment({ refundKey: money.refundKey, orderKey: money.orderKey, paymentId: money.paymentId, amount: money.amount }),
    (error) => ctx.logger.error({ orderKey: money.orderKey, reason: providerFailure(error) }, 'shopper refund failed'),
  );
  if (answer === 'timeout') return 'pending';
  if (answer.status === 'not_refundable') {
    // The provider says it cannot: the shop returns it by transfer rather than keep it.
    await recordTransfer(ctx, money, db);
    return 'transfer';
  }
  return answer.status;
}

async function recordTransfer(ctx: ApiContext, money: ShopperReturn, db: Db): Promise<void> {
  await db.insertInto('shopper_refund_transfers').values({
    user_id: money.userId, history_id: money.historyId ?? null, request_id: money.requestId ?? null,
    payment_id: money.paymentId, amount: money.amount, reason: money.reason.slice(0, 500), created_at: ctx.now(),
  }).onConflict((oc) => oc.columns(['payment_id', 'reason']).doNothing()).execute();
  ctx.logger.info({ orderKey: money.orderKey, amount: money.amount }, 'konbini payment listed for a bank transfer');
}
