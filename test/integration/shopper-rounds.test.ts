import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBilling } from '../../api/billing/run-billing.ts';
import { createSandboxProvider } from '../../api/payment/sandbox/sandbox-provider.ts';
import { findSandboxShopperPayment } from '../../api/payment/sandbox/sandbox-shopper.ts';
import { settleShopperRound } from '../../api/shopper-round/shopper-round-paid.ts';
import { DAY, MINUTE } from './api-account-fixtures.ts';
import { buildArtist, buildPlan, buildRound, insertArtist, insertPlan, insertRound } from './api-fixtures.ts';
import { newShopper, OPEN_DEADLINE, startSubscriptionApi, subscribe, type AccountApi, type Shopper } from './api-user-plan-fixtures.ts';
import { BILLING_OPTIONS, billingContext, billingRowsOf, runPass, secureCookie } from './billing-fixtures.ts';

/**
 * Issue 34, later rounds of a fan who pays each round herself (decision 0093): the billing pass
 * sends the request 7 days before the deadline and a reminder 2 days before; a round paid in time
 * is written SUCCESS like a charged round, with the 承諾通知; an unpaid one lapses at the deadline
 * (not sent, nothing charged), and N lapses in a row pause the subscription; a payment arriving
 * after the lapse goes back. The card billing leaves these fans alone. Over HTTP and the sandbox,
 * driving the test clock.
 */
let api: AccountApi;
/** When true, the gateway's cancel answers the payment untouched: a payment in flight as the round lapses. */
let cancelMisses = false;
let serial = 0;

const WEEK_BEFORE = 7 * DAY;
const R2_END = new Date('2026-12-31T15:00:00Z');
const R3_END = new Date('2027-01-31T15:00:00Z');
const ROUND_TOTAL = '¥3,960';
const BASE = 'http://localhost:3000';

beforeAll(async () => {
  api = await startSubscriptionApi({
    paymentProvider: (deps) => {
      const sandbox = createSandboxProvider(deps);
      return {
        ...sandbox,
        cancelShopperPayment: (ref) => (cancelMisses ? sandbox.findShopperPayment(ref) : sandbox.cancelShopperPayment(ref)),
      };
    },
  });
}, 60_000);
afterAll(async () => api?.close());

interface Fan extends Shopper {
  userPlanId: number;
  planId: number;
  r2: number;
  r3: number;
}

/** A fan subscribed at checkout (the open round paid by card) who then pays each round herself by `method`. */
async function fanPaying(method: 'KONBINI' | 'PAYPAY'): Promise<Fan> {
  serial += 1;
  api.clock.now = new Date('2026-11-22T03:00:00Z');
  const artist = await insertArtist(api.db, buildArtist({ slug: `shopper-round-${serial}` }));
  const plan = await insertPlan(api.db, buildPlan(artist, { name: `推しプラン${serial}` }));
  await insertRound(api.db, buildRound(plan, new Date('2026-11-01T00:00:00Z'), OPEN_DEADLINE, new Date('2026-12-25T01:00:00Z'), '12月'));
  const r2 = await insertRound(api.db, buildRound(plan, OPEN_DEADLINE, R2_END, new Date('2027-01-25T01:00:00Z'), '1月'));
  const r3 = await insertRound(api.db, buildRound(plan, R2_END, R3_END, new Date('2027-02-25T01:00:00Z'), '2月'));
  const fan = await newShopper(api);
  const res = await subscribe(api, fan, { planId: plan, count: 1 });
  expect(res.status, res.text).toBe(201);
  await api.db.updateTable('users').set({ payment_method: method }).where('id', '=', fan.userId).execute();
  const up = await api.db.selectFrom('user_plans').select('id').where('user_id', '=', fan.userId).executeTakeFirstOrThrow();
  return { ...fan, userPlanId: up.id, planId: plan, r2, r3 };
}

const requestsOf = (fan: Fan) => api.db.selectFrom('shopper_round_requests').selectAll().where('user_id', '=', fan.userId).orderBy('pay_by').execute();
const mailsOf = (fan: Fan, kind: string) => api.db.selectFrom('billing_mails').selectAll().where('user_id', '=', fan.userId).where('kind', '=', kind).execute();
const waitMail = (fan: Fan, subject: RegExp) => api.mailbox.waitFor(fan.email, (m) => subject.test(m.subject), 10_000);

