import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reserveDueRounds } from '../../api/billing/reserve.ts';
import { updateUnshippedShipTo } from '../../api/order-history/order-history.repository.ts';
import { findShipTo, updateUser } from '../../api/user/user.repository.ts';
import { MINUTE } from './api-account-fixtures.ts';
import { NEXT_DEADLINE, newShopper, seedCatalogue, startSubscriptionApi, subscribe, type AccountApi, type Catalogue, type Shopper } from './api-user-plan-fixtures.ts';
import { billingContext } from './billing-fixtures.ts';

/**
 * The billing run copies each shopper's delivery details into the round it reserves. A shopper
 * who changes them at that very moment must not lose the change: the run locks the shopper's row
 * (api/billing/reserve.ts), so the change either comes first and is copied, or waits and then
 * moves the new box with the others. Two connections are needed: PostgreSQL only.
 */
const NEW_ADDRESS = '東京都新宿区西新宿2-8-1 新しい部屋';
let api: AccountApi;
let shop: Catalogue;
let who: Shopper;

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  api = await startSubscriptionApi();
  shop = await seedCatalogue(api.db);
  who = await newShopper(api);
  expect((await subscribe(api, who, { planId: shop.light })).status).toBe(201);
}, 60_000);
afterAll(async () => api?.close());

it.skipIf(!process.env.DATABASE_URL)('a delivery change made while the run reserves the round moves that round’s box too', async () => {
  api.clock.now = new Date(NEXT_DEADLINE.getTime() + MINUTE);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let changed!: () => void;
  const inside = new Promise<void>((resolve) => (changed = resolve));
  // The address page's transaction (api/user/user.service.ts updateProfile), held open before its commit.
  const change = api.db.transaction().execute(async (trx) => {
    await updateUser(trx, who.userId, { address: NEW_ADDRESS });
    const shipTo = await findShipTo(trx, who.userId);
    if (shipTo) await updateUnshippedShipTo(trx, who.userId, shipTo, api.clock.now);
    changed();
    await held;
  });
  await inside;
  const reserving = reserveDueRounds(billingContext(api));
  // The run waits for the shopper's row instead of copying the address the change is replacing.
  await expect.poll(async () => (await sql<{ n: number }>`select count(*)::int as n from pg_locks where not granted`.execute(api.db)).rows[0]?.n).toBeGreaterThan(0);
  release();
  await change;
  expect((await reserving).reserved).toBe(1);
  const box = await api.db.selectFrom('plan_order_histories').select('ship_address')
    .where('user_id', '=', who.userId).where('origin', '=', 'billing').executeTakeFirstOrThrow();
  expect(box.ship_address).toBe(NEW_ADDRESS);
});
