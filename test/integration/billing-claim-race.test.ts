import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { chargeReservedRounds } from '../../api/billing/charge-rounds.ts';
import { reserveDueRounds } from '../../api/billing/reserve.ts';
import { MINUTE } from './api-account-fixtures.ts';
import { NEXT_DEADLINE, newShopper, seedCatalogue, startSubscriptionApi, subscribe, type AccountApi, type Shopper } from './api-user-plan-fixtures.ts';
import { BILLING_OPTIONS, billingContext } from './billing-fixtures.ts';

/**
 * The billing run passes over a row another statement holds (SKIP LOCKED: many runs share the
 * work), but the console's retry names one row and must charge it: it waits for that instant.
 * Two concurrent retry submits met exactly so in CI (api/billing/charge-rounds.ts `claim`: the
 * losing submit's failed update held the row while the winner claimed it, and nothing was
 * charged). Two connections are needed: PostgreSQL only.
 */
let api: AccountApi;
let who: Shopper;
let rowId: number;

beforeAll(async () => {
  if (!process.env.DATABASE_URL) return;
  api = await startSubscriptionApi();
  const shop = await seedCatalogue(api.db);
  who = await newShopper(api);
  expect((await subscribe(api, who, { planId: shop.light })).status).toBe(201);
  api.clock.now = new Date(NEXT_DEADLINE.getTime() + MINUTE);
  expect((await reserveDueRounds(billingContext(api))).reserved).toBe(1);
  const row = await api.db.selectFrom('plan_order_histories').select('id')
    .where('user_id', '=', who.userId).where('origin', '=', 'billing').executeTakeFirstOrThrow();
  rowId = row.id;
}, 60_000);
afterAll(async () => api?.close());

it.skipIf(!process.env.DATABASE_URL)('a run skips a row held elsewhere; a claim of that one row waits and charges it', async () => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const holding = new Promise<void>((resolve) => (locked = resolve));
  const holder = api.db.transaction().execute(async (trx) => {
    await sql`select id from plan_order_histories where id = ${rowId} for update`.execute(trx);
    locked();
    await held;
  });
  await holding;
  try {
    const ctx = billingContext(api);
    // The whole run does not wait for it: another worker has it.
    expect(await chargeReservedRounds(ctx, BILLING_OPTIONS)).toEqual({ charged: 0, declined: 0, inDoubt: 0 });
    const named = chargeReservedRounds(ctx, BILLING_OPTIONS, { historyId: rowId });
    await expect.poll(async () => (await sql<{ n: number }>`select count(*)::int as n from pg_locks where not granted`.execute(api.db)).rows[0]?.n).toBeGreaterThan(0);
    release();
    await holder;
    expect(await named).toEqual({ charged: 1, declined: 0, inDoubt: 0 });
  } finally {
    release();
    await holder;
  }
  const after = await api.db.selectFrom('plan_order_histories').select(['payment_status', 'claims']).where('id', '=', rowId).executeTakeFirstOrThrow();
  expect(after).toEqual({ payment_status: 'SUCCESS', claims: 1 });
});
