/**
 * Rounds paid by the shopper through the Stripe adapter (issue 34), against the local
 * Stripe-compatible server (every answer checked against Stripe's OpenAPI description): a konbini
 * voucher paid or expired through the server's control API, PayPay approved or declined on its
 * page by plain HTTP, and each webhook event reaching the shopper-payment hook once, in its
 * current state whatever the order.
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiApp } from '../../api/app.ts';
import type { ApiContext } from '../../api/context.ts';
import type { ShopperPayment, ShopperPaymentRequest } from '../../api/payment/provider.ts';
import { onShopperPayment } from '../../api/payment/shopper-payment-events.ts';
import type { StripeProvider } from '../../api/payment/stripe/stripe-provider.ts';
import { konbiniVoucherExpiry } from '../../shared/shopper-payment.ts';
import { startStripeLocal, type StripeLocal } from '../../tools/stripe-local/server.ts';
import { silentLogger } from '../support/stack.ts';
import { addStripeShopper, stripeProviderFor } from '../support/stripe-gateway.ts';
import { startAccountApi, type AccountApi } from './api-account-fixtures.ts';

const SECRET = 'whsec_shopper_payments_secret_01';
const RETURN = 'http://localhost:3000/mypage/rounds/paid';
const DAY = 86_400_000;

let local: StripeLocal;
let api: AccountApi;
let provider: StripeProvider;
let ctx: ApiContext;
let app: ReturnType<typeof createApiApp>;
let userId: number;
const seen: ShopperPayment[] = [];
let serial = 0;

beforeAll(async () => {
  local = await startStripeLocal({ port: 0, validate: true });
  api = await startAccountApi({ paymentProvider: ({ db }) => (provider = stripeProviderFor(db, local.url, { webhookSecret: SECRET })) });
  ctx = { db: api.db, logger: silentLogger, now: () => api.clock.now, publicOrigin: 'http://localhost:3000', mailer: api.mailer, paymentProvider: provider };
  app = createApiApp(ctx);
  onShopperPayment(ctx, async (_ctx, payment) => void seen.push(payment));
  userId = await addStripeShopper(api.db);
});

afterAll(async () => {
  expect(local.control.validationErrors).toEqual([]);
  await api?.close();
  await local?.close();
});

beforeEach(() => {
  seen.length = 0;
});

function ask(method: 'konbini' | 'paypay', overrides: Partial<ShopperPaymentRequest> = {}): ShopperPaymentRequest {
  serial += 1;
  return {
    orderKey: `uph-shopper-${method}-${serial}-${Date.now()}`, userId, amount: 3_960, description: 'OshiBox 1月号', method,
    payBy: new Date(Date.now() + 10 * DAY), returnUrl: RETURN, email: 'fan@example.com', name: '推野 花子', ...overrides,
  };
}

/** Delivers the local server's events about a PaymentIntent to the shop's webhook, as Stripe would. */
async function deliver(intentId: string, type: string) {
  const found = local.control.events.filter((e) => e.type === type && (e.body.data as { object: { id: string } }).object.id === intentId).pop();
  if (!found) throw new Error(`no ${type} for ${intentId}`);
  const payload = JSON.stringify(found.body);
  const signature = provider.client.webhooks.generateTestHeaderString({ payload, secret: SECRET });
  return request(app).post('/api/webhooks/stripe').set('content-type', 'application/json').set('stripe-signature', signature).send(payload);
}

const statusesSeen = (paymentId: string) => seen.filter((p) => p.paymentId === paymentId).map((p) => p.status);

