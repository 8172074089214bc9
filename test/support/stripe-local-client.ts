/**
 * Helpers for tests against tools/stripe-local/: a `stripe` client pointed at it, and saving a
 * card through its hosted Checkout page by plain form posts (what a browser without JavaScript does).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export const TEST_KEY = 'sk_test_stripe_local_key';

export function stripeClientFor(url: string, options: { timeout?: number; maxNetworkRetries?: number } = {}): Stripe {
  const { hostname, port } = new URL(url);
  return new Stripe(TEST_KEY, { host: hostname, port: Number(port), protocol: 'http', maxNetworkRetries: options.maxNetworkRetries ?? 0, timeout: options.timeout ?? 5_000 });
}

export const SUCCESS_URL = 'http://shop.test/api/credit-confirm?userId=1&session_id={CHECKOUT_SESSION_ID}';
export const CANCEL_URL = 'http://shop.test/my/payment';

export async function openSetupSession(stripe: Stripe, customer: string): Promise<Stripe.Checkout.Session> {
  return stripe.checkout.sessions.create({
    mode: 'setup', customer, currency: 'jpy', success_url: SUCCESS_URL, cancel_url: CANCEL_URL,
    allowed_payment_method_types: ['card'], metadata: { user_id: '1' }, locale: 'ja',
  });
}

export interface CardFields {
  number: string;
  expiry?: string;
  cvc?: string;
  name?: string;
}

/** Posts the hosted card form; the answer is not followed (redirect: 'manual'). */
export function postCardForm(sessionUrl: string, card: CardFields): Promise<Response> {
  const body = new URLSearchParams({ number: card.number, expiry: card.expiry ?? '12 / 34', cvc: card.cvc ?? '123', name: card.name ?? 'TARO YAMADA' });
  return fetch(sessionUrl, { method: 'POST', body, redirect: 'manual' });
}

/** Presses 「認証する / Complete」 or 「失敗させる / Fail」 on a 3-D Secure page. */
export function answerChallenge(pageUrl: string, result: 'complete' | 'fail'): Promise<Response> {
  return fetch(pageUrl, { method: 'POST', body: new URLSearchParams({ result }), redirect: 'manual' });
}

/** A customer with a card saved through the hosted page (3-D Secure completed when the card asks for it). */
export async function customerWithCard(stripe: Stripe, serverUrl: string, number: string, cvc = '123') {
  const customer = await stripe.customers.create({ metadata: { user_id: '1' } });
  const session = await openSetupSession(stripe, customer.id);
  let answer = await postCardForm(session.url ?? '', { number, cvc });
  const location = answer.headers.get('location') ?? '';
  if (location.endsWith('/3ds')) answer = await answerChallenge(new URL(location, serverUrl).toString(), 'complete');
  if (answer.status !== 303) throw new Error(`saving ${number} answered ${answer.status}`);
  const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent.payment_method'] });
  const setupIntent = done.setup_intent as Stripe.SetupIntent;
  return { customer, session: done, paymentMethod: setupIntent.payment_method as Stripe.PaymentMethod };
}

/**
 * A stand-in for the shop's webhook endpoint on a loopback port: each delivery's raw body and
 * `Stripe-Signature` go to `answer`, whose number is the HTTP status sent back.
 */
export async function startWebhookReceiver(answer: (raw: string, signature: string) => number): Promise<{ url: string; close(): Promise<void> }> {
  const receiver = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (raw += chunk)).on('end', () => {
      res.writeHead(answer(raw, String(req.headers['stripe-signature'] ?? ''))).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/stripe`,
    close: () => new Promise((resolve) => receiver.close(() => resolve())),
  };
}
