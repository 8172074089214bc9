import Stripe from 'stripe';
import type { ChargeCancellation, ChargeRequest, ChargeResult } from '../provider.ts';
import { declineText } from './stripe-texts.ts';

/**
 * A PaymentIntent confirmed at once, the order key as Stripe's Idempotency-Key: the same key
 * within 24 h answers the first result. Off-session (the billing run,
 * https://docs.stripe.com/payments/save-and-reuse, "charge the saved payment method later"), or
 * on-session with a return URL when the shopper is at checkout: a bank that asks for 3-D Secure
 * then answers `requires_action` with its page (`next_action.redirect_to_url`,
 * https://docs.stripe.com/payments/3d-secure). A card error is an answer; a network error,
 * timeout or 5xx is thrown: the caller holds the round "in doubt" and looks the key up.
 */
export async function createCharge(stripe: Stripe, customerId: string, input: ChargeRequest & { source: { kind: 'card'; token: string } }): Promise<ChargeResult> {
  try {
    const intent = await stripe.paymentIntents.create({
      amount: input.amount, currency: 'jpy', customer: customerId, payment_method: input.source.token,
      confirm: true, description: input.description,
      ...(input.returnUrl ? { return_url: input.returnUrl } : { off_session: true }),
      metadata: { order_key: input.orderKey, user_id: String(input.userId) },
    }, { idempotencyKey: input.orderKey });
    return chargeOfIntent(intent, input.orderKey);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeCardError)) throw error;
    // The error carries the PaymentIntent it left in requires_payment_method.
    const intent = error.payment_intent;
    const base = { chargeId: intent?.id ?? '', orderKey: input.orderKey, amount: input.amount };
    if (error.code === 'authentication_required') return { ...base, status: 'action_required' };
    const text = declineText(error.decline_code ?? error.code);
    return { ...base, status: 'declined', declineReason: text.ja, declineReasonEn: text.en };
  }
}

/** Stripe's PaymentIntent status in the shop's words (https://docs.stripe.com/payments/paymentintents/lifecycle). */
export function chargeOfIntent(intent: Stripe.PaymentIntent, orderKey: string): ChargeResult {
  const base = { chargeId: intent.id, orderKey, amount: intent.amount };
  const lastError = intent.last_payment_error;
  switch (intent.status) {
    case 'succeeded':
      return { ...base, status: 'succeeded' };
    case 'requires_action': {
      const url = intent.next_action?.redirect_to_url?.url;
      return url ? { ...base, status: 'action_required', authenticationUrl: url } : { ...base, status: 'action_required' };
    }
    case 'requires_payment_method': {
      if (lastError?.code === 'authentication_required') return { ...base, status: 'action_required' };
      const text = declineText(lastError?.decline_code ?? lastError?.code);
      return { ...base, status: 'declined', declineReason: text.ja, declineReasonEn: text.en };
    }
    case 'canceled': {
      const text = declineText(null);
      return { ...base, status: 'declined', declineReason: text.ja, declineReasonEn: text.en };
    }
    default:
      return { ...base, status: 'pending' };
  }
}

/** Stripe's search query language: a string value is single-quoted, a quote or backslash escaped. */
export const orderKeyQuery = (orderKey: string): string => `metadata['order_key']:'${orderKey.replace(/[\\']/g, (c) => `\\${c}`)}'`;

/**
 * The charge of an order key: by its PaymentIntent id when the caller kept it, else by metadata
 * search. Search is eventually consistent (a PaymentIntent may take up to a minute to appear),
 * so "none" right after a timeout is still "in doubt" for the caller, never "never charged"
 * within the key's 24 h: the retry sends the same Idempotency-Key anyway.
 */
export async function findIntent(stripe: Stripe, orderKey: string, chargeId?: string): Promise<Stripe.PaymentIntent | null> {
  if (chargeId?.startsWith('pi_')) {
    const intent = await retrieveIntent(stripe, chargeId);
    if (intent && intent.metadata.order_key === orderKey) return intent;
  }
  const found = await stripe.paymentIntents.search({ query: orderKeyQuery(orderKey), limit: 10 });
  const mine = found.data.filter((intent) => intent.metadata.order_key === orderKey);
  // One key makes one PaymentIntent; should a second ever exist, a paid one is the truth.
  return mine.find((intent) => intent.status === 'succeeded') ?? mine[0] ?? null;
}

export async function retrieveIntent(stripe: Stripe, id: string): Promise<Stripe.PaymentIntent | null> {
  try {
    return await stripe.paymentIntents.retrieve(id);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
    throw error;
  }
}

/**
 * Cancels a PaymentIntent that has not taken money (https://docs.stripe.com/api/payment_intents/cancel),
 * so that a 3-D Secure page finished later takes nothing. A PaymentIntent that succeeded in the
 * meantime cannot be cancelled: the answer says so and the caller settles it.
 */
export async function cancelIntent(stripe: Stripe, input: { chargeId: string; orderKey: string }): Promise<ChargeCancellation> {
  if (!input.chargeId.startsWith('pi_')) return 'unavailable';
  const intent = await retrieveIntent(stripe, input.chargeId);
  if (!intent || intent.metadata.order_key !== input.orderKey) return 'unavailable';
  const settled = settledCancellation(intent.status);
  if (settled) return settled;
  try {
    return settledCancellation((await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' })).status) ?? 'unavailable';
  } catch (error) {
    // It moved between the look-up and the cancel (the shopper authenticated just then): ask again.
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    const now = await retrieveIntent(stripe, intent.id);
    const answer = now ? settledCancellation(now.status) : 'unavailable';
    if (!answer) throw error;
    return answer;
  }
}

function settledCancellation(status: Stripe.PaymentIntent.Status): ChargeCancellation | null {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'canceled') return 'cancelled';
  return null;
}
