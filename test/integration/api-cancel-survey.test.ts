import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customerDetail } from '../../api/customers/customer-detail.ts';
import { staffDashboard } from '../../api/dashboard/dashboard.service.ts';
import type { ApiErrorBody } from '../../shared/api/errors.ts';
import type { UserPlanChange } from '../../shared/api/types.ts';
import { monthKeyOf } from '../../shared/dashboard-figures.ts';
import { expectApiError } from './api-fixtures.ts';
import {
  changePlan, historiesOf, newShopper, OPEN_DEADLINE, seedCatalogue, startSubscriptionApi, subscribe, userPlansOf,
  type AccountApi, type Catalogue, type Shopper,
} from './api-user-plan-fixtures.ts';

/**
 * Issue 32, keeping a fan: the cancel page's optional answer goes with DELETE /api/userPlan/{planId};
 * an offer taken instead (skip, pause, a cheaper plan) is a PUT with `cancelOffer`. Both feed the
 * dashboard's churn figures and the customer's page in the console.
 */
let api: AccountApi;
let shop: Catalogue;

beforeAll(async () => {
  api = await startSubscriptionApi();
  shop = await seedCatalogue(api.db);
});
afterAll(async () => api?.close());
beforeEach(() => {
  api.clock.now = new Date(OPEN_DEADLINE.getTime() - 10 * 60_000);
});

async function subscribed(planId = shop.light): Promise<Shopper> {
  const shopper = await newShopper(api);
  const res = await subscribe(api, shopper, { planId }, `survey-${shopper.userId}-${planId}`);
  expect(res.status, res.text).toBe(201);
  return shopper;
}

const cancel = (shopper: Shopper, planId: number) => request(api.app).delete(`/api/userPlan/${planId}`).set('cookie', shopper.cookie);

/** This month's cancellations and kept offers on the dashboard, by reason and by offer. */
async function thisMonth() {
  const figures = await staffDashboard(api.db, api.clock.now);
  const month = figures.months.find((m) => m.key === monthKeyOf(api.clock.now));
  if (!month) throw new Error('no current month on the dashboard');
  return month;
}

describe('cancelling from the cancel page', () => {
  it('stores the fan’s reason and note, and the dashboard counts the reason (not "reason not given")', async () => {
    const before = await thisMonth();
    const shopper = await subscribed();
    const res = await cancel(shopper, shop.light).send({ reason: 'price', note: '  今は予算が厳しいです  ' });
    expect(res.status, res.text).toBe(200);
    expect((res.body as UserPlanChange).refunded).toBe(true);
    const [row] = await userPlansOf(api, shopper.userId);
    expect(row).toMatchObject({ status: 'CANCELLED', cancel_reason: 'price', cancel_note: '今は予算が厳しいです', cancel_by: 'fan' });
    const after = await thisMonth();
    expect(after.cancelledByReason.price).toBe(before.cancelledByReason.price + 1);
    expect(after.cancelledByReason.none).toBe(before.cancelledByReason.none);
    // The support page shows the fan's answer and that the fan cancelled.
    const [subscription] = (await customerDetail(api.db, shopper.userId, api.clock.now)).subscriptions;
    expect(subscription).toMatchObject({ cancelReason: { ja: '高い' }, cancelNote: '今は予算が厳しいです', cancelledBy: { ja: 'お客様（解約ページ）' } });
    // The service is the same: the mail and the refund of the round paid at checkout.
    await api.mailbox.waitFor(shopper.email, (m) => m.subject.includes('解約'));
    expect((await historiesOf(api, shopper.userId))[0]).toMatchObject({ payment_status: 'CANCEL', refund_status: 'refunded' });
  });

  it('without a reason still cancels in one request, counted as "reason not given"', async () => {
    const before = await thisMonth();
    const shopper = await subscribed();
    const res = await cancel(shopper, shop.light);
    expect(res.status, res.text).toBe(200);
    const [row] = await userPlansOf(api, shopper.userId);
    expect(row).toMatchObject({ status: 'CANCELLED', cancel_reason: null, cancel_note: '', cancel_by: 'fan' });
    expect((await thisMonth()).cancelledByReason.none).toBe(before.cancelledByReason.none + 1);
  });

  it('refuses an unknown reason or a long note with a 400 naming the field in Japanese and English; nothing is cancelled', async () => {
    const shopper = await subscribed();
    const bad = expectApiError(await cancel(shopper, shop.light).send({ reason: 'bored' }), 400, 'BAD_REQUEST', ['reason']);
    expect(bad.fields?.reason).toMatchObject({ ja: expect.stringContaining('reason'), en: expect.stringContaining('reason') });
    expect(bad.fields?.reason?.ja).toMatch(/[ぁ-んァ-ン一-龥]/);
    expectApiError(await cancel(shopper, shop.light).send({ note: 'あ'.repeat(501) }), 400, 'BAD_REQUEST', ['note']);
    expectApiError(await cancel(shopper, shop.light).send({ note: '予算\u202Eです' }), 400, 'BAD_REQUEST', ['note']);
    expect((await userPlansOf(api, shopper.userId))[0]?.status).toBe('ACTIVE');
  });
});

