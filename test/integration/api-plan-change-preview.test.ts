import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PlanChangePreview, UserPlanChange } from '../../shared/api/types.ts';
import { expectApiError } from './api-fixtures.ts';
import {
  changePlan, historiesOf, newShopper, OPEN_DEADLINE, seedCatalogue, startSubscriptionApi, subscribe,
  type AccountApi, type Catalogue, type Shopper,
} from './api-user-plan-fixtures.ts';

/**
 * Issue 30: a tier or count change is confirmed first. GET /api/userPlan/change/preview says what the change
 * would charge and refund (the same code the change runs), and the mail after it states both amounts.
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

async function subscribed(): Promise<Shopper> {
  const shopper = await newShopper(api);
  const res = await subscribe(api, shopper, { planId: shop.light }, `subscribe-${shopper.userId}-preview`);
  expect(res.status, res.text).toBe(201);
  return shopper;
}

function preview(shopper: Shopper, query: Record<string, number>) {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return request(api.app).get(`/api/userPlan/change/preview?${params}`).set('cookie', shopper.cookie);
}

describe('GET /api/userPlan/change/preview: the confirmation\'s amounts', () => {
  it('on a paid round: ¥11,660 charged now and ¥3,960 refunded, both by card, from 12月号; the change and its mail say the same', async () => {
    const shopper = await subscribed();
    const res = await preview(shopper, { currentPlanId: shop.light, planId: shop.light, count: 3 });
    expect(res.status, res.text).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    expect(res.body as PlanChangePreview).toMatchObject({
      count: 3, appliesFrom: { label: { ja: '12月号から' } },
      charge: { total: 3 * 3300 + 660, method: 'CARD' }, refund: { total: 3960, method: 'CARD' }, atDeadline: null,
    });
    // A preview changes nothing.
    expect((await historiesOf(api, shopper.userId)).map((h) => [h.payment_status, h.total])).toEqual([['SUCCESS', 3960]]);

    const changed = await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.light, count: 3 });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body as UserPlanChange).toMatchObject({ refunded: true, charge: { total: 10560, method: 'CARD' }, refund: { total: 3960, method: 'CARD' } });
    const mail = await api.mailbox.waitFor(shopper.email, (m) => m.subject.includes('個数の変更'));
    expect(mail.text).toContain('今回決済 ¥10,560（クレジットカード）');
    expect(mail.text).toContain('今回返金 ¥3,960（クレジットカードへ返金）');
  });

  it('a tier change on a paid round names the new tier\'s charge', async () => {
    const shopper = await subscribed();
    const res = await preview(shopper, { currentPlanId: shop.light, planId: shop.premium, count: 2 });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ charge: { total: 2 * 5500 + 660 }, refund: { total: 3960 } });
    const changed = await changePlan(api, shopper, { currentPlanId: shop.light, planId: shop.premium, count: 2 });
    expect(changed.status, changed.text).toBe(200);
    const mail = await api.mailbox.waitFor(shopper.email, (m) => m.subject.includes('プランの変更'));
    expect(mail.text).toContain('今回決済 ¥11,660（クレジットカード）');
    expect(mail.text).toContain('今回返金 ¥3,960（クレジットカードへ返金）');
  });

  it('after the deadline: nothing moves now, from 1月号', async () => {
    const shopper = await subscribed();
    api.clock.now = OPEN_DEADLINE;
    const res = await preview(shopper, { currentPlanId: shop.light, planId: shop.premium, count: 1 });
    expect(res.status, res.text).toBe(200);
    // The new terms (プレミアム × 1 and shipping) are charged at 1月号's deadline, by the fan's card; the page says so.
    expect(res.body).toMatchObject({
      planName: 'プレミアムプラン', appliesFrom: { label: { ja: '1月号から' } }, charge: null, refund: null, atDeadline: { total: 5500 + 660, method: 'CARD' },
    });
  });

  it('refuses nothing to change and a bad count, naming the field; 401 without a session', async () => {
    const shopper = await subscribed();
    expectApiError(await preview(shopper, { currentPlanId: shop.light, planId: shop.light, count: 1 }), 400, 'BAD_REQUEST');
    expectApiError(await preview(shopper, { currentPlanId: shop.light, planId: shop.light, count: 0 }), 400, 'BAD_REQUEST', ['count']);
    expect((await request(api.app).get(`/api/userPlan/change/preview?currentPlanId=${shop.light}&planId=${shop.light}&count=2`)).status).toBe(401);
  });
});
