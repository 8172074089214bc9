import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/session/session.service.ts';
import type { PlanOrderHistory, Receipt } from '../../shared/api/types.ts';
import { insertHistory, insertSubscription, seedHistoryShop, type HistoryOverrides, type HistoryShop } from '../support/order-history-rows.ts';
import { bodyOf, expectApiError, KNOWN_USER, insertSession, insertUser, NOW, startApi, type ApiTest } from './api-fixtures.ts';

/** GET /api/planOrderHistory(/{id}) and the receipts, over HTTP on a real database. */
let api: ApiTest;
let shop: HistoryShop;
let serial = 0;

beforeAll(async () => {
  api = await startApi();
  shop = await seedHistoryShop(api.db, 'history-api');
});
afterAll(async () => api?.database.destroy());

interface Shopper { userId: number; cookie: string; userPlanId: number }

async function newShopper(): Promise<Shopper> {
  serial += 1;
  const userId = await insertUser(api.db, { ...KNOWN_USER, email: `history-${serial}@example.com` });
  const token = `history-session-${serial}-0123456789abcdef`;
  await insertSession(api.db, { token, userId, expiresAt: new Date(NOW.getTime() + 86_400_000) });
  const userPlanId = await insertSubscription(api.db, userId, shop, NOW);
  return { userId, cookie: `${SESSION_COOKIE}=${token}`, userPlanId };
}

/** An order of the shopper; `ended` hangs it off another (cancelled) subscription, so several may be live. */
async function order(shopper: Shopper, overrides: HistoryOverrides = {}, ended = false): Promise<number> {
  const userPlanId = ended ? await insertSubscription(api.db, shopper.userId, shop, NOW, 'CANCELLED') : shopper.userPlanId;
  return insertHistory(api.db, { userId: shopper.userId, userPlanId, shop }, overrides);
}

const get = (path: string, cookie?: string) => (cookie ? request(api.app).get(path).set('cookie', cookie) : request(api.app).get(path));
const issue = (id: number | string, cookie: string, body: object) =>
  request(api.app).post(`/api/planOrderHistory/${id}/receipt`).set('cookie', cookie).send(body);
const historyRow = (id: number) => api.db.selectFrom('plan_order_histories').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('GET /api/planOrderHistory', () => {
  it('lists the signed-in user\'s orders newest first, a charge replaced by a change too (issue 30: every charge and its refund)', async () => {
    const shopper = await newShopper();
    const older = await order(shopper, { created_at: new Date('2026-10-20T01:00:00Z'), payment_status: 'DELIVERED', plan_order_id: shop.decemberRound }, true);
    const newer = await order(shopper, { created_at: new Date('2026-11-21T01:00:00Z'), plan_order_id: shop.januaryRound });
    const replaced = await order(shopper, { created_at: new Date('2026-11-21T02:00:00Z'), payment_status: 'CANCEL', refund_status: 'refunded', superseded_by: newer, plan_order_id: shop.januaryRound });
    const other = await newShopper();
    await order(other);
    const res = await get('/api/planOrderHistory', shopper.cookie).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const orders = bodyOf<PlanOrderHistory[]>(res);
    expect(orders.map((h) => h.id)).toEqual([replaced, newer, older]);
    expect(orders[0]).toMatchObject({ supersededBy: newer, refunds: [{ amount: 3960, status: 'refunded', full: true }], receipt: { refusal: 'refunded' } });
  });

  it('names the round, its 「◯月号」, artist, tier, amounts, method and the §4 label', async () => {
    const shopper = await newShopper();
    const id = await order(shopper, { count: 2, price: 6600, pre_tax_price: 6000, total: 7260 });
    const [item] = bodyOf<PlanOrderHistory[]>(await get('/api/planOrderHistory', shopper.cookie).expect(200));
    expect(item).toMatchObject({
      id, count: 2, price: 6600, preTaxPrice: 6000, shipFee: 660, preTaxShipFee: 600, fee: 0, preTaxFee: 0, total: 7260,
      order: { id: shop.decemberRound, name: '2026年12月お届け分', label: { ja: '12月号', en: 'Dec 2026 box' }, shipDate: '2026-12-25T01:00:00.000Z' },
      plan: { id: shop.planId, name: 'ライトプラン' }, artist: { name: shop.artistName, slug: 'history-api' },
      paymentMethod: 'CARD', paymentStatus: 'SUCCESS', paymentStatusLabel: { ja: '決済完了・商品制作中', en: 'Payment confirmed, product being produced' },
      paidAt: '2026-11-20T01:00:05.000Z', shipDestName: '推野 花子', tracking: null, deferred: null,
      receipt: { available: true, refusal: null, issuedCount: 0, addressee: null },
    });
    expect(item?.timeline.map((e) => `${e.step}:${e.state}`)).toEqual([
      'applied:done', 'charged:done', 'production:done', 'preparing:pending', 'shipped:pending', 'delivered:pending',
    ]);
  });

  it('an empty history is an empty list; signed out is 401', async () => {
    const shopper = await newShopper();
    expect((await get('/api/planOrderHistory', shopper.cookie).expect(200)).body).toEqual([]);
    expectApiError(await get('/api/planOrderHistory'), 401, 'UNAUTHORIZED');
    expectApiError(await get('/api/planOrderHistory?x=1', shopper.cookie), 400, 'BAD_REQUEST', ['x']);
  });
});

