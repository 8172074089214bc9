/**
 * tools/stripe-local/ driven by the real `stripe` library, every answer checked against Stripe's
 * OpenAPI description (`validate: true`): saving cards on the hosted page, each test card's
 * behaviour, idempotency, authentication recovery, refunds, signed webhooks and the test faults.
 */
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStripeLocal, type StripeLocal } from '../../tools/stripe-local/server.ts';
import {
  answerChallenge, CANCEL_URL, customerWithCard, openSetupSession, postCardForm, startWebhookReceiver, stripeClientFor,
} from '../support/stripe-local-client.ts';

const WEBHOOK_SECRET = 'whsec_stripe_local_test_secret';

let local: StripeLocal;
let stripe: Stripe;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
const received: { raw: string; signature: string }[] = [];

beforeAll(async () => {
  receiver = await startWebhookReceiver((raw, signature) => {
    received.push({ raw, signature });
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

function chargeOffSession(customer: string, paymentMethod: string, orderKey: string, amount = 3_980) {
  return stripe.paymentIntents.create(
    { amount, currency: 'jpy', customer, payment_method: paymentMethod, confirm: true, off_session: true, metadata: { order_key: orderKey }, description: 'OshiBox' },
    { idempotencyKey: orderKey },
  );
}

async function cardErrorOf(promise: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  if (!(error instanceof Stripe.errors.StripeError)) throw new Error(`expected a Stripe error, got ${String(error)}`);
  return error;
}

describe('saving a card on the hosted page', () => {
  it.each([
    ['4242424242424242', 'visa', '123'],
    ['5555555555554444', 'mastercard', '123'],
    ['3566002020360505', 'jcb', '123'],
    ['378282246310005', 'amex', '1234'],
    ['36227206271667', 'diners', '123'],
  ])('saves %s as %s and completes the session', async (number, brand, cvc) => {
    const { customer, session, paymentMethod } = await customerWithCard(stripe, local.url, number, cvc);
    expect(session.status).toBe('complete');
    expect((session.setup_intent as Stripe.SetupIntent).status).toBe('succeeded');
    expect(paymentMethod.card).toMatchObject({ brand, last4: number.slice(-4), exp_month: 12, exp_year: 2034 });
    expect((await stripe.paymentMethods.retrieve(paymentMethod.id)).customer).toBe(customer.id);
  });

  it('shows the form again for a bad number, a past expiry, a short CVC; the session stays open', async () => {
    const customer = await stripe.customers.create();
    const session = await openSetupSession(stripe, customer.id);
    const page = await fetch(session.url ?? '');
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain(`href="${CANCEL_URL}"`);
    for (const fields of [{ number: '4242424242424241' }, { number: '4242424242424242', expiry: '01 / 20' }, { number: '378282246310005', cvc: '123' }]) {
      const answer = await postCardForm(session.url ?? '', fields);
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain('role="alert"');
    }
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('declines 4000000000000002 when saved: the error is shown and the session stays open', async () => {
    const customer = await stripe.customers.create();
    const session = await openSetupSession(stripe, customer.id);
    const answer = await postCardForm(session.url ?? '', { number: '4000000000000002' });
    expect(answer.status).toBe(400);
    expect(await answer.text()).toContain('Your card was declined');
    const after = await stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent'] });
    expect(after.status).toBe('open');
    expect((after.setup_intent as Stripe.SetupIntent).last_setup_error).toMatchObject({ code: 'card_declined', decline_code: 'generic_decline' });
  });

  it('ends the session after five declined cards (the card-testing rule)', async () => {
    const customer = await stripe.customers.create();
    const session = await openSetupSession(stripe, customer.id);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await postCardForm(session.url ?? '', { number: '4000000000000002' })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 410]);
    const after = await stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent'] });
    expect(after).toMatchObject({ status: 'expired', url: null, setup_intent: { status: 'canceled' } });
  });

  it('sends 4000002500003155 through 3-D Secure; a failed challenge returns to the form', async () => {
    const customer = await stripe.customers.create();
    const session = await openSetupSession(stripe, customer.id);
    const first = await postCardForm(session.url ?? '', { number: '4000002500003155' });
    const challenge = new URL(first.headers.get('location') ?? '', local.url).toString();
    expect(await (await fetch(challenge)).text()).toContain('認証する / Complete');
    const failed = await answerChallenge(challenge, 'fail');
    expect(failed.headers.get('location')).toBe(`/c/pay/${session.id}?error=auth`);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    await postCardForm(session.url ?? '', { number: '4000002500003155' });
    const done = await answerChallenge(challenge, 'complete');
    expect(done.headers.get('location')).toBe(`http://shop.test/api/credit-confirm?userId=1&session_id=${session.id}`);
  });

  it('expires a session on request', async () => {
    const customer = await stripe.customers.create();
    const session = await openSetupSession(stripe, customer.id);
    const expired = await stripe.checkout.sessions.expire(session.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    expect((await fetch(session.url ?? '')).status).toBe(410);
  });
});

describe('charging a saved card off-session', () => {
  it('charges once per idempotency key, and refuses the key with other parameters', async () => {
    const { customer, paymentMethod } = await customerWithCard(stripe, local.url, '4242424242424242');
    const intent = await chargeOffSession(customer.id, paymentMethod.id, 'uph-1-1');
    expect(intent).toMatchObject({ status: 'succeeded', amount: 3_980, currency: 'jpy', metadata: { order_key: 'uph-1-1' } });
    const again = await chargeOffSession(customer.id, paymentMethod.id, 'uph-1-1');
    expect(again.id).toBe(intent.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    const conflict = await cardErrorOf(chargeOffSession(customer.id, paymentMethod.id, 'uph-1-1', 5_000));
    expect(conflict.type).toBe('StripeIdempotencyError');
    const expanded = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
    expect(expanded.latest_charge).toMatchObject({ object: 'charge', status: 'succeeded', amount: 3_980, paid: true });
  });

  it('declines every charge on 4000000000000341 with a failed charge', async () => {
    const { customer, paymentMethod } = await customerWithCard(stripe, local.url, '4000000000000341');
    const error = await cardErrorOf(chargeOffSession(customer.id, paymentMethod.id, 'uph-341-1'));
    expect(error).toMatchObject({ type: 'StripeCardError', code: 'card_declined', decline_code: 'generic_decline', statusCode: 402 });
    expect(error.payment_intent).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'card_declined' } });
    const charge = await stripe.charges.retrieve(String(error.payment_intent?.latest_charge));
    expect(charge).toMatchObject({ status: 'failed', failure_code: 'card_declined', paid: false });
  });

  it('charges 4000002500003155 off-session without asking again', async () => {
    const { customer, paymentMethod } = await customerWithCard(stripe, local.url, '4000002500003155');
    expect((await chargeOffSession(customer.id, paymentMethod.id, 'uph-3155-1')).status).toBe('succeeded');
  });

  it('asks 4000002760003184 for authentication; the shopper completes it on the 3-D Secure page', async () => {
    const { customer, paymentMethod } = await customerWithCard(stripe, local.url, '4000002760003184');
    const error = await cardErrorOf(chargeOffSession(customer.id, paymentMethod.id, 'uph-3184-1'));
    expect(error).toMatchObject({ type: 'StripeCardError', code: 'authentication_required', statusCode: 402 });
    const intentId = error.payment_intent?.id ?? '';
    expect(error.payment_intent).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'authentication_required' } });
    const returnUrl = 'http://shop.test/api/charge-return?order=uph-3184-1';
    const waiting = await stripe.paymentIntents.confirm(intentId, { payment_method: paymentMethod.id, off_session: false, return_url: returnUrl });
    expect(waiting.status).toBe('requires_action');
    expect(waiting.next_action).toMatchObject({ type: 'redirect_to_url', redirect_to_url: { return_url: returnUrl } });
    const page = waiting.next_action?.redirect_to_url?.url ?? '';
    expect((await fetch(page)).status).toBe(200);
    const back = new URL((await answerChallenge(page, 'complete')).headers.get('location') ?? '');
    expect(Object.fromEntries(back.searchParams)).toMatchObject({ order: 'uph-3184-1', payment_intent: intentId, redirect_status: 'succeeded' });
    expect((await stripe.paymentIntents.retrieve(intentId)).status).toBe('succeeded');
  });

  it('leaves the payment needing a method when the challenge fails', async () => {
    const { customer, paymentMethod } = await customerWithCard(stripe, local.url, '4000002760003184');
    const error = await cardErrorOf(chargeOffSession(customer.id, paymentMethod.id, 'uph-3184-2'));
    const intentId = error.payment_intent?.id ?? '';
    expect(error.payment_intent?.payment_method).toBeNull();
    const failedCard = error.payment_intent?.last_payment_error?.payment_method?.id;
    expect(failedCard).toBe(paymentMethod.id);
    const waiting = await stripe.paymentIntents.confirm(intentId, { payment_method: failedCard, off_session: false, return_url: 'http://shop.test/back' });
    const back = new URL((await answerChallenge(waiting.next_action?.redirect_to_url?.url ?? '', 'fail')).headers.get('location') ?? '');
    expect(back.searchParams.get('redirect_status')).toBe('failed');
    const after = await stripe.paymentIntents.retrieve(intentId);
    expect(after).toMatchObject({ status: 'requires_payment_method', last_payment_error: { code: 'payment_intent_authentication_failure' } });
  });

  it('lists a customer\'s payments newest first and finds one by its order key', async () => {
    const { customer, paymentMethod } = await customerWithCard(stripe, local.url, '4242424242424242');
    const keys = ['uph-9-1', 'uph-9-2', 'uph-9-3'];
    for (const key of keys) await chargeOffSession(customer.id, paymentMethod.id, key);
    const page1 = await stripe.paymentIntents.list({ customer: customer.id, limit: 2 });
    expect(page1.data.map((p) => p.metadata.order_key)).toEqual(['uph-9-3', 'uph-9-2']);
    expect(page1.has_more).toBe(true);
    const page2 = await stripe.paymentIntents.list({ customer: customer.id, limit: 2, starting_after: page1.data[1]?.id });
    expect(page2.data.map((p) => p.metadata.order_key)).toEqual(['uph-9-1']);
    const found = await stripe.paymentIntents.search({ query: "metadata['order_key']:'uph-9-2'" });
    expect(found.data.map((p) => p.id)).toEqual([page1.data[1]?.id]);
  });

  it('cancels a payment waiting for authentication', async () => {
    const { customer, paymentMethod } = await customerWithCard(stripe, local.url, '4000002760003184');
    const error = await cardErrorOf(chargeOffSession(customer.id, paymentMethod.id, 'uph-3184-3'));
    const canceled = await stripe.paymentIntents.cancel(error.payment_intent?.id ?? '');
    expect(canceled.status).toBe('canceled');
  });
});

describe('refunds', () => {
  it('refunds part, refuses more than is left, and lists the refunds', async () => {
    const { customer, paymentMethod } = await customerWithCard(stripe, local.url, '4242424242424242');
    const intent = await chargeOffSession(customer.id, paymentMethod.id, 'uph-r-1');
    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 1_000, reason: 'requested_by_customer', metadata: { refund_key: 'rf-1' } }, { idempotencyKey: 'rf-1' });
    expect(refund).toMatchObject({ status: 'succeeded', amount: 1_000, payment_intent: intent.id });
    const over = await cardErrorOf(stripe.refunds.create({ payment_intent: intent.id, amount: 3_000 }));
    expect(over).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400 });
    expect(over.message).toContain('greater than unrefunded amount');
    const list = await stripe.refunds.list({ payment_intent: intent.id });
    expect(list.data.map((r) => r.id)).toEqual([refund.id]);
    expect((await stripe.refunds.retrieve(refund.id)).amount).toBe(1_000);
  });
});
