/**
 * The contract of the Stripe adapter (api/payment/stripe/stripe-provider.ts): against the local
 * Stripe-compatible server (tools/stripe-local/, every answer checked against Stripe's OpenAPI
 * description) always, and against Stripe's test mode when STRIPE_TEST_SECRET_KEY is set.
 * Cases that need the hosted pages or the server's faults (saving on the hosted page, the
 * authentication page, a timeout) run on the local server only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeProvider } from '../../api/payment/stripe/stripe-provider.ts';
import { startStripeLocal, type StripeLocal } from '../../tools/stripe-local/server.ts';
import { createTestDatabase, type TestDatabase } from '../support/database.ts';
import { answerChallenge } from '../support/stripe-local-client.ts';
import { addStripeShopper, saveCardOnHostedPage, saveTestPaymentMethod, stripeProviderFor } from '../support/stripe-gateway.ts';

const REAL_KEY = process.env.STRIPE_TEST_SECRET_KEY;
const RETURN = 'http://shop.test/api/userPlan/authenticated?key=';
const charge = (provider: StripeProvider, userId: number, token: string, orderKey: string, amount = 3_980) =>
  provider.charge({ orderKey, userId, amount, description: 'OshiBox 定期便', source: { kind: 'card', token } });
const key = (name: string) => `contract-${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

/** Cases both gateways answer alike; `card` saves a card that charges fine and returns its token. */
function sharedCases(env: () => { provider: StripeProvider; database: TestDatabase; card(userId: number): Promise<string> }) {
  it('charges a saved card once per order key and finds the charge by its key', async () => {
    const { provider, database } = env();
    const userId = await addStripeShopper(database.handle.db);
    const token = await env().card(userId);
    const orderKey = key('charge');
    const first = await charge(provider, userId, token, orderKey);
    expect(first).toMatchObject({ status: 'succeeded', orderKey, amount: 3_980 });
    expect(first.chargeId).toMatch(/^pi_/);
    expect(await charge(provider, userId, token, orderKey)).toEqual(first);
    expect(await provider.findCharge(orderKey, first.chargeId)).toMatchObject({ status: 'succeeded', chargeId: first.chargeId });
  });

  it('two charges with one key at once make one PaymentIntent', async () => {
    const { provider, database } = env();
    const userId = await addStripeShopper(database.handle.db);
    const token = await env().card(userId);
    const orderKey = key('twice');
    const [a, b] = await Promise.all([charge(provider, userId, token, orderKey), charge(provider, userId, token, orderKey)]);
    expect(a.status).toBe('succeeded');
    expect(b.chargeId).toBe(a.chargeId);
  });

  it('refunds once per refund key, and refuses more than was charged', async () => {
    const { provider, database } = env();
    const userId = await addStripeShopper(database.handle.db);
    const paid = await charge(provider, userId, await env().card(userId), key('refund'));
    const refundKey = key('refund-key');
    const first = await provider.refund({ refundKey, chargeId: paid.chargeId, amount: 3_980 });
    expect(first.status).toBe('refunded');
    expect(await provider.refund({ refundKey, orderKey: paid.orderKey, chargeId: paid.chargeId, amount: 3_980 })).toEqual(first);
    const refunds = await provider.client.refunds.list({ payment_intent: paid.chargeId });
    expect(refunds.data).toHaveLength(1);
    expect(await provider.refund({ refundKey: key('over'), chargeId: paid.chargeId, amount: 1 })).toMatchObject({ status: 'failed' });
  });

  it('declines a deferred-payment source and screens nothing (GMO後払い is not Stripe)', async () => {
    const { provider } = env();
    const buyer = { userId: 1, name: '推野 花子', tel: '0312345678', birthday: '1995-04-01', zip: '1500002', address: '東京都', email: 'a@example.com' };
    const result = await provider.charge({ orderKey: key('deferred'), userId: 1, amount: 100, description: 'x', source: { kind: 'deferred', buyer } });
    expect(result).toMatchObject({ status: 'declined', declineReason: expect.stringContaining('後払い') });
    expect(await provider.screenDeferred({ ...buyer, amount: 100 })).toMatchObject({ approved: false });
  });

  // Rounds paid by the shopper (issue 34): the account must have konbini and PayPay enabled in test mode.
  const payBy = new Date(Date.now() + 5 * 86_400_000);
  const shopperPayment = (method: 'konbini' | 'paypay', orderKey: string) => env().provider.createShopperPayment({
    orderKey, userId: 1, amount: 3_960, description: 'OshiBox 1月号', method, payBy,
    returnUrl: 'http://shop.test/mypage/rounds/paid', email: 'fan@example.com', name: '推野 花子',
  });

  it('a konbini payment: a voucher page, a payment number and an expiry within the deadline; one per key; cancelled for good', async () => {
    const { provider } = env();
    const orderKey = key('konbini');
    const payment = await shopperPayment('konbini', orderKey);
    expect(payment).toMatchObject({ status: 'awaiting_payment', method: 'konbini', refundable: false, voucher: { url: expect.stringMatching(/^https?:\/\//), number: expect.stringMatching(/^\d+$/) } });
    expect(payment.voucher!.expiresAt.getTime()).toBeLessThanOrEqual(payBy.getTime());
    expect((await shopperPayment('konbini', orderKey)).paymentId).toBe(payment.paymentId);
    expect(await provider.findShopperPayment({ orderKey, paymentId: payment.paymentId })).toMatchObject({ status: 'awaiting_payment' });
    expect(await provider.cancelShopperPayment({ orderKey, paymentId: payment.paymentId })).toMatchObject({ status: 'canceled' });
    expect(await provider.cancelShopperPayment({ orderKey, paymentId: payment.paymentId })).toMatchObject({ status: 'canceled' });
  });

  it('a PayPay payment: a redirect to its page; one per key; cancelled for good', async () => {
    const { provider } = env();
    const orderKey = key('paypay');
    const payment = await shopperPayment('paypay', orderKey);
    expect(payment).toMatchObject({ status: 'awaiting_payment', method: 'paypay', refundable: true, redirectUrl: expect.stringMatching(/^https?:\/\//) });
    expect((await shopperPayment('paypay', orderKey)).paymentId).toBe(payment.paymentId);
    expect(await provider.cancelShopperPayment({ orderKey, paymentId: payment.paymentId })).toMatchObject({ status: 'canceled' });
  });
}

describe('against the local Stripe-compatible server', () => {
  let local: StripeLocal;
  let database: TestDatabase;
  let provider: StripeProvider;

  beforeAll(async () => {
    local = await startStripeLocal({ port: 0, validate: true });
    database = await createTestDatabase();
    provider = stripeProviderFor(database.handle.db, local.url);
  });

  afterAll(async () => {
    expect(local.control.validationErrors).toEqual([]);
    await local.close();
    await database.destroy();
  });

  const visa = async (userId: number) => {
    const { result } = await saveCardOnHostedPage(provider, userId, '4242424242424242');
    if (result.status !== 'registered') throw new Error(`card not saved: ${result.status}`);
    return result.token;
  };
  sharedCases(() => ({ provider, database, card: visa }));

  it('saves a card on the hosted page: brand, last four and expiry; one customer per shopper', async () => {
    const userId = await addStripeShopper(database.handle.db);
    const { result, registrationId } = await saveCardOnHostedPage(provider, userId, '3566002020360505');
    expect(result).toMatchObject({ status: 'registered', brand: 'JCB', last4: '0505', expiry: '12/34' });
    expect(await provider.confirmCardRegistration({ userId, registrationId: registrationId ?? '' })).toEqual(result);
    await saveCardOnHostedPage(provider, userId, '378282246310005', '1234');
    const customers = await database.handle.db.selectFrom('stripe_customers').selectAll().where('user_id', '=', userId).execute();
    expect(customers).toHaveLength(1);
  });

  it('never accepts another shopper\'s session, an unknown id, or one the shopper left', async () => {
    const owner = await addStripeShopper(database.handle.db);
    const other = await addStripeShopper(database.handle.db);
    const { registrationId } = await saveCardOnHostedPage(provider, owner, '4242424242424242');
    await provider.startCardRegistration({ userId: other, returnUrl: 'http://shop.test/api/credit-confirm?userId=1&retUrl=%2F' });
    expect(await provider.confirmCardRegistration({ userId: other, registrationId: registrationId ?? '' })).toEqual({ status: 'not_found' });
    expect(await provider.confirmCardRegistration({ userId: owner, registrationId: 'cs_test_unknown' })).toEqual({ status: 'not_found' });
    const { url } = await provider.startCardRegistration({ userId: owner, returnUrl: 'http://shop.test/api/credit-confirm?userId=1&retUrl=%2F' });
    const left = new URL(url).pathname.split('/').pop() ?? '';
    expect(await provider.confirmCardRegistration({ userId: owner, registrationId: left })).toEqual({ status: 'not_found' });
  });

  it('a card declined on the hosted page is never saved', async () => {
    const userId = await addStripeShopper(database.handle.db);
    const { result } = await saveCardOnHostedPage(provider, userId, '4000000000000002');
    expect(result).toEqual({ status: 'not_found' });
  });

  it('a card whose charges are declined: declined with a Japanese and English reason', async () => {
    const userId = await addStripeShopper(database.handle.db);
    const { result } = await saveCardOnHostedPage(provider, userId, '4000000000000341');
    if (result.status !== 'registered') throw new Error('not saved');
    const declined = await charge(provider, userId, result.token, key('declined'));
    expect(declined).toMatchObject({ status: 'declined', declineReason: expect.stringMatching(/カード/), declineReasonEn: expect.any(String) });
    expect(await provider.findCharge(declined.orderKey, declined.chargeId)).toMatchObject({ status: 'declined' });
  });

  it('authentication_required → action_required → the authentication page → succeeded', async () => {
    const userId = await addStripeShopper(database.handle.db);
    const { result } = await saveCardOnHostedPage(provider, userId, '4000002760003184');
    if (result.status !== 'registered') throw new Error('not saved');
    const orderKey = key('auth');
    const held = await charge(provider, userId, result.token, orderKey);
    expect(held.status).toBe('action_required');
    expect(await provider.findCharge(orderKey)).toMatchObject({ status: 'action_required', chargeId: held.chargeId });
    expect(await provider.startChargeAuthentication({ chargeId: held.chargeId, orderKey: 'another-key', returnUrl: RETURN })).toEqual({ status: 'unavailable' });
    const start = await provider.startChargeAuthentication({ chargeId: held.chargeId, orderKey, returnUrl: RETURN + orderKey });
    if (start.status !== 'redirect') throw new Error(`expected a redirect, got ${start.status}`);
    const back = await answerChallenge(start.url, 'complete');
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toContain(RETURN + orderKey);
    expect(await provider.findCharge(orderKey, held.chargeId)).toMatchObject({ status: 'succeeded', chargeId: held.chargeId });
    expect(await provider.startChargeAuthentication({ chargeId: held.chargeId, orderKey, returnUrl: RETURN })).toEqual({ status: 'succeeded' });
  });

  it('a timeout is thrown (in doubt); the retry with the same key makes no second PaymentIntent', async () => {
    const userId = await addStripeShopper(database.handle.db);
    const token = await visa(userId);
    const hasty = stripeProviderFor(database.handle.db, local.url, { timeoutMs: 1_000 });
    const orderKey = key('timeout');
    local.control.delayNext('/v1/payment_intents', 2_500, 1);
    await expect(charge(hasty, userId, token, orderKey)).rejects.toThrow();
    await expect.poll(() => charge(provider, userId, token, orderKey).then((r) => r.status, () => 'threw'), { timeout: 15_000, interval: 500 }).toBe('succeeded');
    const found = await provider.client.paymentIntents.search({ query: `metadata['order_key']:'${orderKey}'` });
    expect(found.data).toHaveLength(1);
  });

  it('knows no charge for a key it never saw', async () => {
    expect(await provider.findCharge(key('never'))).toBeNull();
  });
});

describe.skipIf(!REAL_KEY)('against Stripe test mode (STRIPE_TEST_SECRET_KEY)', () => {
  let database: TestDatabase;
  let provider: StripeProvider;

  beforeAll(async () => {
    database = await createTestDatabase();
    provider = stripeProviderFor(database.handle.db, 'https://api.stripe.com', { secretKey: REAL_KEY, timeoutMs: 14_000 });
  });

  afterAll(async () => {
    await database?.destroy();
  });

  sharedCases(() => ({ provider, database, card: (userId) => saveTestPaymentMethod(provider, database.handle.db, userId, 'pm_card_visa') }));
});