describe('GET /api/planOrderHistory/{id}', () => {
  it('answers one order with tracking (carrier link), shipping dates and the timeline', async () => {
    const shopper = await newShopper();
    const id = await order(shopper, {
      payment_status: 'SHIPSTART', ship_number: '1234-5678-9012', carrier: 'yamato',
      waiting_at: new Date('2026-12-20T00:00:00Z'), shipped_at: new Date('2026-12-24T00:00:00Z'),
    });
    const item = bodyOf<PlanOrderHistory>(await get(`/api/planOrderHistory/${id}`, shopper.cookie).expect(200));
    expect(item.paymentStatusLabel.ja).toBe('決済完了・発送済み');
    expect(item.tracking).toMatchObject({ number: '1234-5678-9012', carrier: 'yamato', carrierName: { ja: 'ヤマト運輸' } });
    expect(item.tracking?.url).toContain('kuronekoyamato.co.jp');
    expect(item.timeline.find((e) => e.step === 'shipped')).toMatchObject({ state: 'done', at: '2026-12-24T00:00:00.000Z' });
    expect(item.timeline.find((e) => e.step === 'delivered')).toMatchObject({ state: 'pending', at: null });
  });

  it('an unknown carrier shows the number without a link', async () => {
    const shopper = await newShopper();
    const id = await order(shopper, { payment_status: 'SHIPSTART', ship_number: '999', carrier: 'pigeon' });
    expect(bodyOf<PlanOrderHistory>(await get(`/api/planOrderHistory/${id}`, shopper.cookie)).tracking).toEqual({ number: '999', carrier: null, carrierName: null, url: null });
  });

  it('ERROR: the failure and the next retry date', async () => {
    const shopper = await newShopper();
    const id = await order(shopper, { payment_status: 'ERROR', paid_at: null, next_attempt_at: new Date('2026-11-23T00:00:00Z'), decline_reason: 'card_declined' });
    const item = bodyOf<PlanOrderHistory>(await get(`/api/planOrderHistory/${id}`, shopper.cookie).expect(200));
    expect(item).toMatchObject({ paymentStatusLabel: { ja: '決済失敗' }, nextAttemptAt: '2026-11-23T00:00:00.000Z', receipt: { available: false, refusal: 'status' } });
    expect(item.timeline.map((e) => `${e.step}:${e.state}`)).toEqual(['applied:done', 'failed:failed', 'retry:pending']);
    expect(item.timeline[2]?.at).toBe('2026-11-23T00:00:00.000Z');
  });

  it('CANCEL refunded: cancelled and refunded in the timeline', async () => {
    const shopper = await newShopper();
    // The subscription was cancelled (an active one, with the round not skipped, would be charged again at the deadline).
    const id = await order(shopper, { payment_status: 'CANCEL', refund_status: 'refunded', refunded_at: new Date('2026-11-21T00:00:00Z') }, true);
    const item = bodyOf<PlanOrderHistory>(await get(`/api/planOrderHistory/${id}`, shopper.cookie).expect(200));
    expect(item).toMatchObject({ paymentStatusLabel: { ja: '決済キャンセル' }, refundStatus: 'refunded', chargeAt: null });
    expect(item.timeline.slice(-2).map((e) => `${e.step}:${e.state}`)).toEqual(['cancelled:done', 'refund:done']);
  });

  it('GMOAB: the invoice is due 14 days after the charge, late fee 297 up to 3 times', async () => {
    const shopper = await newShopper();
    const id = await order(shopper, { payment_method: 'GMOAB' });
    const item = bodyOf<PlanOrderHistory>(await get(`/api/planOrderHistory/${id}`, shopper.cookie).expect(200));
    expect(item).toMatchObject({
      fee: 330, preTaxFee: 300, total: 4290,
      deferred: { dueDate: '2026-12-04T01:00:05.000Z', dueDays: 14, lateFee: 297, maxLateFees: 3, lateFeeMax: 891 },
      receipt: { available: false, refusal: 'deferred' },
    });
  });

  it('another user\'s order or an unknown id is 404; a non-numeric id 400 naming planOrderId; signed out 401', async () => {
    const owner = await newShopper();
    const id = await order(owner);
    const stranger = await newShopper();
    expectApiError(await get(`/api/planOrderHistory/${id}`, stranger.cookie), 404, 'NOT_FOUND');
    expectApiError(await get('/api/planOrderHistory/999999', stranger.cookie), 404, 'NOT_FOUND');
    const bad = expectApiError(await get('/api/planOrderHistory/abc', stranger.cookie), 400, 'BAD_REQUEST', ['planOrderId']);
    expect(bad.message).toContain('planOrderId');
    expectApiError(await get(`/api/planOrderHistory/${id}`), 401, 'UNAUTHORIZED');
    expectApiError(await request(api.app).delete(`/api/planOrderHistory/${id}`).set('cookie', owner.cookie), 405, 'METHOD_NOT_ALLOWED');
  });
});

