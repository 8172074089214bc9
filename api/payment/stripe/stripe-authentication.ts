import Stripe from 'stripe';
import type { ChargeAuthenticationStart } from '../provider.ts';
import { retrieveIntent } from './stripe-charges.ts';

/**
 * The shopper authenticates the very PaymentIntent the bank held back: confirmed again on-session
 * with its card and a return URL, Stripe answers with its 3-D Secure page
 * (https://docs.stripe.com/payments/save-and-reuse, "recover failed off-session payments").
 * Confirming again is safe to repeat: a PaymentIntent succeeds at most once.
 */
export async function startAuthentication(stripe: Stripe, input: { chargeId: string; orderKey: string; returnUrl: string }): Promise<ChargeAuthenticationStart> {
  if (!input.chargeId.startsWith('pi_')) return { status: 'unavailable' };
  const intent = await retrieveIntent(stripe, input.chargeId);
  if (!intent || intent.metadata.order_key !== input.orderKey) return { status: 'unavailable' };
  if (intent.status === 'succeeded') return { status: 'succeeded' };
  const heldBack = intent.status === 'requires_action'
    || (intent.status === 'requires_payment_method' && intent.last_payment_error?.code === 'authentication_required');
  const method = intent.payment_method ?? intent.last_payment_error?.payment_method ?? null;
  const methodId = typeof method === 'string' ? method : method?.id;
  if (!heldBack || !methodId) return { status: 'unavailable' };
  try {
    const confirmed = await stripe.paymentIntents.confirm(intent.id, { payment_method: methodId, return_url: input.returnUrl, off_session: false });
    if (confirmed.status === 'succeeded') return { status: 'succeeded' };
    const url = confirmed.next_action?.redirect_to_url?.url;
    return confirmed.status === 'requires_action' && url ? { status: 'redirect', url } : { status: 'unavailable' };
  } catch (error) {
    // Declined on confirmation (e.g. the card was closed since): nothing to authenticate.
    if (error instanceof Stripe.errors.StripeCardError) return { status: 'unavailable' };
    throw error;
  }
}
