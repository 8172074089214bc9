/**
 * Rounds paid by the shopper on the sandbox gateway (issue 34), the embedded default: a konbini
 * voucher page and a PayPay approve page served under /api/sandbox by plain forms, paid, declined
 * or expired (the test clock), each outcome reaching the shopper-payment hook once.
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiApp } from '../../api/app.ts';
import type { ApiContext } from '../../api/context.ts';
import { paymentProviderOf } from '../../api/payment/provider-of.ts';
import type { PaymentProvider, ShopperPayment, ShopperPaymentRequest } from '../../api/payment/provider.ts';
import { expireSandboxShopperPayments, settleSandboxShopperPayment } from '../../api/payment/sandbox/sandbox-shopper.ts';
import { onShopperPayment } from '../../api/payment/shopper-payment-events.ts';
import { konbiniVoucherExpiry } from '../../shared/shopper-payment.ts';
import { silentLogger } from '../support/stack.ts';
import { PUBLIC_ORIGIN, startAccountApi, type AccountApi } from './api-account-fixtures.ts';

const DAY = 86_400_000;
const RETURN = `${PUBLIC_ORIGIN}/mypage/rounds/paid`;

let api: AccountApi;
let ctx: ApiContext;
let app: ReturnType<typeof createApiApp>;
let provider: PaymentProvider;
const seen: ShopperPayment[] = [];
let serial = 0;

beforeAll(async () => {
  api = await startAccountApi();
  ctx = { db: api.db, logger: silentLogger, now: () => api.clock.now, publicOrigin: PUBLIC_ORIGIN, mailer: api.mailer };
  app = createApiApp(ctx);
  provider = paymentProviderOf(ctx);
  onShopperPayment(ctx, async (_ctx, payment) => void seen.push(payment));
});

afterAll(async () => {
  await api?.close();
});

beforeEach(() => {
  seen.length = 0;
});

function ask(method: 'konbini' | 'paypay', overrides: Partial<ShopperPaymentRequest> = {}): ShopperPaymentRequest {
  serial += 1;
  return {
    orderKey: `uph-sandbox-${method}-${serial}`, userId: 1, amount: 3_960, description: 'OshiBox 1月号', method,
    payBy: new Date(api.clock.now.getTime() + 10 * DAY), returnUrl: RETURN, email: 'fan@example.com', name: '推野 花子', ...overrides,
  };
}

const page = (path: string) => request(app).get(path).set('accept', 'text/html');
const post = (path: string, form: string) => request(app).post(path).set('origin', PUBLIC_ORIGIN).type('form').send(form);
const statusesSeen = (paymentId: string) => seen.filter((p) => p.paymentId === paymentId).map((p) => p.status);
const rows = (orderKey: string) => api.db.selectFrom('sandbox_shopper_payments').selectAll().where('order_key', '=', orderKey).execute();

describe('konbini on the sandbox', () => {
  it('issues one voucher per order key; its page shows the number; paid there, the hook hears it once', async () => {
    const input = ask('konbini');
    const [a, b] = await Promise.all([provider.createShopperPayment(input), provider.createShopperPayment(input)]);
    expect(b).toEqual(a);
    expect(await rows(input.orderKey)).toHaveLength(1);
    expect(a).toMatchObject({ status: 'awaiting_payment', method: 'konbini', refundable: false });
    expect(a.voucher?.url).toBe(`/api/sandbox/konbini/${a.paymentId}`);
    expect(a.voucher?.number).toMatch(/^\d{11}$/);
    expect(a.voucher?.expiresAt).toEqual(konbiniVoucherExpiry(api.clock.now, input.payBy));

    const voucher = await page(a.voucher!.url);
    expect(voucher.status).toBe(200);
    expect(voucher.text).toContain(a.voucher!.number);
    expect(voucher.text).toContain('¥3,960');
    const paid = await post(a.voucher!.url, '');
    expect(paid.status).toBe(200);
    expect(paid.text).toContain('お支払いを受け付けました');
    // Posted again (a double click): still paid, heard once.
    expect((await post(a.voucher!.url, '')).text).toContain('お支払いを受け付けました');
    expect(statusesSeen(a.paymentId)).toEqual(['succeeded']);
    expect(await provider.findShopperPayment({ orderKey: input.orderKey })).toMatchObject({ status: 'succeeded' });

    const refund = await provider.refundShopperPayment({ refundKey: `r-${input.orderKey}`, orderKey: input.orderKey, paymentId: a.paymentId, amount: 3_960 });
    expect(refund).toMatchObject({ status: 'not_refundable', reasonEn: expect.stringContaining('bank transfer') });
  });

  it('expires at the voucher\'s expiry by the test clock, never after the round\'s deadline', async () => {
    const input = ask('konbini', { payBy: new Date(api.clock.now.getTime() + 5 * 3_600_000) });
    const payment = await provider.createShopperPayment(input);
    expect(payment.voucher?.expiresAt.getTime()).toBeLessThanOrEqual(input.payBy.getTime());
    expect(await expireSandboxShopperPayments(ctx)).toEqual([]);
    api.clock.advance(payment.voucher!.expiresAt.getTime() - api.clock.now.getTime());
    const expired = await expireSandboxShopperPayments(ctx);
    expect(expired.map((p) => p.paymentId)).toContain(payment.paymentId);
    expect(statusesSeen(payment.paymentId)).toEqual(['expired']);
    expect(await provider.findShopperPayment({ orderKey: input.orderKey })).toMatchObject({ status: 'expired' });
    expect((await post(payment.voucher!.url, '')).status).toBe(409);
    const closed = await page(payment.voucher!.url);
    expect(closed.status).toBe(409);
    expect(closed.text).not.toContain(payment.voucher!.number);
    expect(statusesSeen(payment.paymentId)).toEqual(['expired']);
  });

  it('cancelled by the shop: its page no longer takes money; a paid one stays paid', async () => {
    const open = await provider.createShopperPayment(ask('konbini'));
    expect(await provider.cancelShopperPayment({ orderKey: open.orderKey, paymentId: open.paymentId })).toMatchObject({ status: 'canceled' });
    expect((await post(open.voucher!.url, '')).status).toBe(409);
    const paid = await provider.createShopperPayment(ask('konbini'));
    await settleSandboxShopperPayment(ctx, paid.paymentId, 'succeeded');
    expect(await provider.cancelShopperPayment({ orderKey: paid.orderKey, paymentId: paid.paymentId })).toMatchObject({ status: 'succeeded' });
  });

  it('issues nothing when less than an hour is left', async () => {
    const input = ask('konbini', { payBy: new Date(api.clock.now.getTime() + 20 * 60_000) });
    expect(await provider.createShopperPayment(input)).toMatchObject({ status: 'expired', paymentId: '' });
    expect(await rows(input.orderKey)).toEqual([]);
  });
});

describe('PayPay on the sandbox', () => {
  it('approved on its page (a plain form): back to the return URL, paid, heard; refunded once per key up to the amount', async () => {
    const input = ask('paypay');
    const payment = await provider.createShopperPayment(input);
    expect(payment).toMatchObject({ status: 'awaiting_payment', refundable: true, redirectUrl: `/api/sandbox/paypay/${payment.paymentId}` });
    const approve = await page(payment.redirectUrl!);
    expect(approve.status).toBe(200);
    expect(approve.text).toContain('name="result" value="approve"');
    const back = await post(payment.redirectUrl!, 'result=approve');
    expect(back.status).toBe(303);
    expect(back.headers.location).toBe(RETURN);
    expect(statusesSeen(payment.paymentId)).toEqual(['succeeded']);
    expect(await provider.findShopperPayment({ orderKey: input.orderKey, paymentId: payment.paymentId })).toMatchObject({ status: 'succeeded' });
    expect((await page(payment.redirectUrl!)).status).toBe(409);

    const refund = { refundKey: `r-${input.orderKey}`, orderKey: input.orderKey, paymentId: payment.paymentId, amount: 3_000 };
    expect(await provider.refundShopperPayment(refund)).toEqual({ status: 'refunded' });
    expect(await provider.refundShopperPayment(refund)).toEqual({ status: 'refunded' });
    expect((await rows(input.orderKey))[0]?.refunded_amount).toBe(3_000);
    expect(await provider.refundShopperPayment({ ...refund, refundKey: `r2-${input.orderKey}` })).toMatchObject({ status: 'failed' });
  });

  it('declined on its page: back to the shop, failed, heard', async () => {
    const payment = await provider.createShopperPayment(ask('paypay'));
    const back = await post(payment.redirectUrl!, 'result=decline');
    expect(back.status).toBe(303);
    expect(statusesSeen(payment.paymentId)).toEqual(['failed']);
    expect(await provider.findShopperPayment({ orderKey: payment.orderKey })).toMatchObject({ status: 'failed' });
    expect(await provider.refundShopperPayment({ refundKey: 'x', orderKey: payment.orderKey, paymentId: payment.paymentId, amount: 1 })).toMatchObject({ status: 'failed' });
  });

  it('an unknown or malformed id is a 404, as the other sandbox pages answer', async () => {
    expect((await page('/api/sandbox/paypay/sp_AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await page('/api/sandbox/konbini/nope')).status).toBe(404);
    const konbini = await provider.createShopperPayment(ask('konbini'));
    expect((await page(`/api/sandbox/paypay/${konbini.paymentId}`)).status).toBe(404);
  });
});