describe('receipts', () => {
  it('GET before the first issue: 404 RECEIPT_NOT_ISSUED', async () => {
    const shopper = await newShopper();
    const id = await order(shopper);
    expectApiError(await get(`/api/planOrderHistory/${id}/receipt`, shopper.cookie), 404, 'RECEIPT_NOT_ISSUED');
  });

  it('the first issue stores the addressee and counts 1; a reissue to another addressee is marked 再発行', async () => {
    const shopper = await newShopper();
    const id = await order(shopper, { count: 2, price: 6600, pre_tax_price: 6000, total: 7260, payment_status: 'DELIVERED' });
    const first = bodyOf<Receipt>(await issue(id, shopper.cookie, { addressee: ' 推野 花子 ' }).expect(200));
    expect(first).toMatchObject({
      historyId: id, addressee: '推野 花子', issuedCount: 1, reissued: false, issuedAt: NOW.toISOString(),
      description: { ja: `OshiBox ${shop.artistName} ライトプラン 12月号 代として` },
      paidAt: '2026-11-20T01:00:05.000Z', paymentMethod: 'CARD', total: 7260,
      tax: { ratePercent: 10, taxableAmount: 7260, tax: 660 },
    });
    expect(first.number).toMatch(/^R-\d{8}$/);
    expect(bodyOf<Receipt>(await get(`/api/planOrderHistory/${id}/receipt`, shopper.cookie).expect(200))).toEqual(first);
    const again = bodyOf<Receipt>(await issue(id, shopper.cookie, { addressee: '株式会社推し活' }).expect(200));
    expect(again).toMatchObject({ addressee: '株式会社推し活', issuedCount: 2, reissued: true, issuedAt: first.issuedAt, number: first.number });
    expect(await historyRow(id)).toMatchObject({ receipt_issued_count: 2, receipt_addressee: '株式会社推し活', receipt_first_issued_at: NOW });
    const item = bodyOf<PlanOrderHistory>(await get(`/api/planOrderHistory/${id}`, shopper.cookie));
    expect(item.receipt).toEqual({ available: true, refusal: null, issuedCount: 2, addressee: '株式会社推し活' });
  });

  it.each(['BEFORE', 'ERROR', 'CANCEL'])('refuses %s with 409 and leaves the row as it was', async (status) => {
    const shopper = await newShopper();
    const id = await order(shopper, { payment_status: status, paid_at: status === 'CANCEL' ? undefined : null });
    const error = expectApiError(await issue(id, shopper.cookie, { addressee: '推野 花子' }), 409, 'RECEIPT_UNAVAILABLE');
    expect(error.message).toContain('決済が完了していない');
    expectApiError(await get(`/api/planOrderHistory/${id}/receipt`, shopper.cookie), 409, 'RECEIPT_UNAVAILABLE');
    expect(await historyRow(id)).toMatchObject({ receipt_issued_count: 0, receipt_addressee: null });
  });

  it('GMOAB: refused, the payment slip\'s receipt serves', async () => {
    const shopper = await newShopper();
    const id = await order(shopper, { payment_method: 'GMOAB' });
    const error = expectApiError(await issue(id, shopper.cookie, { addressee: '推野 花子' }), 409, 'RECEIPT_UNAVAILABLE');
    expect(error.message).toContain('払込票の受領証');
  });

  it('another user\'s order: 404, nothing counted; signed out 401', async () => {
    const owner = await newShopper();
    const id = await order(owner);
    const stranger = await newShopper();
    expectApiError(await issue(id, stranger.cookie, { addressee: '他人' }), 404, 'NOT_FOUND');
    expectApiError(await get(`/api/planOrderHistory/${id}/receipt`, stranger.cookie), 404, 'NOT_FOUND');
    expectApiError(await request(api.app).post(`/api/planOrderHistory/${id}/receipt`).send({ addressee: 'x' }), 401, 'UNAUTHORIZED');
    expect((await historyRow(id)).receipt_issued_count).toBe(0);
  });

  it.each([
    ['U+202E (right-to-left override)', '株式会社\u202E社会式株'],
    ['U+2066–U+2069 (isolates)', '推野\u2066花子\u2069'],
    ['U+200B (zero-width space)', '推野\u200B花子'],
  ])('the addressee refuses %s: 400 naming it in ja/en, nothing issued (issue 17)', async (_name, addressee) => {
    const shopper = await newShopper();
    const id = await order(shopper);
    const error = expectApiError(await issue(id, shopper.cookie, { addressee }), 400, 'BAD_REQUEST', ['addressee']);
    expect(error.fields?.addressee?.ja).toContain('宛名');
    expect(error.fields?.addressee?.ja).toContain('文字の向き');
    expect(error.fields?.addressee?.en).toContain('The addressee');
    expect(await historyRow(id)).toMatchObject({ receipt_issued_count: 0, receipt_addressee: null });
  });

  it('the addressee is bounded (1–100 characters) with a ja/en message; the body is strict', async () => {
    const shopper = await newShopper();
    const id = await order(shopper);
    const tooLong = expectApiError(await issue(id, shopper.cookie, { addressee: 'あ'.repeat(101) }), 400, 'BAD_REQUEST', ['addressee']);
    expect(tooLong.message).toContain('100文字');
    expect(tooLong.messageEn).toContain('100 characters');
    expectApiError(await issue(id, shopper.cookie, { addressee: '  ' }), 400, 'BAD_REQUEST', ['addressee']);
    expectApiError(await issue(id, shopper.cookie, { addressee: '推野', extra: 1 }), 400, 'BAD_REQUEST', ['extra']);
    expectApiError(await issue(id, shopper.cookie, {}), 400, 'BAD_REQUEST', ['addressee']);
    expect((await issue(id, shopper.cookie, { addressee: 'あ'.repeat(100) })).status).toBe(200);
  });

  it('two issues at once count twice', async () => {
    const shopper = await newShopper();
    const id = await order(shopper);
    await Promise.all([issue(id, shopper.cookie, { addressee: 'A' }), issue(id, shopper.cookie, { addressee: 'B' })]);
    expect((await historyRow(id)).receipt_issued_count).toBe(2);
  });
});
