/**
 * POST /api/webhooks/stripe through the API, with the Stripe adapter against the local
 * Stripe-compatible server: events are signed as Stripe signs them, each is applied once by
 * looking its object up, a forged or stale one is refused and stores nothing.
 */
import { partialRefundKeyOf } from '../../api/user-plan/round-charge.ts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeProvider } from '../../api/payment/stripe/stripe-provider.ts';
import { startStripeLocal, type StripeLocal } from '../../tools/stripe-local/server.ts';
import { insertChargedCustomer } from '../support/charged-customer.ts';
import { saveCardOnHostedPage, stripeProviderFor } from '../support/stripe-gateway.ts';
import { startAccountApi, type AccountApi } from './api-account-fixtures.ts';
import { expectApiError, startApi } from './api-fixtures.ts';

const SECRET = 'whsec_webhook_test_secret_0123';
const PATH = '/api/webhooks/stripe';

let local: StripeLocal;
let api: AccountApi;
let provider: StripeProvider;
let serial = 0;

beforeAll(async () => {
  local = await startStripeLocal({ port: 0, validate: true });
  api = await startAccountApi({ paymentProvider: ({ db }) => (provider = stripeProviderFor(db, local.url, { webhookSecret: SECRET })) });
});

afterAll(async () => {
  expect(local.control.validationErrors).toEqual([]);
  await api?.close();
  await local?.close();
});

function post(payload: string, timestamp?: number, secret = SECRET) {
  const signature = provider.client.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return request(api.app).post(PATH).set('content-type', 'application/json').set('stripe-signature', signature).send(payload);
}

/** The local server's latest event of `type` about `objectId`, as it would deliver it. */
function eventAbout(type: string, objectId: string): string {
  const found = local.control.events.filter((e) => e.type === type && (e.body.data as { object: { id: string } }).object.id === objectId).pop();
  if (!found) throw new Error(`no ${type} event for ${objectId}`);
  return JSON.stringify(found.body);
}

/** A billing round waiting for its charge, of a shopper with a card saved at the local server. */
async function billingRound(card = '4242424242424242') {
  serial += 1;
  const customer = await insertChargedCustomer(api.db, `webhook-${serial}`, api.clock.now);
  const { result } = await saveCardOnHostedPage(provider, customer.userId, card);
  if (result.status !== 'registered') throw new Error('card not saved');
  await api.db.updateTable('user_cards').set({ token: result.token, provider: 'stripe' }).where('user_id', '=', customer.userId).execute();
  const orderKey = `bill-webhook-${serial}-${Date.now()}`;
  await api.db.updateTable('plan_order_histories')
    .set({ origin: 'billing', payment_status: 'BEFORE', charge_key: orderKey, charge_id: null, paid_at: null })
    .where('id', '=', customer.historyId).execute();
  return { ...customer, orderKey, token: result.token };
}

const roundOf = (id: number) => api.db.selectFrom('plan_order_histories').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const storedEvents = () => api.db.selectFrom('stripe_events').select(['id', 'applied_at']).execute();

/** The round charged at Stripe while the shop's own answer was lost (in doubt): only the webhook tells it. */
async function chargedInDoubt() {
  const round = await billingRound();
  const paid = await provider.charge({ orderKey: round.orderKey, userId: round.userId, amount: round.total, description: 'OshiBox', source: { kind: 'card', token: round.token } });
  expect(paid.status).toBe('succeeded');
  return { round, intentId: paid.chargeId };
}