async function passAt(at: Date) {
  api.clock.now = at;
  return runPass(api);
}

/** The request of round `roundId` goes out a week before its deadline; its id. */
async function requested(fan: Fan, roundId: number, end: Date): Promise<number> {
  await passAt(new Date(end.getTime() - WEEK_BEFORE + MINUTE));
  const row = (await requestsOf(fan)).find((r) => r.plan_order_id === roundId);
  expect(row?.status).toBe('requested');
  return row!.id;
}

/** A session of the test clock's day (the sign-up's has idled out weeks later). */
const sessionOf = (fan: Fan) => secureCookie(api, fan.userId);
const pay = async (fan: Fan, requestId: number) => request(api.app).post(`/api/shopperRound/${requestId}/pay`).set('cookie', await sessionOf(fan)).send({});

describe('a round paid before its deadline', () => {
  it('konbini: the request at 7 days, the reminder at 2, the voucher paid at the store → SUCCESS and the 承諾通知', async () => {
    const fan = await fanPaying('KONBINI');
    // Six days before the request: nothing yet.
    await passAt(new Date(R2_END.getTime() - 8 * DAY));
    expect(await requestsOf(fan)).toEqual([]);
    const id = await requested(fan, fan.r2, R2_END);
    const [row] = await requestsOf(fan);
    expect({ total: row!.total, ship: row!.ship_fee, method: row!.method }).toEqual({ total: 3960, ship: 660, method: 'konbini' });
    const mail = await waitMail(fan, /1月号のお支払いのお願い/);
    expect(mail.text).toContain(ROUND_TOTAL);
    expect(mail.text).toContain('2026/12/31 23:59');
    expect(mail.text).toContain('/mypage/profile');

    await passAt(new Date(R2_END.getTime() - 2 * DAY + MINUTE));
    expect(await waitMail(fan, /【リマインド】1月号のお支払い/)).toBeTruthy();
    await passAt(new Date(R2_END.getTime() - 2 * DAY + 2 * MINUTE));
    expect(await mailsOf(fan, 'shopper_reminder')).toHaveLength(1);

    const res = await pay(fan, id);
    expect(res.status, res.text).toBe(200);
    const voucher = new URL((res.body as { url: string }).url, BASE);
    expect(voucher.pathname).toMatch(/^\/api\/sandbox\/konbini\/sp_/);
    // The same payment while it waits (a second click, another tab).
    expect(((await pay(fan, id)).body as { url: string }).url).toBe(voucher.pathname);
    const paid = await request(api.app).post(voucher.pathname).set('accept', 'text/html').type('form').send({});
    expect(paid.text).toContain('お支払いを受け付けました');

    const rows = await billingRowsOf(api, fan.userId, fan.r2);
    expect(rows.map((h) => ({ status: h.payment_status, method: h.payment_method, total: h.total, ship: h.ship_fee })))
      .toEqual([{ status: 'SUCCESS', method: 'KONBINI', total: 3960, ship: 660 }]);
    expect(rows[0]!.charge_id).toMatch(/^sp_/);
    expect(rows[0]!.paid_at).not.toBeNull();
    const accepted = await waitMail(fan, /ご注文を承りました（承諾通知）/);
    expect(accepted.text).toContain(ROUND_TOTAL);
    expect(accepted.text).toContain('コンビニ払い');
    expect(accepted.text).toContain('1月号');

    // After the deadline: nothing lapses, nothing is charged twice, the paid round stands.
    await passAt(new Date(R2_END.getTime() + 10 * MINUTE));
    expect((await requestsOf(fan))[0]!.status).toBe('paid');
    expect(await billingRowsOf(api, fan.userId, fan.r2)).toHaveLength(1);
    expect(await mailsOf(fan, 'shopper_lapsed')).toEqual([]);
    expect((await pay(fan, id)).status).toBe(409);
  });

  it('PayPay: the redirect, approve, back to the shop → SUCCESS once', async () => {
    const fan = await fanPaying('PAYPAY');
    const id = await requested(fan, fan.r2, R2_END);
    const res = await pay(fan, id);
    const page = new URL((res.body as { url: string }).url, BASE);
    expect(page.pathname).toMatch(/^\/api\/sandbox\/paypay\/sp_/);
    const back = await request(api.app).post(page.pathname).type('form').send({ result: 'approve' });
    expect(back.status).toBe(303);
    const returnUrl = new URL(String(back.headers.location));
    expect(returnUrl.pathname).toBe(`/api/shopperRound/${id}/return`);
    const landed = await request(api.app).get(returnUrl.pathname).set('cookie', await sessionOf(fan));
    expect(landed.status).toBe(303);
    expect(landed.headers.location).toBe('/mypage/profile?round=paid');
    const rows = await billingRowsOf(api, fan.userId, fan.r2);
    expect(rows.map((h) => [h.payment_status, h.payment_method, h.total])).toEqual([['SUCCESS', 'PAYPAY', 3960]]);
    expect((await waitMail(fan, /承諾通知/)).text).toContain('PayPay');
    expect(await mailsOf(fan, 'shopper_accepted')).toHaveLength(1);
  });

  it('a declined PayPay payment is followed by a new attempt under a new key', async () => {
    const fan = await fanPaying('PAYPAY');
    const id = await requested(fan, fan.r2, R2_END);
    const first = new URL(((await pay(fan, id)).body as { url: string }).url, BASE);
    await request(api.app).post(first.pathname).type('form').send({ result: 'decline' });
    const second = new URL(((await pay(fan, id)).body as { url: string }).url, BASE);
    expect(second.pathname).not.toBe(first.pathname);
    expect((await requestsOf(fan))[0]!.order_key).toBe(`shopper-round-${id}-2`);
  });

  it('a fan can pay only her own request (404 for another fan\'s)', async () => {
    const fan = await fanPaying('KONBINI');
    const other = await fanPaying('KONBINI');
    const id = await requested(fan, fan.r2, R2_END);
    const res = await pay(other, id);
    expect(res.status).toBe(404);
    expect((res.body as { message: string }).message).toContain('見つかりません');
  });
});

