/**
 * tools/stripe-local/: webhooks signed as Stripe signs them, the test control (disputes, card
 * updates by the network, event replay, faults) in-process and over `/_local/`, the API key check,
 * and the OpenAPI validator catching a wrong shape.
 */
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStripeLocal, type StripeLocal } from '../../tools/stripe-local/server.ts';
import { validateStripeAnswer } from '../support/stripe-openapi/validate.ts';
import { customerWithCard, startWebhookReceiver, stripeClientFor } from '../support/stripe-local-client.ts';

const WEBHOOK_SECRET = 'whsec_stripe_local_events_secret';

let local: StripeLocal;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
/** The next delivery of this event type is answered 503. */
let failNextOfType: string | null = null;
const received: Stripe.Event[] = [];

beforeAll(async () => {
  const verifier = new Stripe('sk_test_verifier');
  receiver = await startWebhookReceiver((raw, signature) => {
    if (failNextOfType && (JSON.parse(raw) as { type: string }).type === failNextOfType) {
      failNextOfType = null;
      return 503;
    }
    // constructEvent throws on a bad signature or a timestamp outside its tolerance.
    received.push(verifier.webhooks.constructEvent(raw, signature, WEBHOOK_SECRET));
    return 200;
  });
  local = await startStripeLocal({ port: 0, validate: true, webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET });
  stripe = stripeClientFor(local.url);
});

afterAll(async () => {
  await local.close();
  await receiver.close();
});

afterEach(() => {
  expect(local.control.validationErrors).toEqual([]);
});

const eventsFor = (id: string) => received.filter((e) => (e.data.object as { id?: string }).id === id);

async function paidIntent(orderKey: string) {
  const { customer, paymentMethod } = await customerWithCard(stripe, local.url, '4242424242424242');
  const intent = await stripe.paymentIntents.create(
    { amount: 2_000, currency: 'jpy', customer: customer.id, payment_method: paymentMethod.id, confirm: true, off_session: true, metadata: { order_key: orderKey } },
    { idempotencyKey: orderKey },
  );
  return { customer, paymentMethod, intent };
}

describe('webhooks', () => {
  it('delivers signed events that carry the request and its idempotency key, and replays one on demand', async () => {
    const { intent } = await paidIntent('uph-w-1');
    await expect.poll(() => eventsFor(intent.id).map((e) => e.type)).toEqual(['payment_intent.succeeded']);
    const [event] = eventsFor(intent.id);
    expect(event).toMatchObject({ object: 'event', livemode: false, api_version: '2026-10-28.endive', request: { idempotency_key: 'uph-w-1' } });
    expect((await stripe.events.retrieve(event?.id ?? '')).id).toBe(event?.id);
    local.control.resendEvent(event?.id ?? '');
    await expect.poll(() => received.filter((e) => e.id === event?.id).length).toBe(2);
  });

  it('retries a delivery the shop answered with an error', async () => {
    const { customer, paymentMethod } = await customerWithCard(stripe, local.url, '4242424242424242');
    failNextOfType = 'payment_intent.succeeded';
    const intent = await stripe.paymentIntents.create({ amount: 2_000, currency: 'jpy', customer: customer.id, payment_method: paymentMethod.id, confirm: true, off_session: true });
    // The server records an attempt once the shop's answer is in, after the shop has seen the event.
    const statuses = () => local.control.events
      .find((e) => e.type === 'payment_intent.succeeded' && (e.body.data as { object: { id: string } }).object.id === intent.id)
      ?.deliveries.map((d) => d.status);
    await expect.poll(statuses).toEqual([503, 200]);
    expect(eventsFor(intent.id)).toHaveLength(1);
  });

  it('sends refund.created and charge.refunded for a refund', async () => {
    const { intent } = await paidIntent('uph-w-3');
    const refund = await stripe.refunds.create({ payment_intent: intent.id }, { idempotencyKey: 'rf-w-3' });
    await expect.poll(() => eventsFor(refund.id).map((e) => e.type)).toEqual(['refund.created']);
    await expect.poll(() => received.some((e) => e.type === 'charge.refunded' && (e.data.object as Stripe.Charge).payment_intent === intent.id)).toBe(true);
  });

  it('setWebhook points later events at another endpoint and secret (a shop started after the server)', async () => {
    const secret = 'whsec_stripe_local_second_secret';
    const other: Stripe.Event[] = [];
    const second = await startWebhookReceiver((raw, signature) => {
      other.push(new Stripe('sk_test_verifier').webhooks.constructEvent(raw, signature, secret));
      return 200;
    });
    const back = receiver.url;
    try {
      expect(() => local.control.setWebhook(back, 'not-a-whsec')).toThrow(/whsec_/);
      local.control.setWebhook(second.url, secret);
      const { intent } = await paidIntent('uph-w-4');
      await expect.poll(() => other.filter((e) => (e.data.object as { id?: string }).id === intent.id).map((e) => e.type)).toEqual(['payment_intent.succeeded']);
      expect(eventsFor(intent.id)).toEqual([]);
    } finally {
      local.control.setWebhook(back, WEBHOOK_SECRET);
      await second.close();
    }
  });
});

