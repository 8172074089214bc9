import type { ApiContext } from '../context.ts';
import type { ShopperPayment } from './provider.ts';

/**
 * Where a shopper payment's news goes (issue 34): the Stripe webhook (payment_intent.succeeded,
 * .payment_failed, .canceled, .requires_action, .processing) and the sandbox's pages and test
 * controls publish the payment **as the provider has it now** (looked up, never the event's word),
 * so a listener sees the latest state whatever order the events came in, and may see one state
 * more than once: a listener must be idempotent (e.g. "reserve the round of `orderKey` if it is
 * not reserved yet").
 *
 * This is the hook billing attaches to (docs/decisions/0091-shopper-paid-rounds.md): nothing is
 * attached yet. A listener that throws makes the webhook answer 503, so Stripe sends it again.
 */
export type ShopperPaymentListener = (ctx: ApiContext, payment: ShopperPayment) => Promise<void>;

const listeners = new WeakMap<ApiContext, Set<ShopperPaymentListener>>();

/** Attaches a listener to this context's shopper payments; the answer detaches it. */
export function onShopperPayment(ctx: ApiContext, listener: ShopperPaymentListener): () => void {
  let set = listeners.get(ctx);
  if (!set) {
    set = new Set();
    listeners.set(ctx, set);
  }
  set.add(listener);
  return () => void set.delete(listener);
}

export async function publishShopperPayment(ctx: ApiContext, payment: ShopperPayment): Promise<void> {
  ctx.logger.info({ orderKey: payment.orderKey, paymentId: payment.paymentId, method: payment.method, status: payment.status }, 'shopper payment');
  for (const listener of listeners.get(ctx) ?? []) await listener(ctx, payment);
}
