/**
 * Issue 34, checkout of a fan who pays each round herself (docs/decisions/0093): nothing is
 * charged; the first round is paid on the spot, at a konbini (the shop's voucher page and a mail
 * with the payment number) or with PayPay (its page and back), on the sandbox gateway through its
 * own pages. The subscription starts once the payment succeeded, and never otherwise: an expired
 * voucher, a declined PayPay or another tab's application leaves no subscription, and money paid
 * for a checkout that had ended is returned (PayPay refunded, konbini listed for a bank transfer).
 */
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { settleStrandedCheckouts } from '../../api/billing/stranded-checkouts.ts';
import { href } from '../../shared/routes.ts';
import { DAY, PUBLIC_ORIGIN, START } from './api-account-fixtures.ts';
import {
  historiesOf, newShopper, seedCatalogue, startSubscriptionApi, subscribe, userPlansOf, type AccountApi, type Catalogue, type Shopper,
} from './api-user-plan-fixtures.ts';
import { billingContext } from './billing-fixtures.ts';

let api: AccountApi;
let shop: Catalogue;

const SUBSCRIBED = 'お申し込みを受け付けました';
const VOUCHER = 'コンビニでのお支払い番号のお知らせ';

beforeAll(async () => {
  api = await startSubscriptionApi();
  shop = await seedCatalogue(api.db);
}, 120_000);
afterAll(async () => api?.close());
beforeEach(() => {
  api.clock.now = START;
});

async function fan(method: 'KONBINI' | 'PAYPAY'): Promise<Shopper> {
  const who = await newShopper(api, null);
  await api.db.updateTable('users').set({ payment_method: method }).where('id', '=', who.userId).execute();
  return who;
}

const mailsOf = (who: Shopper, subject: string) => api.mailbox.mails.filter((m) => m.to.includes(who.email) && m.subject.includes(subject));
const paymentView = (who: Shopper, userPlanId: number) => request(api.app).get(`/api/userPlan/${userPlanId}/checkoutPayment`).set('cookie', who.cookie);
const back = (who: Shopper, userPlanId: number) => request(api.app).get(`/api/userPlan/authentication/return?userPlanId=${userPlanId}`).set('cookie', who.cookie);
const sandboxPost = (path: string, form: string) => request(api.app).post(path).set('origin', PUBLIC_ORIGIN).type('form').send(form);
const sandboxRow = (paymentId: string) => api.db.selectFrom('sandbox_shopper_payments').selectAll().where('payment_id', '=', paymentId).executeTakeFirstOrThrow();
const completePath = () => href('complete', { slug: shop.slug, planId: shop.light });
const livePlans = async (who: Shopper) => (await request(api.app).get('/api/userPlan').set('cookie', who.cookie)).body as unknown[];

/** A checkout of the light plan (¥3,300 + shipping ¥660) that answered 202: its subscription and row. */
async function checkout(who: Shopper, key: string) {
  const res = await subscribe(api, who, { planId: shop.light, count: 1, expectedTotal: 3960 }, key);
  expect(res.status, res.text).toBe(202);
  const plans = await userPlansOf(api, who.userId);
  const histories = await historiesOf(api, who.userId);
  return { res, userPlan: plans.at(-1)!, row: histories.at(-1)! };
}

