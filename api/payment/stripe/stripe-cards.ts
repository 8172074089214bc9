import type Stripe from 'stripe';
import type { CardBrand } from '../../../shared/payment.ts';
import type { CardRegistrationResult, RegisteredCard } from '../provider.ts';
import { BRAND_NOT_ACCEPTED } from './stripe-texts.ts';

/** Stripe's card brands that docs/spec.md §9 takes, under the names the shop shows. */
const BRANDS: Record<string, CardBrand> = {
  visa: 'Visa', mastercard: 'Mastercard', jcb: 'JCB', amex: 'American Express', diners: 'Diners Club',
};

/**
 * The Checkout Session (mode setup) where the shopper types the card and passes 3-D Secure on
 * Stripe's page (https://docs.stripe.com/payments/save-and-reuse?payment-ui=checkout). The cancel
 * URL has no registrationId: the shop shows "cancelled". API 2026-10-28 names the card-only filter
 * `allowed_payment_method_types` (the library's types no longer take `payment_method_types` here).
 */
export async function createSetupSession(stripe: Stripe, customerId: string, userId: number, returnUrl: string): Promise<{ url: string }> {
  const session = await stripe.checkout.sessions.create({
    mode: 'setup', currency: 'jpy', allowed_payment_method_types: ['card'], customer: customerId, locale: 'ja',
    success_url: `${returnUrl}&registrationId={CHECKOUT_SESSION_ID}`, cancel_url: returnUrl,
    metadata: { user_id: String(userId) },
  });
  if (!session.url) throw new Error('stripe: checkout session without a url');
  return { url: session.url };
}

/** The session with its SetupIntent and PaymentMethod, or null when Stripe does not know the id. */
export async function retrieveSetupSession(stripe: Stripe, sessionId: string): Promise<Stripe.Checkout.Session | null> {
  if (!/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) return null;
  try {
    return await stripe.checkout.sessions.retrieve(sessionId, { expand: ['setup_intent.payment_method'] });
  } catch (error) {
    if (error instanceof Error && 'statusCode' in error && error.statusCode === 404) return null;
    throw error;
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : value?.id ?? null);

/**
 * What a finished session saved, for the customer `customerId` only: another shopper's session,
 * an open (the shopper left) or expired one is not_found, whatever the return URL said.
 */
export function cardOfSession(session: Stripe.Checkout.Session, customerId: string | null): CardRegistrationResult {
  if (!customerId || idOf(session.customer) !== customerId || session.mode !== 'setup' || session.status !== 'complete') {
    return { status: 'not_found' };
  }
  const intent = session.setup_intent;
  if (!intent || typeof intent === 'string' || intent.status !== 'succeeded') return { status: 'not_found' };
  const method = intent.payment_method;
  if (!method || typeof method === 'string') return { status: 'not_found' };
  return cardOfMethod(method);
}

/** A saved card as the shop keeps it; a brand outside docs/spec.md §9 is declined with a reason. */
export function cardOfMethod(method: Stripe.PaymentMethod): ({ status: 'registered' } & RegisteredCard) | { status: 'declined'; reason: string; reasonEn: string } | { status: 'not_found' } {
  const card = method.card;
  if (!card) return { status: 'not_found' };
  const brand = BRANDS[card.brand];
  if (!brand) return { status: 'declined', reason: BRAND_NOT_ACCEPTED.ja, reasonEn: BRAND_NOT_ACCEPTED.en };
  const expiry = `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}`;
  return { status: 'registered', token: method.id, brand, last4: card.last4, expiry };
}
