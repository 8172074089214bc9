/**
 * Issue 35 (docs/decisions/0094-stripe-pacing.md): billing on Stripe at Stripe's pace, against the
 * local Stripe-compatible server emulating Stripe's rate limiter (5 writes a second here). Paced
 * at the server's limit, a pass charges every box once with one PaymentIntent per order key, no
 * search, no decline, nothing in doubt. Paced above it, the server answers 429s, the shop backs off
 * and sends the same request again, and the result is the same. A charge still refused at its
 * deadline is put back and charged by a later pass with the same key, without a search. An event
 * about a box billing already recorded costs no Stripe call.
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBilling, type BillingSummary } from '../../api/billing/run-billing.ts';
import type { StripeProvider } from '../../api/payment/stripe/stripe-provider.ts';
import { startStripeLocal, type StripeLocal } from '../../tools/stripe-local/server.ts';
import { saveCardOnHostedPage, stripeProviderFor } from '../support/stripe-gateway.ts';
import { MINUTE } from './api-account-fixtures.ts';
import { NEXT_DEADLINE, OPEN_DEADLINE, seedCatalogue, startSubscriptionApi, type AccountApi, type Catalogue } from './api-user-plan-fixtures.ts';
import { BILLING_OPTIONS, billingContext } from './billing-fixtures.ts';

const SECRET = 'whsec_rate_limit_secret_0123';
/** Stripe-local's limit: writes (a charge is one) a second. */
const WRITES = 5;
const FANS_PER_PLAN = 10;
const SEARCH = 'GET /v1/payment_intents/search';

let local: StripeLocal;
let api: AccountApi;
let shop: Catalogue;
type Lot = 'light' | 'premium' | 'other';
const LOTS: Lot[] = ['light', 'premium', 'other'];
/** Each lot: a plan, its round due now, and its fans. */
const lots = {} as Record<Lot, { planId: number; roundId: number; fans: number[] }>;

/** A fan subscribed to `plan` since December, a card saved at the local Stripe. */
async function addFan(provider: StripeProvider, lot: Lot, n: number): Promise<number> {
  const now = new Date(OPEN_DEADLINE.getTime() + 86_400_000);
  const user = await api.db.insertInto('users').values({
    email: `pace-${lot}-${n}-${process.pid}@example.com`, password_hash: 'scrypt$salt$hash', name: `推野 ${n}`,
    zip: '1500002', address: '東京都渋谷区渋谷', address2: '2-24-12', tel: '0312345678', payment_method: 'CARD',
  }).returning('id').executeTakeFirstOrThrow();
  const { result } = await saveCardOnHostedPage(provider, user.id, '4242424242424242');
  if (result.status !== 'registered') throw new Error('card not saved');
  await api.db.insertInto('user_cards').values({
    user_id: user.id, token: result.token, brand: result.brand, last4: result.last4, expiry: result.expiry, provider: 'stripe', updated_at: now,
  }).execute();
  await api.db.insertInto('user_plans').values({ user_id: user.id, plan_id: lots[lot].planId, status: 'ACTIVE', created_at: now, updated_at: now }).execute();
  return user.id;
}

const rowsOf = (lot: Lot) => api.db.selectFrom('plan_order_histories').selectAll()
  .where('plan_order_id', '=', lots[lot].roundId).where('origin', '=', 'billing').execute();

const passOver = (provider: StripeProvider, lot: Lot) => runBilling(billingContext(api, { paymentProvider: provider }), BILLING_OPTIONS, { roundId: lots[lot].roundId });

/**
 * Passes over one round with the shop paced by `provider`, until no box is left to charge: a box
 * the rate limit refused to the end is put back for a few seconds, and the next pass charges it.
 */
async function chargeRound(provider: StripeProvider, lot: Lot, passes: BillingSummary[] = []): Promise<BillingSummary[]> {
  await expect.poll(async () => {
    passes.push(await passOver(provider, lot));
    return (await rowsOf(lot)).filter((r) => r.payment_status === 'BEFORE').length;
  }, { timeout: 60_000, interval: 500 }).toBe(0);
  return passes;
}

const sum = (passes: BillingSummary[], key: 'charged' | 'declined' | 'inDoubt') => passes.reduce((n, p) => n + p[key], 0);
const callsAtStripe = () => local.control.summary().calls as Record<string, number>;
const limitedWrites = () => (local.control.summary().rateLimited as { write: number }).write;

/**
 * Every box of the round paid, once: one PaymentIntent per order key, its id on the row, claimed
 * once in the end (never looked up), the charged mail and no other; no search at Stripe.
 */
async function expectEachChargedOnce(lot: Lot, passes: BillingSummary[]): Promise<void> {
  const rows = await rowsOf(lot);
  expect(rows).toHaveLength(FANS_PER_PLAN);
  expect(rows.map((r) => [r.payment_status, r.attempts, r.claims])).toEqual(Array(FANS_PER_PLAN).fill(['SUCCESS', 1, 1]));
  expect({ charged: sum(passes, 'charged'), declined: sum(passes, 'declined'), inDoubt: sum(passes, 'inDoubt') })
    .toEqual({ charged: FANS_PER_PLAN, declined: 0, inDoubt: 0 });
  for (const row of rows) {
    const intents = new Set(local.control.events.map((e) => (e.body.data as { object: { id: string; object: string; metadata?: Record<string, string> } }).object)
      .filter((o) => o.object === 'payment_intent' && o.metadata?.order_key === row.charge_key).map((o) => o.id));
    expect([...intents]).toEqual([row.charge_id]);
  }
  const mails = await api.db.selectFrom('billing_mails').select('kind').where('user_id', 'in', lots[lot].fans).where('kind', 'in', ['charged', 'failed']).execute();
  expect(mails.map((m) => m.kind)).toEqual(Array(FANS_PER_PLAN).fill('charged'));
  expect(callsAtStripe()[SEARCH]).toBeUndefined();
}