describe('konbini checkout', () => {
  it('answers the shop\'s voucher page, mails the payment number once; paid at the store, the subscription starts with its mail', async () => {
    const who = await fan('KONBINI');
    const { res, userPlan, row } = await checkout(who, 'konbini-a-first-key');
    expect(res.body).toEqual({ authenticationUrl: href('checkoutPayment', { userPlanId: userPlan.id }) });
    expect(userPlan.status).toBe('PENDING');
    expect(row).toMatchObject({ payment_status: 'BEFORE', payment_method: 'KONBINI', total: 3960 });
    expect(row.action_required_at).not.toBeNull();
    expect(row.charge_id).toMatch(/^sp_/);
    expect(await livePlans(who)).toEqual([]);

    const view = await paymentView(who, userPlan.id);
    expect(view.status, view.text).toBe(200);
    expect(view.body).toMatchObject({ state: 'awaiting', method: 'konbini', amount: 3960, testMode: true });
    // Issued 11/22 12:00 JST: Stripe's three days, to 11/25 23:59:59 JST.
    expect(view.body.voucher).toEqual({ number: expect.stringMatching(/^\d{11}$/), expiresAt: '2026-11-25T14:59:59.000Z', url: `/api/sandbox/konbini/${row.charge_id}` });
    const mail = await api.mailbox.waitFor(who.email, (m) => m.subject.includes(VOUCHER));
    expect(mail.text).toContain(view.body.voucher.number);
    expect(mail.text).toContain('¥3,960');
    expect(mail.text).toContain('2026年11月25日 23:59');
    expect(mail.text).toContain('ローソン');

    // Back and the same form again: the same voucher, no second payment, no second mail.
    const again = await subscribe(api, who, { planId: shop.light, count: 1, expectedTotal: 3960 }, 'konbini-a-first-key');
    expect(again.status).toBe(202);
    expect(again.body).toEqual(res.body);
    expect(await historiesOf(api, who.userId)).toHaveLength(1);
    expect(await api.db.selectFrom('sandbox_shopper_payments').select('payment_id').where('order_key', '=', row.charge_key).execute()).toHaveLength(1);
    expect(mailsOf(who, VOUCHER)).toHaveLength(1);

    const paid = await sandboxPost(view.body.voucher.url, '');
    expect(paid.text).toContain('お支払いを受け付けました');
    expect((await userPlansOf(api, who.userId)).map((p) => p.status)).toEqual(['ACTIVE']);
    expect(await historiesOf(api, who.userId)).toMatchObject([{ payment_status: 'SUCCESS', charge_id: row.charge_id, action_required_at: null }]);
    const subscribed = await api.mailbox.waitFor(who.email, (m) => m.subject.includes(SUBSCRIBED));
    expect(subscribed.text).toContain('コンビニ払い');
    expect((await paymentView(who, userPlan.id)).body).toMatchObject({ state: 'paid' });
    expect(await livePlans(who)).toHaveLength(1);
    const replay = await subscribe(api, who, { planId: shop.light, count: 1, expectedTotal: 3960 }, 'konbini-a-first-key');
    expect(replay.status).toBe(201);
    expect(mailsOf(who, SUBSCRIBED)).toHaveLength(1);

    // The paid round keeps its count: nothing can be charged again, and the answer says when a change can apply.
    const change = await request(api.app).put('/api/userPlan').set('cookie', who.cookie).set('origin', PUBLIC_ORIGIN)
      .send({ currentPlanId: shop.light, planId: shop.light, count: 2 });
    expect(change.status, change.text).toBe(409);
    expect(change.body).toMatchObject({ code: 'SELF_PAID_ROUND', message: expect.stringContaining('次の回から反映されます') });
    expect(await historiesOf(api, who.userId)).toMatchObject([{ payment_status: 'SUCCESS', count: 1, total: 3960 }]);
  });

  it('the voucher expires unpaid: no subscription, the page says so; the billing pass leaves it alone until then', async () => {
    const who = await fan('KONBINI');
    const { userPlan, row } = await checkout(who, 'konbini-b-first-key');
    // A day on, still payable: the billing pass's sweep does not touch it.
    api.clock.advance(DAY);
    await settleStrandedCheckouts(billingContext(api));
    expect((await userPlansOf(api, who.userId)).map((p) => p.status)).toEqual(['PENDING']);
    api.clock.now = new Date('2026-11-25T15:00:00.000Z');
    const view = await paymentView(who, userPlan.id);
    expect(view.body).toMatchObject({ state: 'ended', voucher: null });
    expect((await userPlansOf(api, who.userId)).map((p) => p.status)).toEqual(['FAILED']);
    expect(await historiesOf(api, who.userId)).toMatchObject([{ payment_status: 'ERROR', decline_reason: 'payment expired' }]);
    expect((await sandboxPost(`/api/sandbox/konbini/${row.charge_id}`, '')).status).toBe(409);
    expect(await livePlans(who)).toEqual([]);
    expect(mailsOf(who, SUBSCRIBED)).toHaveLength(0);
  });

  it('too late to pay (under an hour before the deadline): 402 naming why, nothing reserved stays', async () => {
    api.clock.now = new Date('2026-11-30T14:30:00.000Z');
    const who = await fan('KONBINI');
    const res = await subscribe(api, who, { planId: shop.light, count: 1, expectedTotal: 3960 }, 'konbini-c-late-key');
    expect(res.status).toBe(402);
    expect(res.body.message).toContain('お支払い番号を発行できません');
    expect(res.body.messageEn).toContain('too close');
    expect((await userPlansOf(api, who.userId)).map((p) => p.status)).toEqual(['FAILED']);
    expect(await historiesOf(api, who.userId)).toMatchObject([{ payment_status: 'ERROR' }]);
  });

  it('two tabs: the second supersedes the first (its voucher cancelled); one subscription; a payment of the first after all is listed for a bank transfer', async () => {
    const who = await fan('KONBINI');
    const first = await checkout(who, 'konbini-d-tab-one');
    const second = await checkout(who, 'konbini-d-tab-two');
    expect(second.userPlan.id).not.toBe(first.userPlan.id);
    expect((await sandboxRow(first.row.charge_id!)).status).toBe('canceled');
    expect((await userPlansOf(api, who.userId)).map((p) => p.status)).toEqual(['FAILED', 'PENDING']);
    expect((await paymentView(who, first.userPlan.id)).body).toMatchObject({ state: 'ended' });
    // The fan paid the first voucher at the store as the shop cancelled it (the race a real
    // gateway allows): the money is not kept.
    await api.db.updateTable('sandbox_shopper_payments').set({ status: 'awaiting_payment' }).where('payment_id', '=', first.row.charge_id!).execute();
    expect((await sandboxPost(`/api/sandbox/konbini/${first.row.charge_id}`, '')).text).toContain('お支払いを受け付けました');
    const transfers = await api.db.selectFrom('shopper_refund_transfers').selectAll().where('user_id', '=', who.userId).execute();
    expect(transfers).toMatchObject([{ payment_id: first.row.charge_id, amount: 3960, reason: 'payment after the checkout ended', status: 'to_transfer' }]);
    expect((await userPlansOf(api, who.userId)).map((p) => p.status)).toEqual(['FAILED', 'PENDING']);
    // The second voucher paid: one subscription.
    await sandboxPost(`/api/sandbox/konbini/${second.row.charge_id}`, '');
    expect((await userPlansOf(api, who.userId)).map((p) => p.status)).toEqual(['FAILED', 'ACTIVE']);
    expect(await livePlans(who)).toHaveLength(1);
  });

  it('two tabs after the first was paid: the first stands, the second is told it is subscribed', async () => {
    const who = await fan('KONBINI');
    const first = await checkout(who, 'konbini-e-tab-one');
    await sandboxPost(`/api/sandbox/konbini/${first.row.charge_id}`, '');
    const second = await subscribe(api, who, { planId: shop.light, count: 1 }, 'konbini-e-tab-two');
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('ALREADY_SUBSCRIBED');
    expect((await userPlansOf(api, who.userId)).map((p) => p.status)).toEqual(['ACTIVE']);
  });
});