describe('an offer taken instead of cancelling', () => {
  it('skip: the round is skipped and the offer recorded with the reason', async () => {
    const before = await thisMonth();
    const shopper = await subscribed();
    const res = await changePlan(api, shopper, {
      currentPlanId: shop.light, planId: shop.light, action: 'skip', cancelOffer: { offer: 'skip', reason: 'temporary' },
    });
    expect(res.status, res.text).toBe(200);
    expect((res.body as UserPlanChange).userPlan.nextRoundSkipped).toBe(true);
    const offers = await api.db.selectFrom('cancel_offers').selectAll().where('user_id', '=', shopper.userId).execute();
    expect(offers).toMatchObject([{ offer: 'skip', reason: 'temporary', plan_id: shop.light, to_plan_id: null }]);
    expect((await thisMonth()).keptByOffer.skip).toBe(before.keptByOffer.skip + 1);
    expect((await customerDetail(api.db, shopper.userId, api.clock.now)).keptOffers).toMatchObject([{ offer: { ja: 'スキップ' }, reason: { ja: '一時的に不要' } }]);
  });

  it('pause: the plan is paused and the offer recorded (no reason given)', async () => {
    const shopper = await subscribed();
    const res = await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, action: 'pause', cancelOffer: { offer: 'pause' } });
    expect(res.status, res.text).toBe(200);
    expect((res.body as UserPlanChange).userPlan.paused).toBe(true);
    const offers = await api.db.selectFrom('cancel_offers').selectAll().where('user_id', '=', shopper.userId).execute();
    expect(offers).toMatchObject([{ offer: 'pause', reason: null }]);
    expect((await userPlansOf(api, shopper.userId))[0]?.status).toBe('ACTIVE');
  });

  it('cheaper plan: the tier changes through the tier change and the offer names the plan moved to', async () => {
    const shopper = await subscribed(shop.premium);
    const res = await changePlan(api, shopper, {
      currentPlanId: shop.premium, planId: shop.light, action: 'change', cancelOffer: { offer: 'cheaper', reason: 'price', note: '少し安ければ' },
    });
    expect(res.status, res.text).toBe(200);
    expect((res.body as UserPlanChange).userPlan.plan.id).toBe(shop.light);
    const offers = await api.db.selectFrom('cancel_offers').selectAll().where('user_id', '=', shopper.userId).execute();
    expect(offers).toMatchObject([{ offer: 'cheaper', plan_id: shop.premium, to_plan_id: shop.light, reason: 'price', note: '少し安ければ' }]);
    expect((await customerDetail(api.db, shopper.userId, api.clock.now)).keptOffers[0]).toMatchObject({ toPlanName: 'ライトプラン', planName: 'プレミアムプラン' });
  });

  it('an offer that is not the action is refused and nothing changes', async () => {
    const shopper = await subscribed();
    const res = await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, action: 'skip', cancelOffer: { offer: 'pause' } });
    const body: ApiErrorBody = expectApiError(res, 400, 'BAD_REQUEST', ['cancelOffer']);
    expect(body.messageEn).toContain('cancelOffer');
    expect((await userPlansOf(api, shopper.userId))[0]?.paused_from).toBeNull();
  });
});