/** The local server's payment_intent.succeeded event of this PaymentIntent, signed and posted as Stripe delivers it. */
async function postSucceeded(provider: StripeProvider, intentId: string) {
  const event = local.control.events.find((e) => e.type === 'payment_intent.succeeded' && (e.body.data as { object: { id: string } }).object.id === intentId);
  if (!event) throw new Error('no payment_intent.succeeded event');
  const payload = JSON.stringify(event.body);
  const signature = provider.client.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  return request(api.app).post('/api/webhooks/stripe').set('content-type', 'application/json').set('stripe-signature', signature).send(payload);
}

let webhookProvider: StripeProvider;

beforeAll(async () => {
  // No webhook endpoint on the server: the test posts the events itself, after billing recorded them.
  local = await startStripeLocal({ port: 0, validate: true });
  api = await startSubscriptionApi({ paymentProvider: ({ db }) => (webhookProvider = stripeProviderFor(db, local.url, { webhookSecret: SECRET })) });
  shop = await seedCatalogue(api.db);
  const other = await api.db.selectFrom('plan_orders').select('id').where('plan_id', '=', shop.otherArtistPlan).where('end_date', '=', NEXT_DEADLINE).executeTakeFirstOrThrow();
  lots.light = { planId: shop.light, roundId: shop.nextRound.light, fans: [] };
  lots.premium = { planId: shop.premium, roundId: shop.nextRound.premium, fans: [] };
  lots.other = { planId: shop.otherArtistPlan, roundId: other.id, fans: [] };
  for (const lot of LOTS) {
    for (let n = 0; n < FANS_PER_PLAN; n += 1) lots[lot].fans.push(await addFan(webhookProvider, lot, n));
  }
  local.control.setRateLimit({ read: 100, write: WRITES });
  api.clock.now = new Date(NEXT_DEADLINE.getTime() + MINUTE);
}, 120_000);

afterAll(async () => {
  expect(local?.control.validationErrors).toEqual([]);
  await api?.close();
  await local?.close();
});

describe('billing at Stripe\'s pace', () => {
  it('paced at the limit: every box charged once with its order key, no search, no decline, nothing in doubt', async () => {
    const paced = stripeProviderFor(api.db, local.url, { rates: { read: 100, write: WRITES } });
    await expectEachChargedOnce('light', await chargeRound(paced, 'light'));
  }, 90_000);

  it('paced above the limit: Stripe answers 429, the shop backs off and sends the same charge again; still each charged once', async () => {
    const before = limitedWrites();
    const eager = stripeProviderFor(api.db, local.url, { rates: { read: 100, write: 4 * WRITES } });
    const passes = await chargeRound(eager, 'premium');
    expect(limitedWrites()).toBeGreaterThan(before);
    await expectEachChargedOnce('premium', passes);
  }, 90_000);

  it('a charge Stripe still refuses at its deadline is put back, neither declined nor in doubt, and charged later with the same key', async () => {
    // One write a second at the server, and a shop in a hurry (1 s a call): most charges of a pass run out of 429s.
    local.control.setRateLimit({ read: 100, write: 1 });
    let first: BillingSummary;
    try {
      const hurried = stripeProviderFor(api.db, local.url, { rates: { read: 100, write: 100 }, timeoutMs: 1_000 });
      first = await passOver(hurried, 'other');
      expect(first).toMatchObject({ declined: 0, inDoubt: 0 });
      const putBack = (await rowsOf('other')).filter((r) => r.payment_status === 'BEFORE');
      expect(putBack.length).toBeGreaterThan(0);
      expect(putBack.every((r) => r.claims === 0)).toBe(true);
    } finally {
      local.control.setRateLimit({ read: 100, write: WRITES });
    }
    // Later passes (Stripe at its usual limit again) charge them with their keys, directly.
    const paced = stripeProviderFor(api.db, local.url, { rates: { read: 100, write: WRITES } });
    await expectEachChargedOnce('other', await chargeRound(paced, 'other', [first]));
  }, 90_000);

  it('an event about a box billing already recorded is applied without a Stripe call', async () => {
    const rows = await rowsOf('light');
    const before = callsAtStripe();
    for (const row of rows) expect((await postSucceeded(webhookProvider, row.charge_id!)).status).toBe(200);
    expect(callsAtStripe()).toEqual(before);
    const applied = await api.db.selectFrom('stripe_events').select('applied_at').where('object_id', 'in', rows.map((r) => r.charge_id!)).execute();
    expect(applied).toHaveLength(FANS_PER_PLAN);
    expect(applied.every((e) => e.applied_at !== null)).toBe(true);
    expect((await rowsOf('light')).every((r) => r.payment_status === 'SUCCESS')).toBe(true);
  });
});
