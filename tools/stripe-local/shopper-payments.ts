/**
 * PaymentIntents the shopper pays herself (issue 34). Konbini
 * (https://docs.stripe.com/payments/konbini/accept-a-payment): confirming issues a voucher
 * (`requires_action`, `next_action.konbini_display_details` with the hosted voucher page, the
 * stores' payment code and confirmation number, `expires_at`); the control API pays it
 * (`succeeded`) or lets it expire (`requires_payment_method` with
 * `payment_intent_payment_attempt_expired`, `payment_intent.payment_failed`). PayPay
 * (https://docs.stripe.com/payments/paypay/accept-a-payment): confirming needs a `return_url` and
 * answers a redirect to this server's approve/decline page (hosted-shopper.ts).
 */
import { invalidRequest } from './errors.ts';
import { newId } from './ids.ts';
import type { Local, RequestRef } from './local.ts';
import { optionalInteger, optionalString, readStringList, type Params } from './params.ts';
import { renderPaymentIntent } from './render.ts';
import type { PaymentError, PaymentIntentRecord, PaymentMethodType } from './state.ts';

const DAY = 86_400;
const JST = 9 * 3_600;

export const PAYPAY_DECLINED: PaymentError = {
  type: 'card_error', code: 'payment_method_provider_decline', message: 'The payment was declined by PayPay.',
};
export const VOUCHER_EXPIRED: PaymentError = {
  type: 'invalid_request_error', code: 'payment_intent_payment_attempt_expired', message: 'The konbini payment expired before the customer paid.',
};

export function readMethodTypes(params: Params): PaymentMethodType[] {
  // API 2026-10-28 (stripe v23) names it `allowed_payment_method_types`; older versions `payment_method_types`.
  const types = params.allowed_payment_method_types === undefined ? readStringList(params, 'payment_method_types') : readStringList(params, 'allowed_payment_method_types');
  if (types.length === 0 || (types.length === 1 && types[0] === 'card')) return ['card'];
  const [type] = types;
  if (types.length !== 1 || (type !== 'konbini' && type !== 'paypay')) {
    throw invalidRequest('stripe-local supports payment_method_types of card, konbini or paypay, one at a time', 'payment_method_types', 'payment_method_unsupported_type');
  }
  return [type];
}

export const isShopperIntent = (intent: PaymentIntentRecord): boolean => intent.methodTypes[0] !== 'card';

function objectParam(params: Params, name: string): Params {
  const value = params[name];
  if (value === undefined || value === '') return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidRequest(`Invalid object: ${name}`, name);
  return value as Params;
}

/** `expires_at` or `expires_after_days` (1–60, ending 23:59:59 JST; default 3), as Stripe reads them. */
function voucherExpiry(local: Local, options: Params): number {
  const at = optionalInteger(options, 'expires_at');
  const days = optionalInteger(options, 'expires_after_days');
  if (at !== null && days !== null) throw invalidRequest('Only one of expires_at or expires_after_days may be set.', 'payment_method_options[konbini][expires_at]');
  const now = local.nowSeconds();
  if (at !== null) {
    if (at <= now || at > now + 60 * DAY) throw invalidRequest('expires_at must be in the future and within 60 days.', 'payment_method_options[konbini][expires_at]');
    return at;
  }
  const n = days ?? 3;
  if (n < 1 || n > 60) throw invalidRequest('expires_after_days must be between 1 and 60.', 'payment_method_options[konbini][expires_after_days]');
  return Math.floor((now + JST) / DAY) * DAY - JST + (n + 1) * DAY - 1;
}

const digits = (length: number): string => newId('', length * 2).replace(/\D/g, '').padEnd(length, '7').slice(0, length);

function confirmKonbini(local: Local, intent: PaymentIntentRecord, params: Params, request: RequestRef | null): void {
  const billing = objectParam(objectParam(params, 'payment_method_data'), 'billing_details');
  const name = optionalString(billing, 'name', 200);
  const email = optionalString(billing, 'email', 800);
  if (!name || !email) throw invalidRequest('Konbini requires billing_details[name] and billing_details[email].', 'payment_method_data[billing_details]', 'parameter_missing');
  const options = objectParam(objectParam(params, 'payment_method_options'), 'konbini');
  intent.billing = { name, email };
  intent.voucher = {
    expiresAt: voucherExpiry(local, options), paymentCode: digits(11), confirmationNumber: digits(11),
    productDescription: optionalString(options, 'product_description', 22),
  };
  Object.assign(intent, { paymentMethod: newId('pm_'), status: 'requires_action', nextAction: { returnUrl: null }, lastPaymentError: null });
  local.emit('payment_intent.requires_action', renderPaymentIntent(local.state, intent), request);
}

function confirmPaypay(local: Local, intent: PaymentIntentRecord, params: Params, request: RequestRef | null): void {
  const returnUrl = optionalString(params, 'return_url', 2048);
  if (!returnUrl) throw invalidRequest('A return_url is required to confirm a PayPay PaymentIntent.', 'return_url', 'parameter_missing');
  Object.assign(intent, { paymentMethod: newId('pm_'), status: 'requires_action', nextAction: { returnUrl }, lastPaymentError: null });
  local.emit('payment_intent.requires_action', renderPaymentIntent(local.state, intent), request);
}

export function confirmShopperIntent(local: Local, intent: PaymentIntentRecord, params: Params, request: RequestRef | null): void {
  if (intent.methodTypes[0] === 'konbini') confirmKonbini(local, intent, params, request);
  else confirmPaypay(local, intent, params, request);
}

/** The fan paid (at the store, or approved in PayPay): a charge, `succeeded`, the event. */
export function payShopperIntent(local: Local, intent: PaymentIntentRecord): void {
  const method = intent.methodTypes[0];
  if (method === 'card' || !intent.paymentMethod) throw new Error('not a shopper payment');
  const id = newId('ch_');
  local.state.charges.set(id, {
    id, created: local.nowSeconds(), amount: intent.amount, amountRefunded: 0, currency: intent.currency, customer: intent.customer,
    paymentIntent: intent.id, paymentMethod: intent.paymentMethod, status: 'succeeded', failure: null, disputed: false,
    metadata: intent.metadata, description: intent.description, shopperMethod: method,
  });
  Object.assign(intent, { latestCharge: id, status: 'succeeded', nextAction: null, lastPaymentError: null });
  local.emit('payment_intent.succeeded', renderPaymentIntent(local.state, intent));
}

/** Declined in PayPay, or the voucher expired: back to `requires_payment_method`, the event. */
export function failShopperIntent(local: Local, intent: PaymentIntentRecord, error: PaymentError): void {
  Object.assign(intent, { status: 'requires_payment_method', nextAction: null, lastPaymentError: error, paymentMethod: null });
  local.emit('payment_intent.payment_failed', renderPaymentIntent(local.state, intent));
}
