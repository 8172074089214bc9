import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../shared/payment.ts';
import {
  historiesOf, newShopper, seedCatalogue, startSubscriptionApi, subscribe, type AccountApi, type Catalogue, type Shopper,
} from './api-user-plan-fixtures.ts';

/**
 * PUT /api/user with a new address: a box not yet in the warehouse list (before WAITING) goes
 * to the new address; one in it or already shipped keeps the address it left with.
 */
let api: AccountApi;
let shop: Catalogue;
let shopper: Shopper;
let serial = 0;

beforeAll(async () => {
  api = await startSubscriptionApi();
  shop = await seedCatalogue(api.db);
  shopper = await newShopper(api);
  expect((await subscribe(api, shopper, { planId: shop.light })).status).toBe(201);
}, 60_000);
afterAll(async () => api?.close());

const OLD = { ship_zip: '1500002', ship_address: '東京都渋谷区渋谷', ship_address2: '2-24-12' };

async function moveTo(address2: string) {
  return request(api.app).put('/api/user').set('cookie', shopper.cookie)
    .send({ zip: '5300001', address: '大阪府大阪市北区梅田', address2, tel: '0612345678' });
}

describe('an address change and the boxes', () => {
  it.each<[PaymentStatus, boolean]>(PAYMENT_STATUSES.map((s) => [s, ['BEFORE', 'SUCCESS', 'ERROR'].includes(s)]))(
    'a box in %s follows the new address: %s',
    async (status, follows) => {
      const [box] = await historiesOf(api, shopper.userId);
      await api.db.updateTable('plan_order_histories').set({ payment_status: status, ...OLD }).where('id', '=', box!.id).execute();
      serial += 1;
      const res = await moveTo(`3-1-${serial}`);
      expect(res.status, res.text).toBe(200);
      const [after] = await historiesOf(api, shopper.userId);
      expect(after).toMatchObject(follows
        ? { payment_status: status, ship_zip: '5300001', ship_address: '大阪府大阪市北区梅田', ship_address2: `3-1-${serial}`, ship_tel: '0612345678' }
        : { payment_status: status, ...OLD });
    },
  );

  it('leaves the boxes alone when the change is not about delivery (gender only)', async () => {
    const [box] = await historiesOf(api, shopper.userId);
    await api.db.updateTable('plan_order_histories').set({ payment_status: 'SUCCESS', ...OLD }).where('id', '=', box!.id).execute();
    expect((await request(api.app).put('/api/user').set('cookie', shopper.cookie).send({ gender: 'FEMALE' })).status).toBe(200);
    expect((await historiesOf(api, shopper.userId))[0]).toMatchObject(OLD);
  });

  it("never touches another shopper's boxes", async () => {
    const other = await newShopper(api);
    expect((await subscribe(api, other, { planId: shop.light })).status).toBe(201);
    const before = (await historiesOf(api, other.userId))[0]!;
    expect((await moveTo('9-9-9')).status).toBe(200);
    const after = (await historiesOf(api, other.userId))[0]!;
    expect(after.ship_address2).toBe(before.ship_address2);
  });
});