describe('konbini', () => {
  it('issues a voucher served by the local server, with a payment number and an expiry no later than the deadline', async () => {
    const input = ask('konbini', { payBy: new Date(Date.now() + 2 * DAY) });
    const before = new Date();
    const payment = await provider.createShopperPayment(input);
    expect(payment).toMatchObject({ orderKey: input.orderKey, method: 'konbini', amount: 3_960, status: 'awaiting_payment', refundable: false });
    expect(payment.paymentId).toMatch(/^pi_/);
    expect(payment.voucher?.number).toMatch(/^\d{11}$/);
    expect(payment.voucher?.expiresAt.getTime()).toBe(konbiniVoucherExpiry(before, input.payBy)?.getTime());
    expect(payment.voucher!.expiresAt.getTime()).toBeLessThanOrEqual(input.payBy.getTime());
    const page = await fetch(payment.voucher!.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(payment.voucher!.number!);
  });

  it('one order key makes one payment, asked twice in a row or at once', async () => {
    const input = ask('konbini');
    const [a, b] = await Promise.all([provider.createShopperPayment(input), provider.createShopperPayment(input)]);
    const c = await provider.createShopperPayment(input);
    expect(b.paymentId).toBe(a.paymentId);
    expect(c.paymentId).toBe(a.paymentId);
    const found = await provider.client.paymentIntents.search({ query: `metadata['order_key']:'${input.orderKey}'` });
    expect(found.data).toHaveLength(1);
    expect(await provider.findShopperPayment({ orderKey: input.orderKey })).toMatchObject({ paymentId: a.paymentId, status: 'awaiting_payment' });
  });

  it('asked again with the same key but another expiry (a retry after midnight): the first payment, not an error', async () => {
    const input = ask('konbini', { payBy: new Date(Date.now() + 5 * 3_600_000) });
    const first = await provider.createShopperPayment(input);
    const again = await provider.createShopperPayment({ ...input, payBy: new Date(input.payBy.getTime() + 60_000) });
    expect(again.paymentId).toBe(first.paymentId);
  });

  it('paid at the store: the succeeded event reaches the hook once, and a stale event that comes later still says succeeded', async () => {
    const payment = await provider.createShopperPayment(ask('konbini'));
    local.control.payKonbini(payment.paymentId);
    const first = await deliver(payment.paymentId, 'payment_intent.succeeded');
    expect(first.body).toEqual({ received: true });
    expect((await deliver(payment.paymentId, 'payment_intent.succeeded')).body).toEqual({ received: true, replay: true });
    // The voucher's own requires_action event, delivered late: the hook hears the payment as it is now.
    await deliver(payment.paymentId, 'payment_intent.requires_action');
    expect(statusesSeen(payment.paymentId)).toEqual(['succeeded', 'succeeded']);
    // Not taken for a card charge no round holds: nothing was refunded.
    expect((await provider.client.refunds.list({ payment_intent: payment.paymentId })).data).toEqual([]);
    expect(await provider.findShopperPayment({ orderKey: payment.orderKey, paymentId: payment.paymentId })).toMatchObject({ status: 'succeeded' });
  });

  it('a listener that fails makes the webhook answer 503, and Stripe\'s retry delivers it', async () => {
    const payment = await provider.createShopperPayment(ask('konbini'));
    let failures = 1;
    const detach = onShopperPayment(ctx, async () => {
      if (failures-- > 0) throw new Error('billing is down');
    });
    try {
      local.control.payKonbini(payment.paymentId);
      expect((await deliver(payment.paymentId, 'payment_intent.succeeded')).status).toBe(503);
      expect((await deliver(payment.paymentId, 'payment_intent.succeeded')).body).toEqual({ received: true });
      expect(statusesSeen(payment.paymentId)).toEqual(['succeeded', 'succeeded']);
    } finally {
      detach();
    }
  });

  it('a konbini payment is not refundable through Stripe: the shop returns it by bank transfer', async () => {
    const payment = await provider.createShopperPayment(ask('konbini'));
    local.control.payKonbini(payment.paymentId);
    const refund = await provider.refundShopperPayment({ refundKey: `r-${payment.orderKey}`, orderKey: payment.orderKey, paymentId: payment.paymentId, amount: 3_960 });
    expect(refund).toMatchObject({ status: 'not_refundable', reason: expect.stringContaining('銀行振込') });
    expect((await provider.client.refunds.list({ payment_intent: payment.paymentId })).data).toEqual([]);
  });

  it('expired unpaid: the hook hears expired; cancelling it then makes it canceled for good', async () => {
    const payment = await provider.createShopperPayment(ask('konbini'));
    // Over the control API's HTTP form, as a rehearsal would.
    const expired = await fetch(`${local.url}/_local/expireKonbini`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ paymentIntentId: payment.paymentId }) });
    expect(expired.status).toBe(200);
    expect(await provider.findShopperPayment({ orderKey: payment.orderKey, paymentId: payment.paymentId })).toMatchObject({ status: 'expired' });
    await deliver(payment.paymentId, 'payment_intent.payment_failed');
    expect(statusesSeen(payment.paymentId)).toEqual(['expired']);
    const cancelled = await provider.cancelShopperPayment({ orderKey: payment.orderKey, paymentId: payment.paymentId });
    expect(cancelled).toMatchObject({ status: 'canceled' });
    await deliver(payment.paymentId, 'payment_intent.canceled');
    expect(statusesSeen(payment.paymentId)).toEqual(['expired', 'canceled']);
    expect(() => local.control.payKonbini(payment.paymentId)).toThrow();
  });

  it('no voucher is issued when less than an hour is left before the deadline', async () => {
    const input = ask('konbini', { payBy: new Date(Date.now() + 30 * 60_000) });
    expect(await provider.createShopperPayment(input)).toMatchObject({ status: 'expired', paymentId: '' });
    expect(await provider.findShopperPayment({ orderKey: input.orderKey })).toBeNull();
  });
});