describe('a round skipped after its request went out', () => {
  it('asks nothing any more: my page has no action, paying is refused, the deadline withdraws it without a lapse', async () => {
    const fan = await fanPaying('KONBINI');
    const id = await requested(fan, fan.r2, R2_END);
    const cookie = await sessionOf(fan);
    const before = await request(api.app).get('/api/user/overview').set('cookie', cookie);
    expect((before.body as { actions: { kind: string }[] }).actions.map((a) => a.kind)).toContain('shopperRound');
    const skip = await request(api.app).put('/api/userPlan').set('cookie', cookie).send({ currentPlanId: fan.planId, planId: fan.planId, action: 'skip' });
    expect(skip.status, skip.text).toBe(200);
    const after = await request(api.app).get('/api/user/overview').set('cookie', cookie);
    expect((after.body as { actions: { kind: string }[] }).actions.map((a) => a.kind)).not.toContain('shopperRound');
    const refused = await pay(fan, id);
    expect(refused.status).toBe(409);
    // At the deadline: withdrawn, not a missed payment (no lapse mail, not counted toward a pause).
    await passAt(new Date(R2_END.getTime() + 10 * MINUTE));
    expect((await requestsOf(fan)).map((r) => r.status)).toEqual(['canceled']);
    expect(await mailsOf(fan, 'shopper_lapsed')).toEqual([]);
    expect(await billingRowsOf(api, fan.userId, fan.r2)).toEqual([]);
  });
});

