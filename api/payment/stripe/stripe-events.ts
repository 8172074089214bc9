import type Stripe from 'stripe';
import type { ApiContext } from '../../context.ts';
import { applyCardUpdate, applySessionCompleted } from './stripe-card-events.ts';
import { applyDisputeEvent, applyPaymentEvent, applyRefundEvent, intentOfRefundEvent, isSettledAlready } from './stripe-payment-events.ts';
import type { StripeProvider } from './stripe-provider.ts';
import { publishShopperPayment } from '../shopper-payment-events.ts';
import { isShopperIntent, shopperPaymentOf } from './stripe-shopper-payments.ts';

const CARD_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed', 'payment_intent.requires_action']);

/** The id of the object an event is about (every type the shop applies has one). */
export function objectIdOf(event: Stripe.Event): string | null {
  const object: unknown = event.data.object;
  if (typeof object !== 'object' || object === null || !('id' in object)) return null;
  return typeof object.id === 'string' ? object.id : null;
}

/**
 * Applies an event by looking its object up at Stripe: events come in any order and may be
 * stale, so the event's body is only a pointer — except to skip the look-up of a payment whose
 * round already records that very answer (`isSettledAlready`). Types the shop does not use are
 * stored and ignored.
 */
export async function applyEvent(ctx: ApiContext, provider: StripeProvider, event: Stripe.Event): Promise<void> {
  const id = objectIdOf(event);
  if (!id) return;
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.requires_action':
    case 'payment_intent.processing':
    case 'payment_intent.canceled': {
      if (await isSettledAlready(ctx, event.type, event.data.object)) return;
      const intent = await provider.client.paymentIntents.retrieve(id);
      // A konbini or PayPay round goes to its own hook; a card charge's round is settled as before.
      if (isShopperIntent(intent)) return publishShopperPayment(ctx, shopperPaymentOf(intent));
      return CARD_EVENTS.has(event.type) ? applyPaymentEvent(ctx, provider, intent) : undefined;
    }
    case 'charge.refunded':
    case 'refund.created':
    case 'refund.updated': {
      const intent = await intentOfRefundEvent(provider, event.type, id);
      return intent ? applyRefundEvent(ctx, provider, intent) : undefined;
    }
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
      return applyDisputeEvent(ctx, provider, id);
    case 'payment_method.automatically_updated':
      return applyCardUpdate(ctx, provider, id);
    case 'checkout.session.completed':
      return applySessionCompleted(ctx, provider, id);
    default:
      return undefined;
  }
}