/** The PayPay page's answer to Approve or Decline, by a plain form post (no JavaScript). */
async function answerPaypay(url: string, result: 'approve' | 'decline'): Promise<URL> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  expect(await page.text()).toMatch(/<form method="post"/);
  const answer = await fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `result=${result}` });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location') ?? '');
}

describe('PayPay', () => {
  it('approved on the redirect page: back to the return URL, succeeded, the hook hears it; a refund once per key', async () => {
    const payment = await provider.createShopperPayment(ask('paypay'));
    expect(payment).toMatchObject({ method: 'paypay', status: 'awaiting_payment', refundable: true });
    expect(payment.redirectUrl).toBe(`${local.url}/paypay/${payment.paymentId}`);
    const back = await answerPaypay(payment.redirectUrl!, 'approve');
    expect(`${back.origin}${back.pathname}`).toBe(RETURN);
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    expect(await provider.findShopperPayment({ orderKey: payment.orderKey })).toMatchObject({ status: 'succeeded' });
    expect(await provider.cancelShopperPayment({ orderKey: payment.orderKey, paymentId: payment.paymentId })).toMatchObject({ status: 'succeeded' });
    await deliver(payment.paymentId, 'payment_intent.succeeded');
    expect(statusesSeen(payment.paymentId)).toEqual(['succeeded']);

    const refundKey = `refund-${payment.orderKey}`;
    const refund = await provider.refundShopperPayment({ refundKey, orderKey: payment.orderKey, paymentId: payment.paymentId, amount: 3_960 });
    expect(refund.status).toBe('refunded');
    expect(await provider.refundShopperPayment({ refundKey, orderKey: payment.orderKey, paymentId: payment.paymentId, amount: 3_960 })).toEqual(refund);
    expect((await provider.client.refunds.list({ payment_intent: payment.paymentId })).data).toHaveLength(1);
  });

  it('declined on the redirect page: back with failed, the payment failed, the hook hears it', async () => {
    const payment = await provider.createShopperPayment(ask('paypay'));
    const back = await answerPaypay(payment.redirectUrl!, 'decline');
    expect(back.searchParams.get('redirect_status')).toBe('failed');
    expect(await provider.findShopperPayment({ orderKey: payment.orderKey, paymentId: payment.paymentId })).toMatchObject({ status: 'failed' });
    await deliver(payment.paymentId, 'payment_intent.payment_failed');
    expect(statusesSeen(payment.paymentId)).toEqual(['failed']);
    // The page is done with it: a second answer changes nothing.
    expect((await fetch(payment.redirectUrl!)).status).toBe(409);
  });

  it('cancelled before the fan approved: the page no longer takes it', async () => {
    const payment = await provider.createShopperPayment(ask('paypay'));
    expect(await provider.cancelShopperPayment({ orderKey: payment.orderKey, paymentId: payment.paymentId })).toMatchObject({ status: 'canceled' });
    expect((await fetch(payment.redirectUrl!)).status).toBe(409);
    expect(await provider.cancelShopperPayment({ orderKey: payment.orderKey, paymentId: payment.paymentId })).toMatchObject({ status: 'canceled' });
  });
});
