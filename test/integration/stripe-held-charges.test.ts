/**
 * Issue 30 (docs/decisions/0064-late-authentication.md) through the real Stripe adapter against
 * the local Stripe-compatible server: a billing charge the bank holds for 3-D Secure is a
 * PaymentIntent left open (`requires_payment_method` after `authentication_required`, as Stripe
 * leaves an off-session one) that the fan can still confirm on the bank's page. A retry cancels the superseded one, the ship-date pass cancels
 * the one still waiting, and one the fan authenticated too late is refunded in full at Stripe,
 * whether the pass or the webhook finds it first.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requeueRetries } from '../../api/billing/retries.ts';
import type { StripeProvider } from '../../api/payment/stripe/stripe-provider.ts';
import { startStripeLocal, type StripeLocal } from '../../tools/stripe-local/server.ts';
import { saveCardOnHostedPage, stripeProviderFor } from '../support/stripe-gateway.ts';
import { answerChallenge } from '../support/stripe-local-client.ts';
import { MINUTE } from './api-account-fixtures.ts';
import { NEXT_DEADLINE, OPEN_DEADLINE, seedCatalogue, startSubscriptionApi, type AccountApi, type Catalogue } from './api-user-plan-fixtures.ts';
import { billingContext, billingRowsOf, runPass } from './billing-fixtures.ts';

const SECRET = 'whsec_held_charges_secret_0123';
/** 3-D Secure when saved, and every off-session charge held with authentication_required. */
const ALWAYS_AUTHENTICATE = '4000002760003184';
const SHIP_DATE = new Date('2027-01-25T01:00:00.000Z');

let local: StripeLocal;
let api: AccountApi;
let provider: StripeProvider;
let shop: Catalogue;
const fans: Record<'retried' | 'waits' | 'paidLate' | 'webhookLate', number> = { retried: 0, waits: 0, paidLate: 0, webhookLate: 0 };

/** A fan subscribed to the light plan since December, its card saved at the local Stripe. */
async function addFan(tag: string): Promise<number> {
  const now = new Date(OPEN_DEADLINE.getTime() + 86_400_000);
  const user = await api.db.insertInto('users').values({
    email: `held-${tag}-${process.pid}@example.com`, password_hash: 'scrypt$salt$hash', name: `推野 ${tag}`,
    zip: '1500002', address: '東京都渋谷区渋谷', address2: '2-24-12', tel: '0312345678', payment_method: 'CARD',
  }).returning('id').executeTakeFirstOrThrow();
  const { result } = await saveCardOnHostedPage(provider, user.id, ALWAYS_AUTHENTICATE);
  if (result.status !== 'registered') throw new Error('card not saved');
  await api.db.insertInto('user_cards').values({
    user_id: user.id, token: result.token, brand: result.brand, last4: result.last4, expiry: result.expiry, provider: 'stripe', updated_at: now,
  }).execute();
  await api.db.insertInto('user_plans').values({ user_id: user.id, plan_id: shop.light, status: 'ACTIVE', created_at: now, updated_at: now }).execute();
  return user.id;
}

const rowOf = async (userId: number) => (await billingRowsOf(api, userId, shop.nextRound.light))[0]!;
const intentOf = (id: string) => provider.client.paymentIntents.retrieve(id);

/** The fan passes the bank's page of the held PaymentIntent (the local server's 3-D Secure page). */
async function authenticate(userId: number): Promise<void> {
  const row = await rowOf(userId);
  const start = await provider.startChargeAuthentication({ chargeId: row.charge_id!, orderKey: row.charge_key, returnUrl: 'http://shop.test/back' });
  if (start.status !== 'redirect') throw new Error(`expected the bank's page, got ${start.status}`);
  expect((await answerChallenge(start.url, 'complete')).status).toBe(303);
  expect((await intentOf(row.charge_id!)).status).toBe('succeeded');
}

/** The local server's payment_intent.succeeded event of this PaymentIntent, signed and posted as Stripe delivers it. */
async function postSucceeded(intentId: string) {
  const event = local.control.events.filter((e) => e.type === 'payment_intent.succeeded' && (e.body.data as { object: { id: string } }).object.id === intentId).pop();
  if (!event) throw new Error('no payment_intent.succeeded event');
  const payload = JSON.stringify(event.body);
  const signature = provider.client.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  return request(api.app).post('/api/webhooks/stripe').set('content-type', 'application/json').set('stripe-signature', signature).send(payload);
}

