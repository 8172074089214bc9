import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserPlanChange } from '../../shared/api/types.ts';
import { expectApiError } from './api-fixtures.ts';
import {
  changePlan, historiesOf, newShopper, providerChargesOf, OPEN_DEADLINE, seedCatalogue, startSubscriptionApi, subscribe, userPlansOf,
  type AccountApi, type Catalogue, type Shopper,
} from './api-user-plan-fixtures.ts';

/** PUT/DELETE /api/userPlan: every change names its round; the rule at Tokyo-midnight deadlines. */
let api: AccountApi;
let shop: Catalogue;

beforeAll(async () => {
  api = await startSubscriptionApi();
  shop = await seedCatalogue(api.db);
});
afterAll(async () => api?.close());
// Ten minutes before the open round's deadline: close enough that moving to it keeps sessions alive.
beforeEach(() => {
  api.clock.now = new Date(OPEN_DEADLINE.getTime() - 10 * 60_000);
});

/** 23:59:59 on 11/30 in Tokyo: the last second of the open round. */
const LAST_SECOND = new Date(OPEN_DEADLINE.getTime() - 1000);

async function subscribed(planId = shop.light): Promise<Shopper> {
  const shopper = await newShopper(api);
  const res = await subscribe(api, shopper, { planId }, `subscribe-${shopper.userId}-${planId}`);
  expect(res.status, res.text).toBe(201);
  return shopper;
}

const body = (res: { body: unknown }) => res.body as UserPlanChange;

describe('skip: the round rule at the deadline (Asia/Tokyo)', () => {
  it('at 23:59:59 JST the open round is skipped, and its checkout charge voided and refunded', async () => {
    const shopper = await subscribed();
    api.clock.now = LAST_SECOND;
    const res = await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, action: 'skip' });
    expect(res.status, res.text).toBe(200);
    expect(body(res).appliesFrom.label.ja).toBe('12月号から');
    expect(body(res).refunded).toBe(true);
    expect(body(res).userPlan.nextRoundSkipped).toBe(true);
    const [history] = await historiesOf(api, shopper.userId);
    expect(history).toMatchObject({ payment_status: 'CANCEL', refund_status: 'refunded' });
    const mail = await api.mailbox.waitFor(shopper.email, (m) => m.subject.includes('スキップ'));
    expect(mail.subject).toContain('12月号から');
  });

  it('at 00:00:00 JST (the deadline) it applies from the next round; the open round stays charged', async () => {
    const shopper = await subscribed();
    api.clock.now = OPEN_DEADLINE;
    const res = await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, action: 'skip' });
    expect(res.status, res.text).toBe(200);
    expect(body(res).appliesFrom.label.ja).toBe('1月号から');
    expect(body(res).appliesFrom.order?.id).toBe(shop.nextRound.light);
    expect(body(res).refunded).toBe(false);
    const [history] = await historiesOf(api, shopper.userId);
    expect(history?.payment_status).toBe('SUCCESS');
    expectApiError(await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, action: 'skip' }), 409, 'CONFLICT');
  });
});