describe('POST /api/webhooks/stripe', () => {
  it('applies a signed payment_intent.succeeded once: the round is paid; a replay does nothing', async () => {
    const { round, intentId } = await chargedInDoubt();
    const event = eventAbout('payment_intent.succeeded', intentId);
    const first = await post(event);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true });
    expect(await roundOf(round.historyId)).toMatchObject({ payment_status: 'SUCCESS', charge_id: intentId, paid_at: expect.any(Date) });
    const replay = await post(event);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual({ received: true, replay: true });
    const id = (JSON.parse(event) as { id: string }).id;
    expect((await storedEvents()).filter((e) => e.id === id)).toEqual([{ id, applied_at: expect.any(Date) }]);
  });

  it('an event whose look-up fails answers 503 and stays unapplied; Stripe\'s retry applies it', async () => {
    const { round, intentId } = await chargedInDoubt();
    const event = eventAbout('payment_intent.succeeded', intentId);
    const id = (JSON.parse(event) as { id: string }).id;
    // The first try and the library's two network retries all meet a Stripe 500.
    local.control.failNext(`/v1/payment_intents/${intentId}`, 3);
    expectApiError(await post(event), 503, 'UPSTREAM_UNAVAILABLE');
    expect((await storedEvents()).filter((e) => e.id === id)).toEqual([{ id, applied_at: null }]);
    expect((await roundOf(round.historyId)).payment_status).toBe('BEFORE');
    expect((await post(event)).body).toEqual({ received: true });
    expect((await roundOf(round.historyId)).payment_status).toBe('SUCCESS');
  });

  it('a failure event after the success leaves the round paid (Stripe is asked, not the event)', async () => {
    const { round, intentId } = await chargedInDoubt();
    expect((await post(eventAbout('payment_intent.succeeded', intentId))).status).toBe(200);
    expect((await roundOf(round.historyId)).payment_status).toBe('SUCCESS');
    const stale = JSON.parse(eventAbout('payment_intent.succeeded', intentId)) as Record<string, unknown>;
    const failed = JSON.stringify({ ...stale, id: `evt_stale_failed_${serial}`, type: 'payment_intent.payment_failed' });
    expect((await post(failed)).status).toBe(200);
    expect((await roundOf(round.historyId)).payment_status).toBe('SUCCESS');
  });

  it('refuses a forged signature and a missing one with 400, storing nothing', async () => {
    const { intentId } = await chargedInDoubt();
    const event = eventAbout('payment_intent.succeeded', intentId);
    const before = (await storedEvents()).length;
    expectApiError(await post(event, undefined, 'whsec_someone_else_secret_99'), 400, 'BAD_REQUEST', ['stripe-signature']);
    expectApiError(await request(api.app).post(PATH).set('content-type', 'application/json').send(event), 400, 'BAD_REQUEST', ['stripe-signature']);
    const tampered = event.replace('"livemode":false', '"livemode":true');
    const signature = provider.client.webhooks.generateTestHeaderString({ payload: event, secret: SECRET });
    expectApiError(await request(api.app).post(PATH).set('stripe-signature', signature).set('content-type', 'application/json').send(tampered), 400, 'BAD_REQUEST');
    expect(await storedEvents()).toHaveLength(before);
  });

  it('refuses a signature older than five minutes (a replay), storing nothing', async () => {
    const { intentId } = await chargedInDoubt();
    const before = (await storedEvents()).length;
    const stale = Math.floor(Date.now() / 1000) - 6 * 60;
    expectApiError(await post(eventAbout('payment_intent.succeeded', intentId), stale), 400, 'BAD_REQUEST');
    expect(await storedEvents()).toHaveLength(before);
  });

  it('refunds a payment no round holds (an earlier attempt authenticated late)', async () => {
    const round = await billingRound();
    const orphanKey = `${round.orderKey}-old`;
    const paid = await provider.charge({ orderKey: orphanKey, userId: round.userId, amount: 1_000, description: 'OshiBox', source: { kind: 'card', token: round.token } });
    expect((await post(eventAbout('payment_intent.succeeded', paid.chargeId))).status).toBe(200);
    const refunds = await provider.client.refunds.list({ payment_intent: paid.chargeId });
    expect(refunds.data.map((r) => [r.amount, r.metadata?.refund_key])).toEqual([[1_000, `orphan-${orphanKey}`]]);
  });

  it('flags the round of a disputed charge for staff', async () => {
    const { round, intentId } = await chargedInDoubt();
    await post(eventAbout('payment_intent.succeeded', intentId));
    const dispute = local.control.createDispute(intentId, 'fraudulent');
    expect((await post(eventAbout('charge.dispute.created', dispute.id))).status).toBe(200);
    expect(await roundOf(round.historyId)).toMatchObject({ dispute_id: dispute.id, dispute_status: 'needs_response' });
    local.control.closeDispute(dispute.id, 'won');
    expect((await post(eventAbout('charge.dispute.closed', dispute.id))).status).toBe(200);
    expect(await roundOf(round.historyId)).toMatchObject({ dispute_id: dispute.id, dispute_status: 'won' });
  });

  it('keeps a card the network updated: new last four and expiry, same token, a history line', async () => {
    const round = await billingRound();
    local.control.updateCardByNetwork(round.token, { last4: '1111', expMonth: 3, expYear: 2031 });
    expect((await post(eventAbout('payment_method.automatically_updated', round.token))).status).toBe(200);
    const card = await api.db.selectFrom('user_cards').selectAll().where('user_id', '=', round.userId).executeTakeFirstOrThrow();
    expect(card).toMatchObject({ token: round.token, last4: '1111', expiry: '03/31', provider: 'stripe' });
    const history = await api.db.selectFrom('payment_method_histories').select(['card_last4']).where('user_id', '=', round.userId).execute();
    expect(history.map((h) => h.card_last4)).toContain('1111');
  });

  it('confirms a pending refund once Stripe says it succeeded', async () => {
    const { round, intentId } = await chargedInDoubt();
    await post(eventAbout('payment_intent.succeeded', intentId));
    await api.db.updateTable('plan_order_histories').set({ refund_status: 'pending' }).where('id', '=', round.historyId).execute();
    const refund = await provider.client.refunds.create({ payment_intent: intentId, amount: round.total });
    expect((await post(eventAbout('refund.created', refund.id))).status).toBe(200);
    expect(await roundOf(round.historyId)).toMatchObject({ refund_status: 'refunded', refunded_at: expect.any(Date) });
  });

  it("confirms support's pending partial refund by its own key, leaving the round's own refund state alone (issue 30)", async () => {
    const { round, intentId } = await chargedInDoubt();
    await post(eventAbout('payment_intent.succeeded', intentId));
    const partial = await api.db.insertInto('order_refunds').values({
      history_id: round.historyId, amount: 100, reason: 'お詫び', refund_key: `form-key-${round.historyId}`, status: 'pending', staff_id: null, created_at: new Date(),
    }).returning('id').executeTakeFirstOrThrow();
    const refund = await provider.client.refunds.create({ payment_intent: intentId, amount: 100, metadata: { refund_key: partialRefundKeyOf(round.historyId, partial.id) } });
    expect((await post(eventAbout('refund.created', refund.id))).status).toBe(200);
    const settled = await api.db.selectFrom('order_refunds').select(['status', 'refunded_at']).where('id', '=', partial.id).executeTakeFirstOrThrow();
    expect(settled).toMatchObject({ status: 'refunded', refunded_at: expect.any(Date) });
    expect(await roundOf(round.historyId)).toMatchObject({ refund_status: null });
  });
});

it('is 404 while the sandbox takes the payments', async () => {
  const sandbox = await startApi();
  try {
    const res = await request(sandbox.app).post(PATH).set('content-type', 'application/json').set('stripe-signature', 't=1,v1=00').send('{}');
    expectApiError(res, 404, 'NOT_FOUND');
  } finally {
    await sandbox.database.destroy();
  }
});