beforeAll(async () => {
  local = await startStripeLocal({ port: 0, validate: true });
  api = await startSubscriptionApi({ paymentProvider: ({ db }) => (provider = stripeProviderFor(db, local.url, { webhookSecret: SECRET })) });
  shop = await seedCatalogue(api.db);
  for (const tag of Object.keys(fans) as (keyof typeof fans)[]) fans[tag] = await addFan(tag);
  api.clock.now = new Date(NEXT_DEADLINE.getTime() + MINUTE);
  expect(await runPass(api)).toMatchObject({ reserved: 4, declined: 4, charged: 0 });
  for (const userId of Object.values(fans)) {
    const row = await rowOf(userId);
    expect(row).toMatchObject({ payment_status: 'ERROR', action_required_at: expect.any(Date) });
    expect((await intentOf(row.charge_id!)).status).toBe('requires_payment_method');
  }
}, 120_000);

afterAll(async () => {
  expect(local?.control.validationErrors).toEqual([]);
  await api?.close();
  await local?.close();
});

describe('held PaymentIntents at Stripe', () => {
  it('a retry cancels the superseded PaymentIntent; the new attempt holds its own', async () => {
    const old = await rowOf(fans.retried);
    expect(await requeueRetries(billingContext(api), { historyId: old.id }, true)).toBe(1);
    expect((await intentOf(old.charge_id!)).status).toBe('canceled');
    await runPass(api);
    const again = await rowOf(fans.retried);
    expect(again).toMatchObject({ payment_status: 'ERROR', attempts: 2, action_required_at: expect.any(Date) });
    expect(again.charge_id).not.toBe(old.charge_id);
    expect((await intentOf(again.charge_id!)).status).toBe('requires_payment_method');
  });

  it('a late success told by the webhook after the ship date is refunded in full at Stripe, not recorded paid', async () => {
    await authenticate(fans.webhookLate);
    api.clock.now = new Date(SHIP_DATE.getTime() + MINUTE);
    const row = await rowOf(fans.webhookLate);
    expect((await postSucceeded(row.charge_id!)).status).toBe(200);
    expect(await rowOf(fans.webhookLate)).toMatchObject({ payment_status: 'CANCEL', refund_status: 'refunded', refund_box: 'stop' });
    const refunds = await provider.client.refunds.list({ payment_intent: row.charge_id! });
    expect(refunds.data.map((r) => [r.amount, r.status, r.metadata?.refund_key])).toEqual([[3960, 'succeeded', `refund-${row.id}`]]);
  });

  it('the ship-date pass cancels every PaymentIntent still held, and refunds in full the one authenticated just before', async () => {
    api.clock.now = new Date(SHIP_DATE.getTime() - MINUTE);
    await authenticate(fans.paidLate);
    api.clock.now = new Date(SHIP_DATE.getTime() + 2 * MINUTE);
    expect(await runPass(api)).toMatchObject({ heldEnded: 3 });
    for (const userId of [fans.waits, fans.retried]) {
      const row = await rowOf(userId);
      expect(row).toMatchObject({ payment_status: 'ERROR', action_required_at: null, paid_at: null });
      expect((await intentOf(row.charge_id!)).status).toBe('canceled');
    }
    const late = await rowOf(fans.paidLate);
    expect(late).toMatchObject({ payment_status: 'CANCEL', refund_status: 'refunded', paid_at: expect.any(Date) });
    expect((await intentOf(late.charge_id!)).status).toBe('succeeded');
    const refunds = await provider.client.refunds.list({ payment_intent: late.charge_id! });
    expect(refunds.data.map((r) => [r.amount, r.status, r.metadata?.refund_key])).toEqual([[3960, 'succeeded', `refund-${late.id}`]]);
    // The webhook of that success, arriving after: nothing moves, nothing is refunded twice.
    expect((await postSucceeded(late.charge_id!)).status).toBe(200);
    expect(await rowOf(fans.paidLate)).toMatchObject({ payment_status: 'CANCEL', refund_status: 'refunded' });
    expect((await provider.client.refunds.list({ payment_intent: late.charge_id! })).data).toHaveLength(1);
  });
});
