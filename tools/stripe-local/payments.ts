/**
 * What confirming a PaymentIntent does with each test card
 * (https://docs.stripe.com/payments/save-and-reuse#charge-saved-payment-method and
 * https://docs.stripe.com/testing#authentication-and-setup): a charge, a decline with a failed
 * charge, or a request for authentication.
 */
import { newId } from './ids.ts';
import type { Local, RequestRef } from './local.ts';
import { renderPaymentIntent } from './render.ts';
import type { ChargeRecord, PaymentError, PaymentIntentRecord, PaymentMethodRecord } from './state.ts';

export const DECLINED: PaymentError = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
export const AUTHENTICATION_REQUIRED: PaymentError = {
  type: 'card_error', code: 'authentication_required', decline_code: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
};
export const AUTHENTICATION_FAILED: PaymentError = {
  type: 'invalid_request_error', code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

function createCharge(local: Local, intent: PaymentIntentRecord, method: PaymentMethodRecord, failure: PaymentError | null): ChargeRecord {
  const charge: ChargeRecord = {
    id: newId('ch_'), created: local.nowSeconds(), amount: intent.amount, amountRefunded: 0, currency: intent.currency,
    customer: intent.customer, paymentIntent: intent.id, paymentMethod: method.id, status: failure ? 'failed' : 'succeeded',
    failure, disputed: false, metadata: intent.metadata, description: intent.description,
  };
  local.state.charges.set(charge.id, charge);
  intent.latestCharge = charge.id;
  return charge;
}

export function succeed(local: Local, intent: PaymentIntentRecord, method: PaymentMethodRecord, request: RequestRef | null): void {
  createCharge(local, intent, method, null);
  Object.assign(intent, { status: 'succeeded', lastPaymentError: null, nextAction: null });
  local.emit('payment_intent.succeeded', renderPaymentIntent(local.state, intent), request);
}

/**
 * A failed attempt: Stripe unsets the PaymentIntent's `payment_method` and names the card in
 * `last_payment_error.payment_method` (confirm again with that id, https://docs.stripe.com/payments/save-and-reuse#charge-saved-payment-method).
 * A decline by the issuer leaves a failed charge; a request for authentication does not.
 */
export function fail(local: Local, intent: PaymentIntentRecord, error: PaymentError, request: RequestRef | null, method: PaymentMethodRecord): void {
  const charge = error.code === 'card_declined' ? createCharge(local, intent, method, error) : null;
  const lastPaymentError: PaymentError = { ...error, paymentMethodId: method.id, ...(charge ? { charge: charge.id } : {}) };
  Object.assign(intent, { status: 'requires_payment_method', paymentMethod: null, nextAction: null, lastPaymentError });
  local.emit('payment_intent.payment_failed', renderPaymentIntent(local.state, intent), request);
}

/**
 * Confirms `intent` with `method`. Off-session: the saved card's behaviour decides. On-session:
 * the 3-D Secure cards ask for authentication (`requires_action`, redirect to `/3ds/:id`).
 */
export function confirmIntent(local: Local, intent: PaymentIntentRecord, method: PaymentMethodRecord, how: { offSession: boolean; returnUrl: string | null }, request: RequestRef | null): void {
  const behaviour = method.behaviour;
  if (behaviour === 'declined_on_charge' || behaviour === 'declined_on_setup') return fail(local, intent, DECLINED, request, method);
  if (how.offSession) {
    if (behaviour === 'authenticate_always') return fail(local, intent, AUTHENTICATION_REQUIRED, request, method);
    return succeed(local, intent, method, request);
  }
  if (behaviour === 'authenticate_always' || behaviour === 'authenticate_on_setup') {
    Object.assign(intent, { status: 'requires_action', nextAction: { returnUrl: how.returnUrl }, lastPaymentError: null });
    local.emit('payment_intent.requires_action', renderPaymentIntent(local.state, intent), request);
    return;
  }
  succeed(local, intent, method, request);
}

/** The card_error answer Stripe gives when a confirmation fails (402, with the PaymentIntent). */
export function cardErrorBody(local: Local, intent: PaymentIntentRecord): Record<string, unknown> {
  const error = intent.lastPaymentError;
  const rendered = renderPaymentIntent(local.state, intent);
  const charge = intent.latestCharge ? local.state.charges.get(intent.latestCharge) : undefined;
  return {
    error: {
      ...rendered.last_payment_error as object,
      doc_url: `https://docs.stripe.com/error-codes/${(error?.code ?? 'card-declined').replaceAll('_', '-')}`,
      payment_intent: rendered,
      ...(charge && charge.status === 'failed' ? { charge: charge.id } : {}),
    },
  };
}
