/**
 * Saving a card on the hosted Checkout page in setup mode: the SetupIntent succeeds, the
 * PaymentMethod is attached to the customer and the session completes — or the card is declined
 * and the session stays open, as Checkout does (https://docs.stripe.com/testing#declined-payments).
 */
import { createHash } from 'node:crypto';
import type { TestCard } from './cards.ts';
import { newId } from './ids.ts';
import type { Local } from './local.ts';
import { DECLINED } from './payments.ts';
import { renderSession, renderSetupIntent } from './render.ts';
import type { PaymentMethodRecord, SessionRecord } from './state.ts';

/** After this many declined cards the page ends the session (the shop's card-testing rule, api/payment/provider.ts). */
export const MAX_DECLINED_TRIES = 5;

export interface CardEntry {
  number: string;
  card: TestCard;
  expMonth: number;
  expYear: number;
  name: string | null;
}

export function createPaymentMethod(local: Local, entry: CardEntry): PaymentMethodRecord {
  const method: PaymentMethodRecord = {
    id: newId('pm_'), created: local.nowSeconds(), customer: null, brand: entry.card.brand, behaviour: entry.card.behaviour,
    last4: entry.number.slice(-4), expMonth: entry.expMonth, expYear: entry.expYear,
    fingerprint: createHash('sha256').update(entry.number).digest('base64url').slice(0, 16), name: entry.name,
  };
  local.state.paymentMethods.set(method.id, method);
  return method;
}

export function completeSetup(local: Local, session: SessionRecord, method: PaymentMethodRecord): void {
  const setupIntent = local.state.setupIntents.get(session.setupIntent);
  if (!setupIntent) return;
  method.customer = session.customer;
  Object.assign(setupIntent, { status: 'succeeded', paymentMethod: method.id, lastSetupError: null });
  Object.assign(session, { status: 'complete', pendingPaymentMethod: null });
  local.emit('setup_intent.succeeded', renderSetupIntent(local.state, setupIntent));
  local.emit('checkout.session.completed', renderSession(local.state, session));
}

/** Records a declined card on the session's SetupIntent; true when the session has now ended. */
export function declineSetup(local: Local, session: SessionRecord, code: 'card_declined' | 'setup_intent_authentication_failure'): boolean {
  const setupIntent = local.state.setupIntents.get(session.setupIntent);
  if (setupIntent) {
    setupIntent.status = 'requires_payment_method';
    setupIntent.lastSetupError = code === 'card_declined'
      ? DECLINED
      : { type: 'invalid_request_error', code, message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.' };
  }
  session.pendingPaymentMethod = null;
  session.declinedTries += 1;
  if (session.declinedTries < MAX_DECLINED_TRIES) return false;
  session.status = 'expired';
  if (setupIntent) setupIntent.status = 'canceled';
  return true;
}

/**
 * Control only (benchmarks): a customer with a card saved as if through Checkout, without the
 * pages or their events. `number` must be one of the test cards.
 */
export function seedSavedCard(local: Local, card: TestCard, number: string): { customer: string; paymentMethod: string } {
  const customer = { id: newId('cus_', 14), created: local.nowSeconds(), email: null, name: null, description: null, metadata: {} };
  local.state.customers.set(customer.id, customer);
  const method = createPaymentMethod(local, { number, card, expMonth: 12, expYear: new Date().getUTCFullYear() + 5, name: null });
  method.customer = customer.id;
  return { customer: customer.id, paymentMethod: method.id };
}