describe('PayPay checkout', () => {
  it('answers PayPay\'s page; approved, back to the shop: the completion page, the subscription ACTIVE, one mail', async () => {
    const who = await fan('PAYPAY');
    const { res, userPlan, row } = await checkout(who, 'paypay-a-first-key');
    expect(res.body).toEqual({ authenticationUrl: `/api/sandbox/paypay/${row.charge_id}` });
    expect(row).toMatchObject({ payment_method: 'PAYPAY', payment_status: 'BEFORE' });
    const approved = await sandboxPost(res.body.authenticationUrl, 'result=approve');
    expect(approved.status).toBe(303);
    expect(approved.headers.location).toBe(`${PUBLIC_ORIGIN}/api/userPlan/authentication/return?userPlanId=${userPlan.id}`);
    const returned = await back(who, userPlan.id);
    expect(returned.headers.location).toBe(completePath());
    expect((await userPlansOf(api, who.userId)).map((p) => p.status)).toEqual(['ACTIVE']);
    expect(await historiesOf(api, who.userId)).toMatchObject([{ payment_status: 'SUCCESS', total: 3960 }]);
    const mail = await api.mailbox.waitFor(who.email, (m) => m.subject.includes(SUBSCRIBED));
    expect(mail.text).toContain('PayPay');
    expect(mailsOf(who, SUBSCRIBED)).toHaveLength(1);
    expect(mailsOf(who, VOUCHER)).toHaveLength(0);
  });

  it('declined: back on checkout with the failure, no subscription, nothing taken', async () => {
    const who = await fan('PAYPAY');
    const { res, userPlan } = await checkout(who, 'paypay-b-first-key');
    await sandboxPost(res.body.authenticationUrl, 'result=decline');
    const returned = await back(who, userPlan.id);
    expect(returned.headers.location).toBe(`${href('checkout', { slug: shop.slug, planId: shop.light })}?count=1&auth=failed`);
    expect((await userPlansOf(api, who.userId)).map((p) => p.status)).toEqual(['FAILED']);
    expect(await livePlans(who)).toEqual([]);
    // Applying again makes a new payment.
    const again = await checkout(who, 'paypay-b-second-key');
    expect(again.res.body.authenticationUrl).not.toBe(res.body.authenticationUrl);
  });

  it('a payment approved after another tab superseded it is refunded through the provider', async () => {
    const who = await fan('PAYPAY');
    const first = await checkout(who, 'paypay-c-tab-one');
    await checkout(who, 'paypay-c-tab-two');
    expect((await sandboxRow(first.row.charge_id!)).status).toBe('canceled');
    await api.db.updateTable('sandbox_shopper_payments').set({ status: 'awaiting_payment' }).where('payment_id', '=', first.row.charge_id!).execute();
    await sandboxPost(`/api/sandbox/paypay/${first.row.charge_id}`, 'result=approve');
    expect(await sandboxRow(first.row.charge_id!)).toMatchObject({ status: 'succeeded', refunded_amount: 3960 });
    expect((await userPlansOf(api, who.userId)).map((p) => p.status)).toEqual(['FAILED', 'PENDING']);
    expect((await back(who, first.userPlan.id)).headers.location).toContain('auth=failed');
  });
});
