import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerDetail } from '../../api/customers/customer-detail.ts';
import type { UserOverview } from '../../shared/api/overview.ts';
import { TENURE_GRACE_DAYS } from '../../shared/tenure.ts';
import { runPass, secureCookie } from './billing-fixtures.ts';
import { newShopper, NEXT_DEADLINE, seedCatalogue, startSubscriptionApi, subscribe, type AccountApi, type Catalogue, type Shopper } from './api-user-plan-fixtures.ts';

/**
 * Issue 33, tenure that counts: 継続月数 per artist on my page and on the customer's page in the
 * console, from what the shop charged: the checkout's round, the billing run's next, and a
 * cancellation that ends it once the grace has passed (skips, pauses and declines: the unit test).
 */
let api: AccountApi;
let shop: Catalogue;

beforeAll(async () => {
  api = await startSubscriptionApi();
  shop = await seedCatalogue(api.db);
});
afterAll(async () => api?.close());

const overviewOf = async (shopper: Shopper) =>
  ((await request(api.app).get('/api/user/overview').set('cookie', await secureCookie(api, shopper.userId)).expect(200)).body as UserOverview).tenure;
const DAY = 86_400_000;

describe('継続月数', () => {
  it('counts the paid rounds in a row, on my page and in the console, and ends with the plan once the grace has passed', async () => {
    api.clock.now = new Date('2026-11-20T03:00:00Z');
    const shopper = await newShopper(api);
    expect(await overviewOf(shopper)).toEqual([]);
    expect((await subscribe(api, shopper, { planId: shop.light, count: 1 })).status).toBe(201);
    expect(await overviewOf(shopper)).toEqual([{ artist: { name: 'サブスク・アーティスト', slug: shop.slug }, rounds: 1, months: 1 }]);

    // 1月号 is charged at its deadline by the billing run: two in a row.
    api.clock.now = new Date(NEXT_DEADLINE.getTime() + 60_000);
    await runPass(api);
    expect(await overviewOf(shopper)).toMatchObject([{ rounds: 2, months: 2 }]);
    expect((await customerDetail(api.db, shopper.userId, api.clock.now)).tenure).toMatchObject([{ artist: { slug: shop.slug }, rounds: 2, months: 2 }]);

    // Cancelled: still shown through the grace (the fan may come back), gone after it.
    const cancelled = await request(api.app).delete(`/api/userPlan/${shop.light}`).set('cookie', await secureCookie(api, shopper.userId));
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await overviewOf(shopper)).toMatchObject([{ rounds: 2 }]);
    api.clock.now = new Date(api.clock.now.getTime() + (TENURE_GRACE_DAYS + 1) * DAY);
    expect(await overviewOf(shopper)).toEqual([]);
  });
});
