import Stripe from 'stripe';
import { canRequestShopperPayment, isRefundableByProvider, KONBINI_NOT_REFUNDABLE, konbiniVoucherExpiry, type ShopperPaymentMethod } from '../../../shared/shopper-payment.ts';
import type { ShopperPayment, ShopperPaymentRequest, ShopperPaymentStatus, ShopperRefundResult } from '../provider.ts';
import { findIntent, retrieveIntent } from './stripe-charges.ts';
import { refundCharge } from './stripe-refunds.ts';

/** Metadata that marks a PaymentIntent as a round paid by the shopper (the webhook routes it by this). */
export const SHOPPER_PAYMENT_KIND = 'shopper';

/** Stripe's code on a konbini PaymentIntent whose voucher expired unpaid. */
const EXPIRED_CODE = 'payment_intent_payment_attempt_expired';

/** Stripe's konbini `product_description`: at most 22 characters, shown at the store. */
const productDescription = (text: string): string => [...text].slice(0, 22).join('');

/**
 * A PaymentIntent the shopper pays herself, created and confirmed at once with the order key as
 * Idempotency-Key. Konbini: https://docs.stripe.com/payments/konbini/accept-a-payment (billing name
 * and email required; `expires_at` of the voucher, here never after the round's deadline); the
 * answer is `requires_action` with `next_action.konbini_display_details`. PayPay (API 2026-09-30,
 * https://docs.stripe.com/payments/paypay/accept-a-payment): a redirect with `return_url`, the answer
 * `requires_action` with `next_action.redirect_to_url`. API 2026-10-28 (stripe v23) takes the method
 * as `allowed_payment_method_types`; the answer names it in `payment_method_types`.
 */
export async function createShopperIntent(stripe: Stripe, input: ShopperPaymentRequest, now: Date): Promise<ShopperPayment> {
  if (!canRequestShopperPayment(input.method, now, input.payBy)) {
    return { paymentId: '', orderKey: input.orderKey, method: input.method, amount: input.amount, status: 'expired', refundable: false };
  }
  const common = {
    amount: input.amount, currency: 'jpy', confirm: true, description: input.description,
    metadata: { order_key: input.orderKey, user_id: String(input.userId), payment_kind: SHOPPER_PAYMENT_KIND, pay_by: input.payBy.toISOString() },
  } satisfies Partial<Stripe.PaymentIntentCreateParams>;
  const params: Stripe.PaymentIntentCreateParams = input.method === 'konbini'
    ? {
      ...common, allowed_payment_method_types: ['konbini'],
      payment_method_data: { type: 'konbini', billing_details: { name: input.name, email: input.email } },
      payment_method_options: { konbini: { expires_at: Math.floor((konbiniVoucherExpiry(now, input.payBy) ?? now).getTime() / 1000), product_description: productDescription(input.description) } },
    }
    : { ...common, allowed_payment_method_types: ['paypay'], payment_method_data: { type: 'paypay' }, return_url: input.returnUrl };
  try {
    return shopperPaymentOf(await stripe.paymentIntents.create(params, { idempotencyKey: input.orderKey }));
  } catch (error) {
    // The key was used with other parameters (a retry after midnight JST computes another voucher
    // expiry): the payment of that key is the answer, never a second one.
    if (!(error instanceof Stripe.errors.StripeIdempotencyError)) throw error;
    const earlier = await findShopperIntent(stripe, { orderKey: input.orderKey });
    if (!earlier) throw error;
    return earlier;
  }
}

export const isShopperIntent = (intent: Stripe.PaymentIntent): boolean => intent.metadata.payment_kind === SHOPPER_PAYMENT_KIND;

function methodOf(intent: Stripe.PaymentIntent): ShopperPaymentMethod {
  return intent.payment_method_types.includes('konbini') ? 'konbini' : 'paypay';
}

function statusOf(intent: Stripe.PaymentIntent): ShopperPaymentStatus {
  switch (intent.status) {
    case 'succeeded': return 'succeeded';
    case 'processing': return 'processing';
    case 'canceled': return 'canceled';
    case 'requires_payment_method': {
      const code = intent.last_payment_error?.code;
      if (code === EXPIRED_CODE) return 'expired';
      return code ? 'failed' : 'awaiting_payment';
    }
    default: return 'awaiting_payment';
  }
}

/** The first store's payment code (Stripe gives one per chain; Lawson and Ministop share theirs). */
function voucherNumber(stores: Stripe.PaymentIntent.NextAction.KonbiniDisplayDetails.Stores): string | undefined {
  const store = stores.lawson ?? stores.familymart ?? stores.ministop ?? stores.seicomart;
  return store?.payment_code;
}

/** Stripe's PaymentIntent in the shop's words; the voucher and the redirect only while payable. */
export function shopperPaymentOf(intent: Stripe.PaymentIntent): ShopperPayment {
  const method = methodOf(intent);
  const payment: ShopperPayment = {
    paymentId: intent.id, orderKey: intent.metadata.order_key ?? '', method, amount: intent.amount,
    status: statusOf(intent), refundable: isRefundableByProvider(method),
  };
  const konbini = intent.next_action?.konbini_display_details;
  if (konbini) {
    const number = voucherNumber(konbini.stores);
    payment.voucher = { url: konbini.hosted_voucher_url ?? '', expiresAt: new Date(konbini.expires_at * 1000), ...(number ? { number } : {}) };
  }
  const redirect = intent.next_action?.redirect_to_url?.url;
  if (redirect && method === 'paypay') payment.redirectUrl = redirect;
  return payment;
}

export async function findShopperIntent(stripe: Stripe, ref: { orderKey: string; paymentId?: string }): Promise<ShopperPayment | null> {
  const intent = await findIntent(stripe, ref.orderKey, ref.paymentId);
  return intent && isShopperIntent(intent) ? shopperPaymentOf(intent) : null;
}

/** Cancels an unpaid shopper PaymentIntent; one paid or cancelled already is answered as it is. */
export async function cancelShopperIntent(stripe: Stripe, ref: { orderKey: string; paymentId: string }): Promise<ShopperPayment | null> {
  const intent = await retrieveIntent(stripe, ref.paymentId);
  if (!intent || intent.metadata.order_key !== ref.orderKey || !isShopperIntent(intent)) return null;
  if (intent.status === 'succeeded' || intent.status === 'canceled') return shopperPaymentOf(intent);
  try {
    return shopperPaymentOf(await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' }));
  } catch (error) {
    // Paid (or cancelled) between the look-up and the cancel: the answer is what it is now.
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    const again = await retrieveIntent(stripe, intent.id);
    if (!again) throw error;
    return shopperPaymentOf(again);
  }
}

/** PayPay refunds through Stripe (full or partial); konbini is not refundable here (cash at a store). */
export async function refundShopperIntent(stripe: Stripe, input: { refundKey: string; orderKey: string; paymentId: string; amount: number }): Promise<ShopperRefundResult> {
  const intent = await retrieveIntent(stripe, input.paymentId);
  if (!intent || intent.metadata.order_key !== input.orderKey || !isShopperIntent(intent)) return { status: 'failed', reason: 'no shopper payment for that key' };
  if (!isRefundableByProvider(methodOf(intent))) return { status: 'not_refundable', reason: KONBINI_NOT_REFUNDABLE.ja, reasonEn: KONBINI_NOT_REFUNDABLE.en };
  return refundCharge(stripe, { refundKey: input.refundKey, chargeId: intent.id, amount: input.amount });
}
