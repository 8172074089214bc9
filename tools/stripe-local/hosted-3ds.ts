/**
 * The stand-in for the bank's 3-D Secure page of a PaymentIntent in `requires_action`
 * (`next_action.redirect_to_url.url`): Complete charges it, Fail leaves it needing a payment
 * method; both return to `return_url` with Stripe's query parameters.
 */
import express from 'express';
import { challengeForm, errorBlock, renderPage } from './html.ts';
import { returnWith } from './hosted-shopper.ts';
import { isPlausibleId } from './ids.ts';
import type { Local } from './local.ts';
import { AUTHENTICATION_FAILED, fail, succeed } from './payments.ts';


export function createAuthenticationPages(local: Local): express.Router {
  const router = express.Router();
  router.use(express.urlencoded({ extended: false, limit: '2kb', parameterLimit: 5 }));

  function waitingIntent(id: string) {
    const intent = isPlausibleId(id) ? local.state.paymentIntents.get(id) : undefined;
    return intent && intent.methodTypes[0] === 'card' && intent.status === 'requires_action' && intent.nextAction ? intent : null;
  }
  const nothing = renderPage('stripe-local', errorBlock('認証が必要な支払いはありません / There is no payment waiting for authentication.'));

  router.get('/3ds/:paymentIntentId', (req, res) => {
    const intent = waitingIntent(String(req.params.paymentIntentId));
    if (!intent) return void res.status(404).type('html').send(nothing);
    const amount = `¥${intent.amount.toLocaleString('ja-JP')}`;
    res.type('html').send(challengeForm(`/3ds/${intent.id}`, `お支払い ${amount} を認証します / Authenticate a payment of ${amount}.`));
  });

  router.post('/3ds/:paymentIntentId', (req, res) => {
    const intent = waitingIntent(String(req.params.paymentIntentId));
    const method = intent?.paymentMethod ? local.state.paymentMethods.get(intent.paymentMethod) : undefined;
    if (!intent || !method) return void res.status(404).type('html').send(nothing);
    const returnUrl = intent.nextAction?.returnUrl ?? null;
    const completed = req.body?.result === 'complete';
    if (completed) succeed(local, intent, method, null);
    else fail(local, intent, AUTHENTICATION_FAILED, null, method);
    if (!returnUrl) return void res.type('html').send(renderPage('stripe-local', `<p>${completed ? '認証しました / Authenticated.' : '認証に失敗しました / Authentication failed.'}</p>`));
    res.redirect(303, returnWith(returnUrl, intent, completed ? 'succeeded' : 'failed'));
  });

  return router;
}