describe('count and tier changes', () => {
  it('a count change before the deadline re-charges the open round with the new count, then refunds the old', async () => {
    const shopper = await subscribed();
    const res = await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, count: 3 });
    expect(res.status, res.text).toBe(200);
    expect(body(res)).toMatchObject({ appliesFrom: { label: { ja: '12月号から' } }, refunded: true, userPlan: { count: 3 } });
    const histories = await historiesOf(api, shopper.userId);
    expect(histories.map((h) => [h.payment_status, h.count, h.total])).toEqual([['CANCEL', 1, 3960], ['SUCCESS', 3, 3 * 3300 + 660]]);
    expect(histories[0]?.refund_status).toBe('refunded');
    // At the provider: the first charge fully refunded, the new one standing.
    expect((await providerChargesOf(api, shopper.userId)).map((c) => [c.amount, c.refunded_amount]).sort()).toEqual([[10560, 0], [3960, 3960]]);
  });

  it('a tier change after the deadline applies from the next round and charges nothing now', async () => {
    const shopper = await subscribed();
    api.clock.now = OPEN_DEADLINE;
    const res = await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.premium });
    expect(res.status, res.text).toBe(200);
    expect(body(res)).toMatchObject({ appliesFrom: { label: { ja: '1月号から' } }, refunded: false, userPlan: { plan: { id: shop.premium } } });
    expect((await historiesOf(api, shopper.userId)).map((h) => h.payment_status)).toEqual(['SUCCESS']);
    const [row] = await userPlansOf(api, shopper.userId);
    expect(row?.plan_id).toBe(shop.premium);
  });

  it('a tier change before the deadline charges the new tier for its open round and voids the old', async () => {
    const shopper = await subscribed();
    const res = await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.premium });
    expect(res.status, res.text).toBe(200);
    const histories = await historiesOf(api, shopper.userId);
    expect(histories.map((h) => [h.plan_order_id, h.payment_status])).toEqual([
      [shop.openRound.light, 'CANCEL'], [shop.openRound.premium, 'SUCCESS'],
    ]);
    expect(histories[1]?.total).toBe(5500 + 660);
  });

  it('refuses another artist\'s plan, nothing to change, a bad count', async () => {
    const shopper = await subscribed();
    expectApiError(await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.otherArtistPlan }), 400, 'BAD_REQUEST', ['planId']);
    expectApiError(await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, count: 1 }), 400, 'BAD_REQUEST');
    expectApiError(await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, count: 9 }), 400, 'BAD_REQUEST', ['count']);
    expectApiError(await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, action: 'stop' }), 400, 'BAD_REQUEST', ['action']);
  });
});

describe('pause and resume', () => {
  it('pause voids the open round; skip is refused while paused; resume names its round', async () => {
    const shopper = await subscribed();
    const paused = await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, action: 'pause' });
    expect(paused.status, paused.text).toBe(200);
    expect(body(paused)).toMatchObject({ refunded: true, userPlan: { paused: true, nextRoundSkipped: true, nextBilledRound: null }, appliesFrom: { label: { ja: '12月号から' } } });
    expectApiError(await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, action: 'skip' }), 409, 'CONFLICT');
    expectApiError(await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, action: 'pause' }), 409, 'CONFLICT');
    api.clock.now = OPEN_DEADLINE;
    const resumed = await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, action: 'resume' });
    expect(body(resumed)).toMatchObject({ userPlan: { paused: false, nextBilledRound: { id: shop.nextRound.light } }, appliesFrom: { label: { ja: '1月号から' } } });
  });
});

describe('a round whose box already left (an operator\'s early shipment)', () => {
  const shipEarly = (shopper: Shopper) =>
    api.db.updateTable('plan_order_histories').set({ payment_status: 'SHIPSTART', waiting_at: api.clock.now, shipped_at: api.clock.now })
      .where('user_id', '=', shopper.userId).execute();

  it.each(['skip', 'pause'] as const)('%s is refused with a 409 saying it shipped, and nothing changes', async (action) => {
    const shopper = await subscribed();
    await shipEarly(shopper);
    const res = await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, action });
    const error = expectApiError(res, 409, 'PAYMENT_STATUS_CONFLICT');
    expect(error.message).toBe('このお届けはすでに発送されたため、変更・取り消しできません。');
    expect(error.messageEn).toContain('already been shipped');
    expect((await historiesOf(api, shopper.userId))[0]).toMatchObject({ payment_status: 'SHIPSTART', refund_status: null });
    expect((await userPlansOf(api, shopper.userId))[0]).toMatchObject({ status: 'ACTIVE', paused_from: null });
    const skips = await api.db.selectFrom('user_plan_skips').select('plan_order_id').where('user_plan_id', '=', (await userPlansOf(api, shopper.userId))[0]!.id).execute();
    expect(skips).toEqual([]);
  });

  it('a cancellation ends the plan and keeps the shipped box charged (no refund)', async () => {
    const shopper = await subscribed();
    await shipEarly(shopper);
    const res = await request(api.app).delete(`/api/userPlan/${shop.light}`).set('cookie', shopper.cookie);
    expect(res.status, res.text).toBe(200);
    expect(body(res).refunded).toBe(false);
    expect((await userPlansOf(api, shopper.userId))[0]?.status).toBe('CANCELLED');
    expect((await historiesOf(api, shopper.userId))[0]).toMatchObject({ payment_status: 'SHIPSTART', refund_status: null });
  });
});

