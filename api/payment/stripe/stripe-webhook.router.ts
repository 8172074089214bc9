import express, { Router, type Request, type RequestHandler } from 'express';
import type Stripe from 'stripe';
import type { ApiContext } from '../../context.ts';
import { BadRequestError, DomainError, NotFoundError } from '../../http/errors.ts';
import { paymentProviderOf } from '../provider-of.ts';
import { markApplied, storeEvent } from './stripe-event-store.ts';
import { applyEvent, objectIdOf } from './stripe-events.ts';
import { isStripeProvider, type StripeProvider } from './stripe-provider.ts';

/** Stripe's default: a signature older than five minutes is a replay (https://docs.stripe.com/webhooks#verify-manually). */
const TOLERANCE_SECONDS = 300;

const BAD_SIGNATURE = {
  ja: 'Stripe-Signature ヘッダーの署名を確認できません。',
  en: 'The Stripe-Signature header could not be verified.',
};
const NOT_APPLIED = {
  ja: 'イベントを反映できませんでした。後ほど再送してください。',
  en: 'The event could not be applied; please retry later.',
};

/**
 * POST /api/webhooks/stripe: mounted before the JSON body parser and the cross-site guard (Stripe
 * sends no Origin, and the signature is over the raw bytes). With another provider it is 404.
 * A bad signature stores nothing; an event is stored once by id, applied, then marked applied;
 * applying that fails answers 503 so Stripe retries, and the retry applies it.
 */
export function stripeWebhookRouter(ctx: ApiContext): Router {
  const router = Router();
  const stripeOnly: RequestHandler = (_req, _res, next) => {
    const provider = paymentProviderOf(ctx);
    next(isStripeProvider(provider) && provider.webhookSecret ? undefined : new NotFoundError({ ja: 'Webhook', en: 'The webhook' }));
  };
  router.post('/', stripeOnly, express.raw({ type: () => true, limit: '256kb' }), async (req, res) => {
    const provider = paymentProviderOf(ctx);
    if (!isStripeProvider(provider)) throw new NotFoundError({ ja: 'Webhook', en: 'The webhook' });
    const event = verify(provider, req);
    const state = await storeEvent(ctx.db, { id: event.id, type: event.type, objectId: objectIdOf(event) }, ctx.now());
    if (state === 'applied') {
      res.json({ received: true, replay: true });
      return;
    }
    try {
      await applyEvent(ctx, provider, event);
    } catch (error) {
      ctx.logger.error({ eventId: event.id, type: event.type, reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'stripe: event not applied');
      throw new DomainError(503, 'UPSTREAM_UNAVAILABLE', NOT_APPLIED);
    }
    await markApplied(ctx.db, event.id, ctx.now());
    res.json({ received: true });
  });
  return router;
}

function verify(provider: StripeProvider, req: Request): Stripe.Event {
  const raw: unknown = req.body;
  const header = req.get('stripe-signature');
  if (!Buffer.isBuffer(raw) || !header || !provider.webhookSecret) throw new BadRequestError(BAD_SIGNATURE, { 'stripe-signature': BAD_SIGNATURE });
  try {
    return provider.client.webhooks.constructEvent(raw, header, provider.webhookSecret, TOLERANCE_SECONDS);
  } catch {
    throw new BadRequestError(BAD_SIGNATURE, { 'stripe-signature': BAD_SIGNATURE });
  }
}
