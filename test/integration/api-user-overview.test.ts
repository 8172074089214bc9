import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertVaultCard } from '../../api/payment/sandbox/sandbox.repository.ts';
import type { UserOverview } from '../../shared/api/overview.ts';
import { expectApiError } from './api-fixtures.ts';
import { MINUTE } from './api-account-fixtures.ts';
import { chooseDeferredPayment } from './api-user-plan-card.ts';
import {
  NEXT_DEADLINE, historiesOf, newShopper, seedCatalogue, startSubscriptionApi, subscribe,
  type AccountApi, type Catalogue, type Shopper,
} from './api-user-plan-fixtures.ts';
import { runPass, secureCookie } from './billing-fixtures.ts';

/** GET /api/user/overview: my page's next box, next charge and the things that need action. */
let api: AccountApi;
let shop: Catalogue;

beforeAll(async () => {
  api = await startSubscriptionApi();
  shop = await seedCatalogue(api.db);
});
afterAll(async () => api?.close());

async function overviewOf(shopper: Shopper): Promise<UserOverview> {
  const res = await request(api.app).get('/api/user/overview').set('cookie', shopper.cookie);
  expect(res.status, res.text).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-store');
  return res.body as UserOverview;
}

async function subscribeLight(shopper: Shopper, count = 1): Promise<void> {
  const res = await subscribe(api, shopper, { planId: shop.light, count }, `overview-${shopper.userId}-${count}`);
  expect(res.status, res.text).toBe(201);
}

describe('GET /api/user/overview', () => {
  it('names the box on its way, the next charge with shipping and the card, and nothing to do', async () => {
    const shopper = await newShopper(api);
    await subscribeLight(shopper, 2);
    const overview = await overviewOf(shopper);
    expect(overview.subscriptionCount).toBe(1);
    // The December round was charged at checkout: it is the next box, paid.
    expect(overview.nextBoxes).toHaveLength(1);
    expect(overview.nextBoxes[0]).toMatchObject({
      paid: true, count: 2, label: { ja: '12月号' }, deadline: { ja: '2026/11/30 23:59' },
      artist: { name: 'サブスク・アーティスト', slug: shop.slug }, round: { id: shop.openRound.light, shipDate: '2026-12-25T01:00:00.000Z' },
    });
    // January is charged at its deadline: goods × 2 + shipping once, on the registered card.
    expect(overview.nextCharges).toEqual([expect.objectContaining({
      label: { ja: '1月号', en: 'Jan 2027 box' }, round: expect.objectContaining({ id: shop.nextRound.light }),
      chargeAt: NEXT_DEADLINE.toISOString(), method: 'CARD', card: { brand: 'Visa', last4: '4242' },
      charge: expect.objectContaining({ price: 6600, shipFee: 660, fee: 0, total: 7260 }),
    })]);
    expect(overview.actions).toEqual([]);
  });

  it('skipping January leaves no charge to come and no box after December', async () => {
    const shopper = await newShopper(api);
    await subscribeLight(shopper);
    await api.db.insertInto('user_plan_skips').values({
      user_plan_id: (await historiesOf(api, shopper.userId))[0]!.user_plan_id, plan_order_id: shop.nextRound.light, created_at: api.clock.now,
    }).execute();
    const overview = await overviewOf(shopper);
    expect(overview.nextCharges).toEqual([]);
    expect(overview.nextBoxes.map((b) => b.label.ja)).toEqual(['12月号']);
  });

  it('a card that stops working before the next charge is an action item', async () => {
    const shopper = await newShopper(api);
    await subscribeLight(shopper);
    // Valid through December 2026: it stops at 2027-01-01 00:00 JST, the very instant January is charged.
    await api.db.updateTable('user_cards').set({ expiry: '12/26' }).where('user_id', '=', shopper.userId).execute();
    const overview = await overviewOf(shopper);
    expect(overview.actions).toEqual([{
      kind: 'cardExpiring', brand: 'Visa', last4: '4242', expiry: '12/26', expiresAt: NEXT_DEADLINE.toISOString(), expired: false,
    }]);
  });

  it('a GMO後払い round charged at checkout is an invoice to pay, due 14 days later, with the fee in the charge to come', async () => {
    const shopper = await newShopper(api, null);
    expect((await chooseDeferredPayment(api, shopper)).status).toBe(200);
    await subscribeLight(shopper);
    const [history] = await historiesOf(api, shopper.userId);
    const overview = await overviewOf(shopper);
    expect(overview.actions).toEqual([{
      kind: 'deferredInvoice', historyId: history!.id, artistName: 'サブスク・アーティスト', label: { ja: '12月号', en: 'Dec 2026 box' },
      total: 3300 + 660 + 330, dueDate: new Date(history!.paid_at!.getTime() + 14 * 86_400_000).toISOString(),
    }]);
    expect(overview.nextCharges[0]).toMatchObject({ method: 'GMOAB', card: null, charge: { fee: 330, total: 3300 + 660 + 330 } });
  });

  it('a declined charge at the deadline is an action item with its retry, while retries can still save the round', async () => {
    const shopper = await newShopper(api);
    await subscribeLight(shopper);
    const token = await insertVaultCard(api.db, { brand: 'Visa', last4: '0341', expiry: '12/30', declinesCharges: true }, api.clock.now);
    await api.db.updateTable('user_cards').set({ token, last4: '0341' }).where('user_id', '=', shopper.userId).execute();
    api.clock.now = new Date(NEXT_DEADLINE.getTime() + MINUTE);
    expect(await runPass(api)).toMatchObject({ declined: expect.any(Number) });
    const declined = (await historiesOf(api, shopper.userId)).find((h) => h.plan_order_id === shop.nextRound.light);
    expect(declined).toMatchObject({ payment_status: 'ERROR' });
    // Weeks later the checkout's session has ended: sign in afresh.
    const overview = await overviewOf({ ...shopper, cookie: await secureCookie(api, shopper.userId) });
    expect(overview.actions).toContainEqual({
      kind: 'chargeFailed', historyId: declined!.id, artistName: 'サブスク・アーティスト', label: { ja: '1月号', en: 'Jan 2027 box' },
      total: 3960, nextAttemptAt: declined!.next_attempt_at!.toISOString(), shipDate: '2027-01-25T01:00:00.000Z',
    });
    expect(overview.nextCharges.map((c) => c.round.id)).not.toContain(shop.nextRound.light);
  });

  it('with no subscription says so; without a session 401; a query is refused with 400', async () => {
    const shopper = await newShopper(api);
    expect(await overviewOf(shopper)).toEqual({ subscriptionCount: 0, nextBoxes: [], nextCharges: [], actions: [], tenure: [], bonusesReady: 0 });
    expectApiError(await request(api.app).get('/api/user/overview'), 401, 'UNAUTHORIZED');
    expectApiError(await request(api.app).get('/api/user/overview?userId=1').set('cookie', shopper.cookie), 400, 'BAD_REQUEST', ['userId']);
  });
});