describe('a round not paid by its deadline', () => {
  it('lapses: no order row, the lapse mail, the subscription goes on; paying then is refused', async () => {
    const fan = await fanPaying('KONBINI');
    const id = await requested(fan, fan.r2, R2_END);
    expect((await pay(fan, id)).status).toBe(200); // a voucher taken, never paid
    await passAt(new Date(R2_END.getTime() + 10 * MINUTE));
    const [row] = await requestsOf(fan);
    expect(row!.status).toBe('lapsed');
    expect(await billingRowsOf(api, fan.userId, fan.r2)).toEqual([]);
    const mail = await waitMail(fan, /1月号はお届けしません/);
    expect(mail.text).toContain('お支払いが確認できなかったため、今回のBOXはお届けしません。料金はかかりません。');
    expect(mail.text).toContain('定期便はこのまま続きます');
    const up = await api.db.selectFrom('user_plans').select(['status', 'paused_from']).where('id', '=', fan.userPlanId).executeTakeFirstOrThrow();
    expect(up).toEqual({ status: 'ACTIVE', paused_from: null });
    const refused = await pay(fan, id);
    expect(refused.status).toBe(409);
    expect((refused.body as { message: string }).message).toContain('受付を終了');
    // The voucher was cancelled at the gateway: nothing can be paid on it any more.
    const sandbox = await api.db.selectFrom('sandbox_shopper_payments').select('status').where('payment_id', '=', row!.payment_id!).executeTakeFirstOrThrow();
    expect(['canceled', 'expired']).toContain(sandbox.status);
    // The card billing never charged this fan: no card row, no card reminder.
    expect(await mailsOf(fan, 'reminder')).toEqual([]);
  });

  it('two lapses in a row pause the subscription, and the mail says so', async () => {
    const fan = await fanPaying('PAYPAY');
    await requested(fan, fan.r2, R2_END);
    await passAt(new Date(R2_END.getTime() + 10 * MINUTE));
    await requested(fan, fan.r3, R3_END);
    await passAt(new Date(R3_END.getTime() + 10 * MINUTE));
    expect((await requestsOf(fan)).map((r) => r.status)).toEqual(['lapsed', 'lapsed']);
    const up = await api.db.selectFrom('user_plans').select(['status', 'paused_from']).where('id', '=', fan.userPlanId).executeTakeFirstOrThrow();
    expect(up.status).toBe('ACTIVE');
    expect(up.paused_from).not.toBeNull();
    expect((await waitMail(fan, /2月号はお届けしません/)).text).toContain('定期便を休止しました');
    expect(await billingRowsOf(api, fan.userId, fan.r3)).toEqual([]);
  });
});

describe('a payment after the round lapsed', () => {
  it('PayPay: refunded, and the fan is told', async () => {
    const fan = await fanPaying('PAYPAY');
    const id = await requested(fan, fan.r2, R2_END);
    const page = new URL(((await pay(fan, id)).body as { url: string }).url, BASE);
    cancelMisses = true;
    try {
      await passAt(new Date(R2_END.getTime() + 10 * MINUTE));
    } finally {
      cancelMisses = false;
    }
    expect((await requestsOf(fan))[0]!.status).toBe('lapsed');
    await request(api.app).post(page.pathname).type('form').send({ result: 'approve' });
    expect(await billingRowsOf(api, fan.userId, fan.r2)).toEqual([]);
    const paymentId = page.pathname.split('/').pop()!;
    const sandbox = await api.db.selectFrom('sandbox_shopper_payments').select(['status', 'refunded_amount']).where('payment_id', '=', paymentId).executeTakeFirstOrThrow();
    expect(sandbox).toEqual({ status: 'succeeded', refunded_amount: 3960 });
    expect((await waitMail(fan, /ご返金について/)).text).toContain('PayPayへご返金しました');
  });

  it('konbini: listed for a bank transfer, and the fan is told', async () => {
    const fan = await fanPaying('KONBINI');
    const id = await requested(fan, fan.r2, R2_END);
    const voucher = await pay(fan, id);
    expect(voucher.status, voucher.text).toBe(200);
    cancelMisses = true;
    try {
      await passAt(new Date(R2_END.getTime() + 10 * MINUTE));
    } finally {
      cancelMisses = false;
    }
    const [row] = await requestsOf(fan);
    expect(row!.status).toBe('lapsed');
    // Paid at the store in the last second; the gateway's news comes after the lapse.
    await api.db.updateTable('sandbox_shopper_payments').set({ status: 'succeeded' }).where('payment_id', '=', row!.payment_id!).execute();
    const payment = await findSandboxShopperPayment(api.db, api.clock.now, { orderKey: row!.order_key! });
    expect(await settleShopperRound(billingContext(api), payment!)).toBe('returned');
    const transfers = await api.db.selectFrom('shopper_refund_transfers').select(['amount', 'status', 'request_id']).where('user_id', '=', fan.userId).execute();
    expect(transfers).toEqual([{ amount: 3960, status: 'to_transfer', request_id: row!.id }]);
    expect(await billingRowsOf(api, fan.userId, fan.r2)).toEqual([]);
    expect((await waitMail(fan, /ご返金について/)).text).toContain('銀行振込でご返金します');
  });
});

