import type Stripe from 'stripe';
import type { ApiContext } from '../../context.ts';
import { applyCardUpdate, applySessionCompleted } from './stripe-card-events.ts';
import { applyDisputeEvent, applyPaymentEvent, applyRefundEvent, intentOfRefundEvent } from './stripe-payment-events.ts';
import type { StripeProvider } from './stripe-provider.ts';

/** The id of the object an event is about (every type the shop applies has one). */
export function objectIdOf(event: Stripe.Event): string | null {
  const object: unknown = event.data.object;
  if (typeof object !== 'object' || object === null || !('id' in object)) return null;
  return typeof object.id === 'string' ? object.id : null;
}

/**
 * Applies an event by looking its object up at Stripe: events come in any order and may be
 * stale, so the event's body is only a pointer. Types the shop does not use are stored and ignored.
 */
export async function applyEvent(ctx: ApiContext, provider: StripeProvider, event: Stripe.Event): Promise<void> {
  const id = objectIdOf(event);
  if (!id) return;
  switch (event.type) {
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed':
    case 'payment_intent.requires_action':
      return applyPaymentEvent(ctx, provider, id);
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
