import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxProvider } from '../../api/payment/sandbox/sandbox-provider.ts';
import type { RefundRequest } from '../../api/payment/provider.ts';
import { startAccountApi, type AccountApi } from './api-account-fixtures.ts';
import { expectApiError, TEST_OPS_TOKEN } from './api-fixtures.ts';
import { runPass } from './billing-fixtures.ts';
import { ADMIN_ORIGIN, enrolledStaff, signedIn, withStaff, type StaffApi } from './api-staff-fixtures.ts';
import { historiesOf, newShopper, providerChargesOf, seedCatalogue, subscribe, type Catalogue, type Shopper } from './api-user-plan-fixtures.ts';

/**
 * A refund whose gateway answer is lost (a timeout, a connection cut after the refund) must never
 * become a second refund: the gateway refunds once per refund key (the sandbox as Stripe does), an
 * answer in doubt keeps its amount counted against what support may still refund, and the billing
 * pass asks the gateway again under the same key until it knows.
 */
let api: AccountApi;
let shop: Catalogue;
let support = '';
let loseNextAnswer = false;

beforeAll(async () => {
  api = await startAccountApi({
    throttle: { mailClient: { limit: 1000, windowMs: 30 * 60_000 } },
    staff: { adminOrigin: ADMIN_ORIGIN, opsToken: TEST_OPS_TOKEN },
    paymentProvider: (deps) => {
      const sandbox = createSandboxProvider(deps);
      return { ...sandbox, refund: async (input: RefundRequest) => {
        const result = await sandbox.refund(input);
        if (loseNextAnswer) {
          loseNextAnswer = false;
          throw new Error('connection reset after the refund (test)');
        }
        return result;
      } };
    },
  });
  shop = await seedCatalogue(api.db);
  const staffApi: StaffApi = { ...api, databaseUrl: null };
  const { secret } = await enrolledStaff(staffApi, 'support@in-doubt.example', 'support');
  support = await signedIn(staffApi, 'support@in-doubt.example', secret);
});
afterAll(async () => api?.close());

let serial = 0;
const key = () => `in-doubt-${(serial += 1)}`;
const refund = (shopper: Shopper, body: object) =>
  request(api.app).post(`/api/staff/customers/${shopper.userId}/refund`).set('origin', ADMIN_ORIGIN).set('cookie', withStaff(support)).send(body);

async function charged(): Promise<{ shopper: Shopper; id: number }> {
  api.clock.now = new Date('2026-11-20T03:00:00Z');
  const shopper = await newShopper(api);
  expect((await subscribe(api, shopper, { planId: shop.light, count: 1 })).status).toBe(201);
  const [row] = await historiesOf(api, shopper.userId);
  return { shopper, id: row!.id };
}

describe('the sandbox gateway', () => {
  it('refunds once per refund key, as the provider contract and Stripe do', async () => {
    const { shopper } = await charged();
    const [row] = await historiesOf(api, shopper.userId);
    const sandbox = createSandboxProvider({ db: api.db, now: () => api.clock.now });
    const ask = { refundKey: `once-${row!.id}`, orderKey: row!.charge_key, amount: 500 };
    expect((await sandbox.refund(ask)).status).toBe('refunded');
    expect((await sandbox.refund(ask)).status).toBe('refunded');
    expect(await providerChargesOf(api, shopper.userId)).toEqual([expect.objectContaining({ amount: 3960, refunded_amount: 500 })]);
  });
});

describe('a partial refund whose answer was lost', () => {
  it('stays 返金中 and counted against the cap, then the billing pass settles it under the same key: refunded once', async () => {
    const { shopper, id } = await charged();
    loseNextAnswer = true;
    const first = await refund(shopper, { historyId: id, reason: '特典の不足', idempotencyKey: key(), amount: 1000 });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toMatchObject({ refundStatus: 'pending' });
    // What is in doubt is not given again: at most ¥2,960 may still be refunded.
    expectApiError(await refund(shopper, { historyId: id, reason: 'もう一度', idempotencyKey: key(), amount: 2961 }), 400, 'BAD_REQUEST', ['amount']);
    api.clock.advance(60_000);
    await runPass(api);
    const rows = await api.db.selectFrom('order_refunds').select(['amount', 'status']).where('history_id', '=', id).execute();
    expect(rows).toEqual([{ amount: 1000, status: 'refunded' }]);
    expect(await providerChargesOf(api, shopper.userId)).toEqual([expect.objectContaining({ amount: 3960, refunded_amount: 1000 })]);
    await runPass(api);
    expect(await providerChargesOf(api, shopper.userId)).toEqual([expect.objectContaining({ refunded_amount: 1000 })]);
  });

  it('a full refund retried after a lost answer refunds once', async () => {
    const { shopper, id } = await charged();
    await api.db.updateTable('plan_order_histories').set({ payment_status: 'WAITING', waiting_at: api.clock.now }).where('id', '=', id).execute();
    loseNextAnswer = true;
    const first = await refund(shopper, { historyId: id, reason: '重複注文', idempotencyKey: key(), box: 'stop' });
    expect(first.status, first.text).toBe(200);
    api.clock.advance(60_000);
    await runPass(api);
    const [row] = await historiesOf(api, shopper.userId);
    expect(row?.refund_status).toBe('refunded');
    expect(await providerChargesOf(api, shopper.userId)).toEqual([expect.objectContaining({ amount: 3960, refunded_amount: 3960 })]);
  });
});