describe('cancel: DELETE /api/userPlan/{planId}', () => {
  it('before the deadline: cancelled, the checkout charge voided and refunded, a mail naming the round', async () => {
    const shopper = await subscribed();
    api.clock.now = LAST_SECOND;
    const res = await request(api.app).delete(`/api/userPlan/${shop.light}`).set('cookie', shopper.cookie);
    expect(res.status, res.text).toBe(200);
    expect(body(res)).toMatchObject({ refunded: true, appliesFrom: { label: { ja: '12月号から' } } });
    expect((await userPlansOf(api, shopper.userId))[0]?.status).toBe('CANCELLED');
    expect((await historiesOf(api, shopper.userId))[0]).toMatchObject({ payment_status: 'CANCEL', refund_status: 'refunded' });
    const list = await request(api.app).get('/api/userPlan').set('cookie', shopper.cookie).expect(200);
    expect(list.body).toEqual([]);
    const mail = await api.mailbox.waitFor(shopper.email, (m) => m.subject.includes('解約'));
    expect(mail.text).toContain('12月号から');
  });

  it('after the deadline the charged round still ships; the cancellation applies from the next', async () => {
    const shopper = await subscribed();
    api.clock.now = OPEN_DEADLINE;
    const res = await request(api.app).delete(`/api/userPlan/${shop.light}`).set('cookie', shopper.cookie);
    expect(body(res)).toMatchObject({ refunded: false, appliesFrom: { label: { ja: '1月号から' } } });
    expect((await historiesOf(api, shopper.userId))[0]?.payment_status).toBe('SUCCESS');
  });

  it('a cancelled plan can be subscribed again', async () => {
    const shopper = await subscribed();
    await request(api.app).delete(`/api/userPlan/${shop.light}`).set('cookie', shopper.cookie).expect(200);
    const again = await subscribe(api, shopper, { planId: shop.light }, `again-key-${shopper.userId}`);
    expect(again.status, again.text).toBe(201);
  });
});

describe('another user\'s ids', () => {
  it('PUT, DELETE and count on a plan the caller does not hold: 404, and the owner\'s plan is untouched', async () => {
    const owner = await subscribed();
    const other = await newShopper(api);
    expectApiError(await changePlan(api, other, { currentPlanId: shop.light, planId: shop.light, action: 'skip' }), 404, 'NOT_FOUND');
    expectApiError(await changePlan(api, other, { currentPlanId: shop.light, planId: shop.premium }), 404, 'NOT_FOUND');
    expectApiError(await request(api.app).delete(`/api/userPlan/${shop.light}`).set('cookie', other.cookie), 404, 'NOT_FOUND');
    const count = await request(api.app).get(`/api/userPlan/count/${shop.light}`).set('cookie', other.cookie).expect(200);
    expect(count.body).toEqual({ count: 0, joinsParcel: false });
    expect((await userPlansOf(api, owner.userId))[0]).toMatchObject({ status: 'ACTIVE', paused_from: null });
    expect((await historiesOf(api, owner.userId))[0]?.payment_status).toBe('SUCCESS');
  });

  it('without a session: 401', async () => {
    expectApiError(await request(api.app).put('/api/userPlan').send({ currentPlanId: 1, planId: 1 }), 401, 'UNAUTHORIZED');
    expectApiError(await request(api.app).delete('/api/userPlan/1'), 401, 'UNAUTHORIZED');
  });
});

describe('account deletion', () => {
  it('ends every subscription and refunds a round charged at checkout before its deadline', async () => {
    const shopper = await subscribed();
    const res = await request(api.app).delete('/api/user').set('cookie', shopper.cookie);
    expect(res.status, res.text).toBe(200);
    expect((await userPlansOf(api, shopper.userId)).map((r) => r.status)).toEqual(['CANCELLED']);
    expect((await historiesOf(api, shopper.userId))[0]).toMatchObject({ payment_status: 'CANCEL', refund_status: 'refunded' });
    expect((await providerChargesOf(api, shopper.userId))[0]).toMatchObject({ amount: 3960, refunded_amount: 3960 });
  });
});
