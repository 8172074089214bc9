/**
 * The shop's card pages with PAYMENT_PROVIDER=stripe, against the local Stripe-compatible server:
 * /api/credit opens Stripe's Checkout page (setup mode), the return saves the card with its
 * gateway, and a shopper who closed the tab gets the card from checkout.session.completed.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeProvider } from '../../api/payment/stripe/stripe-provider.ts';
import { startStripeLocal, type StripeLocal } from '../../tools/stripe-local/server.ts';
import { answerChallenge, postCardForm } from '../support/stripe-local-client.ts';
import { stripeProviderFor } from '../support/stripe-gateway.ts';
import { startAccountApi, type AccountApi } from './api-account-fixtures.ts';
import { addShopper, followBack, type Shopper } from './api-payment-fixtures.ts';

const SECRET = 'whsec_payment_stripe_test_0123';
const RETURN = '/mypage/profile/payment';

let local: StripeLocal;
let api: AccountApi;
let provider: StripeProvider;

beforeAll(async () => {
  local = await startStripeLocal({ port: 0, validate: true });
  api = await startAccountApi({ paymentProvider: ({ db }) => (provider = stripeProviderFor(db, local.url, { webhookSecret: SECRET })) });
});

afterAll(async () => {
  expect(local.control.validationErrors).toEqual([]);
  await api?.close();
  await local?.close();
});

/** GET /api/credit, then the card typed on the hosted page (3-D Secure completed when asked). */
async function typeCard(shopper: Shopper, number: string): Promise<{ url: string; location: string }> {
  const start = await request(api.app).get('/api/credit').query({ retUrl: RETURN }).set('cookie', shopper.cookie);
  expect(start.status).toBe(200);
  const url = (start.body as { url: string }).url;
  expect(url.startsWith(`${local.url}/c/pay/cs_`)).toBe(true);
  let answer = await postCardForm(url, { number });
  const next = answer.headers.get('location') ?? '';
  if (next.endsWith('/3ds')) answer = await answerChallenge(new URL(next, url).toString(), 'complete');
  expect(answer.status).toBe(303);
  return { url, location: answer.headers.get('location') ?? '' };
}

const cardOf = (userId: number) => api.db.selectFrom('user_cards').selectAll().where('user_id', '=', userId).executeTakeFirst();

describe('saving a card at Stripe through the shop', () => {
  it('the return confirms it at Stripe and keeps brand, last four, expiry and the gateway', async () => {
    const shopper = await addShopper(api);
    const { location } = await typeCard(shopper, '36227206271667');
    const back = new URL(location);
    expect(back.pathname).toBe('/api/credit-confirm');
    expect(back.searchParams.get('registrationId')).toMatch(/^cs_/);
    const confirmed = await followBack(api, shopper, `${back.pathname}${back.search}`);
    expect(confirmed.headers.location).toBe(`${RETURN}?card=registered`);
    expect(await cardOf(shopper.id)).toMatchObject({ brand: 'Diners Club', last4: '1667', expiry: '12/34', provider: 'stripe', token: expect.stringMatching(/^pm_/) });
    const again = await followBack(api, shopper, `${back.pathname}${back.search}`);
    expect(again.headers.location).toBe(`${RETURN}?card=registered`);
    const history = await api.db.selectFrom('payment_method_histories').select('card_last4').where('user_id', '=', shopper.id).execute();
    expect(history).toHaveLength(1);
  });

  it('a shopper who closed the tab before the return still gets the card (checkout.session.completed)', async () => {
    const shopper = await addShopper(api);
    const { url } = await typeCard(shopper, '5555555555554444');
    const sessionId = new URL(url).pathname.split('/').pop() ?? '';
    const event = local.control.events.filter((e) => e.type === 'checkout.session.completed' && (e.body.data as { object: { id: string } }).object.id === sessionId).pop();
    if (!event) throw new Error('no checkout.session.completed event');
    const payload = JSON.stringify(event.body);
    const signature = provider.client.webhooks.generateTestHeaderString({ payload, secret: SECRET });
    const res = await request(api.app).post('/api/webhooks/stripe').set('content-type', 'application/json').set('stripe-signature', signature).send(payload);
    expect(res.status).toBe(200);
    expect(await cardOf(shopper.id)).toMatchObject({ brand: 'Mastercard', last4: '4444', provider: 'stripe' });
    expect((await api.db.selectFrom('users').select('payment_method').where('id', '=', shopper.id).executeTakeFirstOrThrow()).payment_method).toBe('CARD');
  });

  it('cancel on the hosted page comes back without a registration id: nothing saved', async () => {
    const shopper = await addShopper(api);
    const start = await request(api.app).get('/api/credit').query({ retUrl: RETURN }).set('cookie', shopper.cookie);
    const page = await fetch((start.body as { url: string }).url);
    const html = await page.text();
    const cancel = /href="([^"]*credit-confirm[^"]*)"/.exec(html)?.[1]?.replace(/&(?:amp|#38);/g, '&') ?? '';
    expect(cancel).not.toContain('registrationId');
    const back = new URL(cancel);
    const res = await followBack(api, shopper, `${back.pathname}${back.search}`);
    expect({ status: res.status, location: res.headers.location, cancel }).toEqual({ status: 303, location: `${RETURN}?card=cancelled`, cancel });
    expect(await cardOf(shopper.id)).toBeUndefined();
  });
});
