import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserPlanCreated } from '../../shared/api/types.ts';
import { expectApiError } from './api-fixtures.ts';
import { chooseDeferredPayment } from './api-user-plan-card.ts';
import {
  historiesOf, newShopper, seedCatalogue, startSubscriptionApi, subscribe, userPlansOf,
  type AccountApi, type Catalogue,
} from './api-user-plan-fixtures.ts';

/** Checkout with GMO deferred payment: the fee in the amount, screening, the cumulative limit. */
let api: AccountApi;
let shop: Catalogue;

beforeAll(async () => {
  api = await startSubscriptionApi();
  shop = await seedCatalogue(api.db);
});
afterAll(async () => api?.close());

describe('GMOAB checkout', () => {
  it('charges plan + shipping + the 330 yen fee of the day, recorded as GMOAB', async () => {
    const shopper = await newShopper(api, null);
    expect((await chooseDeferredPayment(api, shopper)).status).toBe(200);
    const res = await subscribe(api, shopper, { planId: shop.light }, `gmoab-${shopper.userId}-1`);
    expect(res.status, res.text).toBe(201);
    expect((res.body as UserPlanCreated).history).toMatchObject({ total: 3300 + 660 + 330, paymentMethod: 'GMOAB' });
    expect((await historiesOf(api, shopper.userId))[0]).toMatchObject({ fee: 330, pre_tax_fee: 300, payment_method: 'GMOAB' });
  });

  it('a purchase that would pass the 55,000 yen cumulative limit is refused, naming the card as the fix', async () => {
    const shopper = await newShopper(api, null);
    await chooseDeferredPayment(api, shopper);
    // 5 × 5,500 + 990 = 28,490 and 5 × 3,300 + 990 = 17,490 owed (45,980): a third of 17,490 would pass 55,000.
    for (const [planId, n] of [[shop.premium, 2], [shop.light, 3]] as const) {
      const ok = await subscribe(api, shopper, { planId, count: 5 }, `gmoab-${shopper.userId}-${n}`);
      expect(ok.status, ok.text).toBe(201);
    }
    const error = expectApiError(await subscribe(api, shopper, { planId: shop.otherArtistPlan, count: 5 }, `gmoab-${shopper.userId}-9`), 409, 'CONFLICT');
    expect(error.message).toContain('55,000');
    expect(error.messageEn).toContain('credit card');
    expect(await userPlansOf(api, shopper.userId)).toHaveLength(2);
  });

  it('without a screening on record, checkout screens; a decline refuses with nothing created', async () => {
    const shopper = await newShopper(api, null);
    expect((await chooseDeferredPayment(api, shopper)).status).toBe(200);
    await api.db.deleteFrom('deferred_screenings').where('user_id', '=', shopper.userId).execute();
    await api.db.updateTable('users').set({ tel: '09000000000' }).where('id', '=', shopper.userId).execute();
    const error = expectApiError(await subscribe(api, shopper, { planId: shop.light }, `gmoab-${shopper.userId}-4`), 402, 'PAYMENT_DECLINED');
    expect(error.message).toContain('審査');
    expect(await userPlansOf(api, shopper.userId)).toHaveLength(0);
  });
});