describe('two at once', () => {
  it('two billing passes at once send one request and one mail; two settlements write one row', async () => {
    const fan = await fanPaying('PAYPAY');
    api.clock.now = new Date(R2_END.getTime() - WEEK_BEFORE + MINUTE);
    await Promise.all([runBilling(billingContext(api), BILLING_OPTIONS), runBilling(billingContext(api), BILLING_OPTIONS)]);
    const requests = await requestsOf(fan);
    expect(requests).toHaveLength(1);
    expect(await mailsOf(fan, 'shopper_request')).toHaveLength(1);
    const page = new URL(((await pay(fan, requests[0]!.id)).body as { url: string }).url, BASE);
    const paymentId = page.pathname.split('/').pop()!;
    await api.db.updateTable('sandbox_shopper_payments').set({ status: 'succeeded' }).where('payment_id', '=', paymentId).execute();
    const [taken] = await requestsOf(fan);
    const payment = (await findSandboxShopperPayment(api.db, api.clock.now, { orderKey: taken!.order_key! }))!;
    const outcomes = await Promise.all([settleShopperRound(billingContext(api), payment), settleShopperRound(billingContext(api), payment)]);
    expect(outcomes.sort()).toEqual(['already', 'paid']);
    expect(await billingRowsOf(api, fan.userId, fan.r2)).toHaveLength(1);
    expect(await mailsOf(fan, 'shopper_accepted')).toHaveLength(1);
  });
});

describe('同梱: the parcel rule', () => {
  it('a round shipping with a box already paid with shipping is requested without shipping', async () => {
    const fan = await fanPaying('KONBINI');
    // A second plan of the same fan whose round closes later but ships the same day as the first's.
    const artist = await insertArtist(api.db, buildArtist({ slug: `shopper-round-parcel-${serial}` }));
    const plan = await insertPlan(api.db, buildPlan(artist, { name: '同梱プラン' }));
    const laterEnd = new Date('2027-01-10T15:00:00Z');
    const later = await insertRound(api.db, buildRound(plan, OPEN_DEADLINE, laterEnd, new Date('2027-01-25T01:00:00Z'), '1月'));
    const other = await api.db.insertInto('user_plans').values({ user_id: fan.userId, plan_id: plan, count: 1, status: 'ACTIVE', created_at: api.clock.now, updated_at: api.clock.now })
      .returning('id').executeTakeFirstOrThrow();
    const id = await requested(fan, fan.r2, R2_END);
    const voucher = new URL(((await pay(fan, id)).body as { url: string }).url, BASE);
    await request(api.app).post(voucher.pathname).type('form').send({});
    await passAt(new Date(laterEnd.getTime() - WEEK_BEFORE + MINUTE));
    const second = (await requestsOf(fan)).find((r) => r.user_plan_id === other.id)!;
    expect({ ship: second.ship_fee, total: second.total }).toEqual({ ship: 0, total: 3300 });
    expect((await waitMail(fan, /1月号のお支払いのお願い（期限 2027\/01\/10）/)).text).toContain('送料（同梱）');
    const page = new URL(((await pay(fan, second.id)).body as { url: string }).url, BASE);
    await request(api.app).post(page.pathname).type('form').send({});
    const rows = await billingRowsOf(api, fan.userId, later);
    expect(rows.map((h) => ({ status: h.payment_status, ship: h.ship_fee, total: h.total, carries: h.carries_fee }))).toEqual([{ status: 'SUCCESS', ship: 0, total: 3300, carries: false }]);
  });
});

describe('the card billing', () => {
  it('leaves a konbini fan alone at the deadline: no reservation, no charge, no card reminder', async () => {
    const fan = await fanPaying('KONBINI');
    await passAt(new Date(R2_END.getTime() - 3 * DAY + MINUTE));
    await passAt(new Date(R2_END.getTime() + 10 * MINUTE));
    expect(await billingRowsOf(api, fan.userId, fan.r2)).toEqual([]);
    expect(await mailsOf(fan, 'reminder')).toEqual([]);
    const charges = await api.db.selectFrom('sandbox_charges').select('order_key').where('order_key', 'like', `bill-${fan.userPlanId}-%`).execute();
    expect(charges).toEqual([]);
  });
});