describe('test control', () => {
  it('opens and closes a dispute on a charge', async () => {
    const { intent } = await paidIntent('uph-d-1');
    const dispute = local.control.createDispute(intent.id);
    await expect.poll(() => eventsFor(dispute.id).map((e) => e.type)).toEqual(['charge.dispute.created']);
    expect(await stripe.disputes.retrieve(dispute.id)).toMatchObject({ status: 'needs_response', payment_intent: intent.id, amount: 2_000 });
    expect((await stripe.charges.retrieve(String(intent.latest_charge))).disputed).toBe(true);
    local.control.closeDispute(dispute.id, 'lost');
    await expect.poll(() => eventsFor(dispute.id).map((e) => e.type)).toEqual(['charge.dispute.created', 'charge.dispute.closed']);
  });

  it('updates a card as the network does', async () => {
    const { paymentMethod } = await customerWithCard(stripe, local.url, '5555555555554444');
    local.control.updateCardByNetwork(paymentMethod.id, { last4: '4444', expMonth: 3, expYear: 2031 });
    await expect.poll(() => eventsFor(paymentMethod.id).map((e) => e.type)).toEqual(['payment_method.automatically_updated']);
    expect((await stripe.paymentMethods.retrieve(paymentMethod.id)).card).toMatchObject({ exp_month: 3, exp_year: 2031 });
  });

  it('does the work but answers late (a timeout); the retry with the same key gets the one payment', async () => {
    const { customer, paymentMethod } = await customerWithCard(stripe, local.url, '4242424242424242');
    const params = { amount: 1_500, currency: 'jpy', customer: customer.id, payment_method: paymentMethod.id, confirm: true, off_session: true, metadata: { order_key: 'uph-t-1' } };
    local.control.delayNext('/v1/payment_intents', 1_500);
    const impatient = stripeClientFor(local.url, { timeout: 300 });
    const timedOut = await impatient.paymentIntents.create(params, { idempotencyKey: 'uph-t-1' }).then(() => null, (e: unknown) => e);
    expect(timedOut).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    const retried = await stripe.paymentIntents.create(params, { idempotencyKey: 'uph-t-1' });
    expect(retried.status).toBe('succeeded');
    const all = await stripe.paymentIntents.search({ query: "metadata['order_key']:'uph-t-1'" });
    expect(all.data.map((p) => p.id)).toEqual([retried.id]);
  });

  it('answers 409 to the same key while its first request runs; stripe-node retries and gets the one payment', async () => {
    const { customer, paymentMethod } = await customerWithCard(stripe, local.url, '4242424242424242');
    const params = { amount: 1_500, currency: 'jpy', customer: customer.id, payment_method: paymentMethod.id, confirm: true, off_session: true, metadata: { order_key: 'uph-c-1' } };
    local.control.delayNext('/v1/payment_intents', 400, 1, true);
    const first = stripe.paymentIntents.create(params, { idempotencyKey: 'uph-c-1' });
    await expect.poll(() => local.control.summary().inFlight).toBe(1);
    const busy = await stripe.paymentIntents.create(params, { idempotencyKey: 'uph-c-1' }).then(() => null, (e: unknown) => e);
    // stripe-node makes any 409 a StripeAPIError (and retries it when maxNetworkRetries > 0).
    expect(busy).toMatchObject({ type: 'StripeAPIError', code: 'idempotency_key_in_use', statusCode: 409 });
    const patient = stripeClientFor(local.url, { maxNetworkRetries: 5 });
    const [a, b] = await Promise.all([first, patient.paymentIntents.create(params, { idempotencyKey: 'uph-c-1' })]);
    expect(b.id).toBe(a.id);
    expect((await stripe.paymentIntents.search({ query: "metadata['order_key']:'uph-c-1'" })).data).toHaveLength(1);
  });

  it('fails before doing the work (500); the retry does it', async () => {
    const { customer, paymentMethod } = await customerWithCard(stripe, local.url, '4242424242424242');
    const params = { amount: 1_500, currency: 'jpy', customer: customer.id, payment_method: paymentMethod.id, confirm: true, off_session: true, metadata: { order_key: 'uph-f-1' } };
    local.control.failNext('/v1/payment_intents');
    const failed = await stripe.paymentIntents.create(params, { idempotencyKey: 'uph-f-1' }).then(() => null, (e: unknown) => e);
    expect(failed).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect((await stripe.paymentIntents.search({ query: "metadata['order_key']:'uph-f-1'" })).data).toEqual([]);
    expect((await stripe.paymentIntents.create(params, { idempotencyKey: 'uph-f-1' })).status).toBe('succeeded');
  });

  it('answers 429 rate_limit over the set rate, without the work; reads and writes are counted apart', async () => {
    const { customer, paymentMethod } = await customerWithCard(stripe, local.url, '4242424242424242');
    const params = { amount: 1_500, currency: 'jpy', customer: customer.id, payment_method: paymentMethod.id, confirm: true, off_session: true, metadata: { order_key: 'uph-r-1' } };
    const before = local.control.summary().rateLimited as { read: number; write: number };
    const post = (body: object) => fetch(`${local.url}/_local/setRateLimit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post({ read: 0 })).status).toBe(400);
    expect((await post({ read: 50, write: 2 })).status).toBe(200);
    try {
      // One second's worth of writes goes through; the third at once is refused before any work.
      await stripe.customers.create({ metadata: { user_id: 'r1' } });
      await stripe.customers.create({ metadata: { user_id: 'r2' } });
      const refused = await stripe.paymentIntents.create(params, { idempotencyKey: 'uph-r-1' }).then(() => null, (e: unknown) => e);
      expect(refused).toBeInstanceOf(Stripe.errors.StripeRateLimitError);
      expect(refused).toMatchObject({ statusCode: 429, code: 'rate_limit', type: 'StripeRateLimitError' });
      // Reads have a bucket of their own.
      expect((await stripe.paymentIntents.search({ query: "metadata['order_key']:'uph-r-1'" })).data).toEqual([]);
      expect(local.control.summary()).toMatchObject({ rateLimit: { read: 50, write: 2 }, rateLimited: { read: before.read, write: before.write + 1 } });
      // The same key once the bucket refilled: the one payment (no idempotent answer was kept for the 429).
      await expect.poll(() => stripe.paymentIntents.create(params, { idempotencyKey: 'uph-r-1' }).then((p) => p.status, () => 'limited'), { timeout: 3_000 }).toBe('succeeded');
    } finally {
      local.control.setRateLimit(null);
    }
    expect((await stripe.paymentIntents.search({ query: "metadata['order_key']:'uph-r-1'" })).data).toHaveLength(1);
    expect(local.control.summary().calls).toMatchObject({ 'POST /v1/payment_intents': expect.any(Number), 'GET /v1/payment_intents/search': expect.any(Number) });
  });

  it('answers the same control over HTTP under /_local/', async () => {
    const { intent } = await paidIntent('uph-h-1');
    const post = (action: string, body: object) => fetch(`${local.url}/_local/${action}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const created = await post('createDispute', { paymentIntentId: intent.id });
    expect(created.status).toBe(200);
    expect((await post('createDispute', { paymentIntentId: 'pi_unknown' })).status).toBe(400);
    const state = (await (await fetch(`${local.url}/_local/state`)).json()) as { paymentIntents: Record<string, number>; disputes: number };
    expect(state.paymentIntents.succeeded).toBeGreaterThan(0);
    expect(state.disputes).toBeGreaterThan(0);
  });
});

describe('the API frame', () => {
  it('answers 401 in Stripe\'s error shape without a test key, and takes one as curl -u sends it', async () => {
    for (const authorization of ['', 'Bearer sk_live_abc', 'Bearer pk_test_abc']) {
      const answer = await fetch(`${local.url}/v1/customers`, { method: 'POST', headers: authorization ? { authorization } : {} });
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    }
    const basic = `Basic ${Buffer.from('sk_test_curl:').toString('base64')}`;
    expect((await fetch(`${local.url}/v1/customers`, { method: 'POST', headers: { authorization: basic } })).status).toBe(200);
  });

  it('reads bracket-notation forms as Stripe does (`metadata[k]=v`, `expand[]=…`, `payment_method_types[]=card`)', async () => {
    const customer = await stripe.customers.create();
    const form = new URLSearchParams([
      ['mode', 'setup'], ['customer', customer.id], ['currency', 'jpy'], ['success_url', 'http://shop.test/ok?s={CHECKOUT_SESSION_ID}'],
      ['payment_method_types[]', 'card'], ['metadata[order_key]', 'card-1'], ['expand[]', 'setup_intent'],
    ]);
    const answer = await fetch(`${local.url}/v1/checkout/sessions`, { method: 'POST', headers: { authorization: 'Bearer rk_test_restricted' }, body: form });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ metadata: { order_key: 'card-1' }, setup_intent: { object: 'setup_intent', status: 'requires_payment_method' } });
  });

  it('answers junk parameters with 4xx, never a 500', async () => {
    const routes = [
      'POST /v1/customers', 'GET /v1/customers/cus_x', 'POST /v1/checkout/sessions', 'GET /v1/checkout/sessions/cs_x', 'GET /v1/setup_intents/seti_x',
      'POST /v1/payment_intents', 'GET /v1/payment_intents', 'GET /v1/payment_intents/search', 'POST /v1/payment_intents/pi_x/confirm',
      'POST /v1/refunds', 'GET /v1/refunds', 'POST /c/pay/cs_x', 'POST /3ds/pi_x',
    ];
    const junk = ['amount=abc&currency=jpy', 'amount=100&currency=jpy&confirm=true', 'metadata=x', 'metadata[a][b]=c', 'expand[0][x]=1', 'limit=-5&query=zzz', 'customer[x]=1', 'mode=setup&success_url=javascript:x', '%E0%A4%A'];
    for (const route of routes) {
      const [method = '', path = ''] = route.split(' ');
      for (const form of junk) {
        const answer = await fetch(`${local.url}${path}${method === 'GET' ? `?${form}` : ''}`, {
          method, headers: { authorization: 'Bearer sk_test_junk', 'content-type': 'application/x-www-form-urlencoded' }, body: method === 'POST' ? form : undefined,
        });
        expect.soft(answer.status, `${route} ${form}`).toBeLessThan(500);
      }
    }
  });

  it('answers 404 resource_missing for an unknown id', async () => {
    const error = await stripe.paymentIntents.retrieve('pi_doesnotexist').then(() => null, (e: unknown) => e);
    expect(error).toMatchObject({ type: 'StripeInvalidRequestError', code: 'resource_missing', statusCode: 404 });
  });

  it('the validator catches a wrong shape (so a passing suite means something)', async () => {
    const { intent } = await paidIntent('uph-v-1');
    const body: Record<string, unknown> = JSON.parse(JSON.stringify(await stripe.paymentIntents.retrieve(intent.id)));
    expect(validateStripeAnswer('get', '/v1/payment_intents/{intent}', 200, body)).toEqual([]);
    expect(validateStripeAnswer('get', '/v1/payment_intents/{intent}', 200, { ...body, amount: '2000' })).not.toEqual([]);
    expect(validateStripeAnswer('get', '/v1/payment_intents/{intent}', 200, { ...body, status: 'paid' })).not.toEqual([]);
    const { status: _omitted, ...withoutStatus } = body;
    expect(validateStripeAnswer('get', '/v1/payment_intents/{intent}', 200, withoutStatus)).not.toEqual([]);
    expect(validateStripeAnswer('post', '/v1/refunds', 400, { error: { type: 'oops', message: 'x' } })).not.toEqual([]);
  });
});
